import { Button, Input } from 'antd';
import { useId } from 'react';
import { EVERY_DAY, WEEKDAYS_ONLY, type ReviewSchedule } from '../../recipient-setup';
import { DayCheckboxes } from './task-fields';

interface Props {
  schedule: ReviewSchedule;
  onChange: (schedule: ReviewSchedule) => void;
}

/**
 * Schedule Settings of the review (spec document 2, section 2): Start Date, End Date, Repeat on Days,
 * Weekdays Only and Every Day. They decide what a row does not say itself; a row's own dates are
 * counted from the Start Date, so they move with it.
 */
export function ReviewScheduleSettings({ schedule, onChange }: Props) {
  const titleId = useId();
  const hintId = useId();
  return (
    <section className="task-review__schedule" aria-labelledby={titleId}>
      <h3 id={titleId} className="task-review__schedule-title">
        Schedule Settings
      </h3>
      <p id={hintId} className="muted task-review__schedule-hint">
        For every task without its own days or dates. A task&apos;s own dates move with the Start Date.
      </p>
      <div className="form-row">
        <label className="stacked-field">
          <span className="field-label">Start Date</span>
          <Input
            type="date"
            value={schedule.startDate}
            aria-describedby={hintId}
            onChange={(event) => onChange({ ...schedule, startDate: event.target.value })}
          />
        </label>
        <label className="stacked-field">
          <span className="field-label">End Date</span>
          <Input
            type="date"
            value={schedule.endDate}
            min={schedule.startDate || undefined}
            onChange={(event) => onChange({ ...schedule, endDate: event.target.value })}
          />
        </label>
      </div>
      <fieldset className="day-picker">
        <legend className="field-label">Repeat on Days</legend>
        <DayCheckboxes value={schedule.days} onChange={(days) => onChange({ ...schedule, days })} />
        <div className="day-picker__shortcuts">
          <Button size="small" onClick={() => onChange({ ...schedule, days: [...WEEKDAYS_ONLY] })}>
            Weekdays Only
          </Button>
          <Button size="small" onClick={() => onChange({ ...schedule, days: [...EVERY_DAY] })}>
            Every Day
          </Button>
        </div>
      </fieldset>
    </section>
  );
}
