import { NOTIFICATION_SETTINGS_MESSAGES, QUIET_HOURS_HELP, type NotificationPreferences, type QuietHours } from '@carecircle/libs';
import { Checkbox, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { reasonOf } from '../../shared/api/api-error';
import { LoadError } from '../../shared/ui/load-error';
import { toast } from '../../shared/ui/toast';
import { useGetNotificationPreferencesQuery, usePutNotificationPreferencesMutation } from './api';
import './notification-settings.css';

/** The Account tab's checkboxes (spec document 1: all on by default), in the spec's order. */
const FLAGS = [
  { key: 'emailOverdue', label: 'Email me about overdue tasks' },
  { key: 'emailAchievements', label: 'Achievement and reward emails' },
  { key: 'pushReminders', label: 'Push reminders' },
] as const;

/** What quiet hours start as when switched on. */
const DEFAULT_QUIET_HOURS: QuietHours = { start: '22:00', end: '07:00' };
/** Typing a time changes the value segment by segment: save once the caregiver pauses (or leaves the field). */
const TIME_SAVE_DELAY_MS = 800;

/** Account tab, "Notifications": each change is saved at once, with a toast. */
export function NotificationPreferencesSection() {
  const { data, isLoading, isError, refetch } = useGetNotificationPreferencesQuery();
  const [save] = usePutNotificationPreferencesMutation();

  const change = async (next: NotificationPreferences) => {
    try {
      await save(next).unwrap();
      toast({ title: 'Notification preferences saved', variant: 'success' });
    } catch (error) {
      toast({ title: 'Could not save your notification preferences', description: reasonOf(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <section className="notification-settings" aria-labelledby="notification-preferences-title">
      <h3 id="notification-preferences-title" className="settings-section__title">
        Notifications
      </h3>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : isError || !data ? (
        <LoadError title="Could not load your notification preferences." onRetry={() => refetch()} />
      ) : (
        <>
          <div className="notification-settings__flags">
            {FLAGS.map(({ key, label }) => (
              <Checkbox key={key} checked={data[key]} onChange={(event) => void change({ ...data, [key]: event.target.checked })}>
                {label}
              </Checkbox>
            ))}
          </div>
          <QuietHoursField value={data.quietHours} onChange={(quietHours) => void change({ ...data, quietHours })} />
        </>
      )}
    </section>
  );
}

/** Off, or from-to times; a pair with the same start and end is not sent (the server refuses it). */
function QuietHoursField({ value, onChange }: { value: QuietHours | null; onChange: (value: QuietHours | null) => void }) {
  const [draft, setDraft] = useState<QuietHours>(value ?? DEFAULT_QUIET_HOURS);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<QuietHours | null>(null);
  const [start, end] = [value?.start, value?.end];

  // Follow the stored value (another device, a refused change), unless the caregiver is typing.
  useEffect(() => {
    if (start !== undefined && end !== undefined && pending.current === null) setDraft({ start, end });
  }, [start, end]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const problem = draft.start === draft.end ? NOTIFICATION_SETTINGS_MESSAGES.quietHoursSame : null;
  const flush = () => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next || !value || next.start === next.end || !next.start || !next.end) return;
    if (next.start !== value.start || next.end !== value.end) onChange(next);
  };
  const setTime = (field: keyof QuietHours, time: string) => {
    const next = { ...draft, [field]: time };
    setDraft(next);
    pending.current = next;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, TIME_SAVE_DELAY_MS);
  };

  return (
    <fieldset className="quiet-hours">
      <legend className="quiet-hours__legend">Quiet hours</legend>
      <Checkbox
        checked={value !== null}
        onChange={(event) => {
          pending.current = null;
          window.clearTimeout(timer.current);
          const on = draft.start === draft.end ? DEFAULT_QUIET_HOURS : draft;
          onChange(event.target.checked ? on : null);
        }}
      >
        Pause non-urgent notifications at night
      </Checkbox>
      {value !== null && (
        <div className="quiet-hours__times">
          <label className="quiet-hours__time">
            <span>From</span>
            <input type="time" required value={draft.start} onChange={(event) => setTime('start', event.target.value)} onBlur={flush} aria-describedby="quiet-hours-help" />
          </label>
          <label className="quiet-hours__time">
            <span>To</span>
            <input
              type="time"
              required
              value={draft.end}
              onChange={(event) => setTime('end', event.target.value)}
              onBlur={flush}
              aria-describedby="quiet-hours-help"
              aria-invalid={problem ? true : undefined}
            />
          </label>
        </div>
      )}
      {problem && value !== null && (
        <p className="quiet-hours__problem" role="alert">
          {problem}
        </p>
      )}
      <p id="quiet-hours-help" className="muted quiet-hours__help">
        {QUIET_HOURS_HELP}
      </p>
    </fieldset>
  );
}
