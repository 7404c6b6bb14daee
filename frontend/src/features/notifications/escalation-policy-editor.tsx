import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_ESCALATION_POLICY,
  ESCALATION_AUDIENCES,
  ESCALATION_LIMITS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTINGS_MESSAGES,
  readEscalationPolicy,
  samePolicy,
  type EscalationAudience,
  type EscalationPolicy,
  type EscalationStep,
  type NotificationChannel,
  type SettingsProblem,
} from '@carecircle/libs';
import { Button, Checkbox, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { reasonOf } from '../../shared/api/api-error';
import { LoadError } from '../../shared/ui/load-error';
import { toast } from '../../shared/ui/toast';
import { useGetEscalationPolicyQuery, usePutEscalationPolicyMutation } from './api';
import './notification-settings.css';

export const AUDIENCE_LABELS: Record<EscalationAudience, string> = {
  primary: 'Primary caregiver',
  secondary_caregivers: 'Secondary caregivers',
  emergency_contacts: 'Emergency contacts',
};
export const CHANNEL_LABELS: Record<NotificationChannel, string> = { push: 'Push', email: 'Email', in_app: 'In-app' };

/** A step as the form holds it: minutes may be blank while typing. */
type DraftStep = Omit<EscalationStep, 'afterMinutes'> & { afterMinutes: number | null };

const minutesText = (minutes: number) => (minutes === 0 ? 'At the task’s time' : `After ${minutes} minute${minutes === 1 ? '' : 's'}`);

/** The problem in caregiver's words: which step, and what to change. */
function explain(problem: SettingsProblem): string {
  const step = /^steps\.(\d+)/.exec(problem.field);
  const which = step ? `Step ${Number(step[1]) + 1}: ` : '';
  const M = NOTIFICATION_SETTINGS_MESSAGES;
  if (problem.message === M.afterMinutes) return `${which}minutes must be a whole number from 0 to ${ESCALATION_LIMITS.maxAfterMinutes}.`;
  if (problem.message === M.increasing) return `${which}it must come later than the step before it.`;
  if (problem.message === M.channels) return `${which}choose at least one way to reach them.`;
  return `${which}${problem.message}.`;
}

/**
 * Account tab, "Escalation for urgent tasks": who is alerted, how, and how long after an urgent
 * task's time, until someone completes or acknowledges it. The primary caregiver edits the steps
 * and saves; a secondary caregiver sees their primary caregiver's policy, read-only.
 */
export function EscalationPolicyEditor({ readOnly }: { readOnly: boolean }) {
  const { data, isLoading, isError, refetch } = useGetEscalationPolicyQuery();
  return (
    <section className="notification-settings escalation-policy" aria-labelledby="escalation-policy-title">
      <h3 id="escalation-policy-title" className="settings-section__title">
        Escalation for urgent tasks
      </h3>
      <p className="muted">
        When an urgent task is not done, these people are alerted in turn until someone completes it or acknowledges the alert.
      </p>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : isError || !data ? (
        <LoadError title="Could not load the escalation policy." onRetry={() => refetch()} />
      ) : readOnly ? (
        <PolicySummary policy={data} />
      ) : (
        <PolicyForm stored={data} />
      )}
    </section>
  );
}

function PolicySummary({ policy }: { policy: EscalationPolicy }) {
  return (
    <>
      <ol className="escalation-policy__summary">
        {policy.steps.map((step, index) => (
          <li key={index}>
            <strong>{minutesText(step.afterMinutes)}</strong>: {AUDIENCE_LABELS[step.notify]} by {step.channels.map((c) => CHANNEL_LABELS[c].toLowerCase()).join(', ')}
          </li>
        ))}
      </ol>
      <p className="muted">Your primary caregiver sets this policy.</p>
    </>
  );
}

function PolicyForm({ stored }: { stored: EscalationPolicy }) {
  const [steps, setSteps] = useState<DraftStep[]>(() => structuredClone(stored.steps));
  const [save, { isLoading: saving }] = usePutEscalationPolicyMutation();
  useEffect(() => setSteps(structuredClone(stored.steps)), [stored]);

  const reading = readEscalationPolicy({ steps });
  const dirty = reading.problem !== null || !samePolicy(reading.value, stored);
  const update = (index: number, change: Partial<DraftStep>) => setSteps(steps.map((step, i) => (i === index ? { ...step, ...change } : step)));
  const addStep = () => {
    const last = steps[steps.length - 1];
    const after = Math.min((last?.afterMinutes ?? -15) + 15, ESCALATION_LIMITS.maxAfterMinutes);
    setSteps([...steps, { afterMinutes: after, notify: 'secondary_caregivers', channels: ['push', 'in_app'] }]);
  };

  const submit = async () => {
    if (reading.problem) return;
    try {
      await save(reading.value).unwrap();
      toast({ title: 'Escalation policy saved', variant: 'success' });
    } catch (error) {
      toast({ title: 'Could not save the escalation policy', description: reasonOf(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <form
      className="escalation-policy__form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ol className="escalation-policy__steps">
        {steps.map((step, index) => (
          <StepRow
            key={index}
            index={index}
            step={step}
            canRemove={steps.length > 1}
            onChange={(change) => update(index, change)}
            onRemove={() => setSteps(steps.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      {reading.problem && (
        <p className="escalation-policy__problem" role="alert">
          {explain(reading.problem)}
        </p>
      )}
      <div className="escalation-policy__actions">
        <Button icon={<PlusOutlined />} onClick={addStep} disabled={steps.length >= ESCALATION_LIMITS.maxSteps}>
          Add step
        </Button>
        <Button onClick={() => setSteps(structuredClone(DEFAULT_ESCALATION_POLICY.steps))}>Reset to default</Button>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty || reading.problem !== null}>
          Save
        </Button>
      </div>
    </form>
  );
}

function StepRow({ index, step, canRemove, onChange, onRemove }: {
  index: number;
  step: DraftStep;
  canRemove: boolean;
  onChange: (change: Partial<DraftStep>) => void;
  onRemove: () => void;
}) {
  const name = `Step ${index + 1}`;
  const emergency = step.notify === 'emergency_contacts';
  return (
    <li className="escalation-step">
      <fieldset className="escalation-step__fields">
        <legend className="escalation-step__legend">{name}</legend>
        <label className="escalation-step__field">
          <span>Minutes after the task’s time</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={ESCALATION_LIMITS.maxAfterMinutes}
            step={1}
            value={step.afterMinutes ?? ''}
            onChange={(event) => onChange({ afterMinutes: event.target.value === '' ? null : Number(event.target.value) })}
          />
        </label>
        <label className="escalation-step__field">
          <span>Who</span>
          <select
            value={step.notify}
            onChange={(event) => {
              const notify = event.target.value as EscalationAudience;
              onChange(notify === 'emergency_contacts' ? { notify, channels: ['email'] } : { notify });
            }}
          >
            {ESCALATION_AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </select>
        </label>
        <div className="escalation-step__channels" role="group" aria-label={`${name}: how`}>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <Checkbox
              key={channel}
              checked={step.channels.includes(channel)}
              disabled={emergency}
              onChange={(event) =>
                onChange({ channels: event.target.checked ? NOTIFICATION_CHANNELS.filter((c) => c === channel || step.channels.includes(c)) : step.channels.filter((c) => c !== channel) })
              }
            >
              {CHANNEL_LABELS[channel]}
            </Checkbox>
          ))}
        </div>
        {emergency && <p className="muted escalation-step__note">Emergency contacts have no account: they are reached by email.</p>}
        <Button className="escalation-step__remove" icon={<DeleteOutlined />} onClick={onRemove} disabled={!canRemove} aria-label={`Remove step ${index + 1}`}>
          Remove
        </Button>
      </fieldset>
    </li>
  );
}
