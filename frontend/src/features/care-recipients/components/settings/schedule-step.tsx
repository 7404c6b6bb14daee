import { SCHEDULE_PARSE_MESSAGES, type ParsedSchedule } from '@carecircle/libs';
import { Alert, Button, Input } from 'antd';
import { useId, useState } from 'react';
import { isSessionExpired, serverMessage, statusOf } from '../../../../shared/api/api-error';
import { useParseScheduleMutation } from '../../setup-api';

interface Props {
  text: string;
  /** The review's Start Date (yyyy-mm-dd): durations and taper steps are counted from it. */
  startDate: string;
  onTextChange: (text: string) => void;
  onBack: () => void;
  onSkip: () => void;
  /** With the start date the parse counted from. */
  onParsed: (schedule: ParsedSchedule, startDate: string) => void;
}

const EXAMPLE = '8am Keppra 250mg and Oxybutynin 0.5 ml, 12pm cath, 9pm melatonin one';

/** Step 2 of 3 (Smart Care Schedule Setup): a pasted schedule, parsed by the server into tasks. */
export function ScheduleStep({ text, startDate, onTextChange, onBack, onSkip, onParsed }: Props) {
  const fieldId = useId();
  const helpId = useId();
  const errorId = useId();
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [parse, { isLoading }] = useParseScheduleMutation();
  const blank = text.trim() === '';
  // Parse My Schedule stays disabled while the text is blank; once the text was emptied, say why. Not on
  // blur: a banner appearing then would move the buttons under the pointer and swallow the click.
  const message = touched && blank ? SCHEDULE_PARSE_MESSAGES.blankText : error;

  const submit = async () => {
    if (blank) {
      setTouched(true);
      return;
    }
    setError(null);
    try {
      onParsed(await parse({ text, startDate }).unwrap(), startDate);
    } catch (failure) {
      if (isSessionExpired(failure)) return;
      // A 400 carries the spec's message; anything else is a parse failure.
      const explained = statusOf(failure) === 400 ? serverMessage(failure) : undefined;
      setError(explained ?? `${SCHEDULE_PARSE_MESSAGES.parseErrorPrefix}${(failure as { message?: string }).message ?? 'Please try again.'}`);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="wizard-step__title">Smart Care Schedule Setup</h3>
      <p id={helpId} className="muted">
        Paste the medication schedule the way you would write it, with times like 8am or 12pm. For example: {EXAMPLE}
      </p>
      <label htmlFor={fieldId} className="field-label">
        Medication schedule
      </label>
      <Input.TextArea
        id={fieldId}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setError(null);
          if (event.target.value.trim() === '') setTouched(true);
        }}
        autoSize={{ minRows: 4, maxRows: 10 }}
        placeholder={EXAMPLE}
        aria-describedby={message ? `${helpId} ${errorId}` : helpId}
        aria-invalid={message ? true : undefined}
        status={message ? 'error' : undefined}
        autoFocus
      />
      {message && (
        <Alert id={errorId} className="wizard-step__error" type="error" showIcon title={message} role="alert" />
      )}
      <div className="dialog-actions wizard-actions">
        <Button onClick={onBack}>Back</Button>
        <Button onClick={onSkip}>Skip to Routine Tasks</Button>
        <Button type="primary" htmlType="submit" disabled={blank} loading={isLoading}>
          Parse My Schedule
        </Button>
      </div>
    </form>
  );
}
