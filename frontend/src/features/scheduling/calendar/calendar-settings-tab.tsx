import { CALENDAR_FEED, isLocalDate, UPCOMING_APPOINTMENTS } from '@carecircle/libs';
import { Button, Card, Checkbox, Skeleton, Tag } from 'antd';
import { useId, useState } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { CopyLink } from '../../../shared/ui/copy-link';
import { LoadError } from '../../../shared/ui/load-error';
import { toast } from '../../../shared/ui/toast';
import { shortDate } from '../hooks/use-care-day';
import { taskTime } from '../task-display';
import { todayLocal } from '../quick-add/dates';
import { useCreateFeedLinkMutation, useGetCalendarStatusQuery, useGetUpcomingAppointmentsQuery, useRevokeFeedLinkMutation } from './api';
import { ConnectCard, SyncButton, unavailableReason } from './calendar-connection';
import './calendar.css';

/** yyyy-mm-dd as "Saturday, November 28, 2026" (read as a calendar date, no zone shift). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Settings, Calendar (spec document 1, section 2): a date picker with the long-form date, the
 * calendar-provider card (Connect Google Calendar, Sync Calendar), the private iCal feed link, and
 * Upcoming Appointments for the 7 days from the picked date (5 shown).
 */
export function CalendarSettingsTab() {
  const today = todayLocal();
  const [date, setDate] = useState(today);
  const dateId = useId();
  const status = useGetCalendarStatusQuery();
  const unavailable = unavailableReason(status.data);
  return (
    <div className="calendar-settings">
      <Card className="calendar-card" title={<h2 className="calendar-card__title">Calendar</h2>}>
        <label htmlFor={dateId} className="calendar-settings__label">
          Date
        </label>
        <input
          id={dateId}
          type="date"
          className="ant-input calendar-settings__date"
          value={date}
          min="1900-01-01"
          max="2100-12-31"
          onChange={(e) => isLocalDate(e.target.value) && setDate(e.target.value)}
        />
        <p className="calendar-settings__long-date" aria-live="polite">
          {longDate(date)}
        </p>
      </Card>

      <ConnectCard
        status={status.data}
        loading={status.isLoading}
        extra={
          <SyncButton
            unavailable={unavailable}
            label="Sync Calendar"
            disabledBecause={
              unavailable ? 'calendar-not-configured' : status.data?.google.needsReconnect ? 'calendar-reconnect' : status.data?.google.connected ? null : 'calendar-connect-text'
            }
          />
        }
      />

      <FeedCard exists={status.data?.feed ?? null} />

      <UpcomingAppointmentsCard from={date} />
    </div>
  );
}

function FeedCard({ exists }: { exists: { createdAt: string; includeMedications: boolean } | null }) {
  const [includeMedications, setIncludeMedications] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [create, creating] = useCreateFeedLinkMutation();
  const [revoke, revoking] = useRevokeFeedLinkMutation();
  const fail = (error: unknown, fallback: string) => {
    if (isSessionExpired(error)) return;
    toast({ title: 'Feed Link Failed', description: serverMessage(error) ?? fallback, variant: 'destructive' });
  };
  const makeLink = async () => {
    try {
      setLink((await create({ includeMedications }).unwrap()).url);
    } catch (error) {
      fail(error, 'Failed to make a feed link. Please try again.');
    }
  };
  const stop = async () => {
    try {
      await revoke().unwrap();
      setLink(null);
      toast({ title: 'Feed Link Stopped', description: 'Calendars that used the link no longer receive updates.', variant: 'success' });
    } catch (error) {
      fail(error, 'Failed to stop the feed link. Please try again.');
    }
  };
  return (
    <Card className="calendar-card" title={<h2 className="calendar-card__title">Calendar Feed (iCal)</h2>}>
      <p className="calendar-connect__text">
        Subscribe to this private link in any calendar app (Apple, Outlook, Google) to see the appointments of everyone you
        care for, {CALENDAR_FEED.appointmentDaysBack} days back and {CALENDAR_FEED.appointmentDaysAhead} days ahead. Anyone
        with the link can read it: share it with no one.
      </p>
      <Checkbox checked={includeMedications} onChange={(e) => setIncludeMedications(e.target.checked)}>
        Include medication times
      </Checkbox>
      {link ? (
        <CopyLink url={link} label="Your private feed link (shown once)" />
      ) : exists ? (
        <p className="muted">
          A feed link was made on {new Date(exists.createdAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}
          {exists.includeMedications ? ', with medication times' : ''}. It is shown only once: make a new link to copy it again (the
          old one stops working).
        </p>
      ) : null}
      <div className="calendar-settings__actions">
        <Button type="primary" onClick={makeLink} loading={creating.isLoading}>
          {link || exists ? 'New link' : 'Make a feed link'}
        </Button>
        {(link || exists) && (
          <Button danger onClick={stop} loading={revoking.isLoading}>
            Stop feed
          </Button>
        )}
      </div>
    </Card>
  );
}

function UpcomingAppointmentsCard({ from }: { from: string }) {
  const { data, isLoading, isError, refetch } = useGetUpcomingAppointmentsQuery({ from });
  const more = data ? data.total - data.items.length : 0;
  return (
    <Card
      className="calendar-card"
      title={
        <div>
          <h2 className="calendar-card__title">Upcoming Appointments</h2>
          <p className="calendar-settings__subtitle muted">Next {UPCOMING_APPOINTMENTS.days} days</p>
        </div>
      }
    >
      {isLoading ? (
        <div role="status" aria-label="Loading appointments">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ) : isError && !data ? (
        <LoadError title="Could not load appointments." onRetry={() => refetch()} />
      ) : !data || data.items.length === 0 ? (
        <p className="muted">No upcoming appointments in the next 7 days</p>
      ) : (
        <>
          <ul className="calendar-upcoming" aria-label="Upcoming appointments">
            {data.items.map((task) => (
              <li key={task.id} className="calendar-upcoming__item">
                <Tag color="blue">APPOINTMENT</Tag>
                <span className="calendar-upcoming__recipient">{task.childName}</span>
                <span className="calendar-upcoming__name">{task.name}</span>
                <span className="calendar-upcoming__when">
                  {shortDate(task.scheduledDate)} · {taskTime(task)}
                </span>
                {task.appointmentDetails?.location && <span className="calendar-upcoming__where">{task.appointmentDetails.location}</span>}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="muted calendar-upcoming__more">+{more} more appointments</p>}
        </>
      )}
    </Card>
  );
}
