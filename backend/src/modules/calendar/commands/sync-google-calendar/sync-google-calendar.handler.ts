import { BadGatewayException, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addDays, CALENDAR_FEED, CALENDAR_MESSAGES, type CalendarSyncResult } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { ChildrenQuery } from '../../../care-recipients';
import { DailyTasksQuery } from '../../../scheduling';
import { googleCalendarStream, type SyncedEvent } from '../../domain/google-calendar';
import { googleCalendarDecider } from '../../domain/google-calendar.decide';
import { googleCalendarEventId, GoogleCalendarGateway } from '../../google/google-calendar.gateway';
import { googleErrorStatus, isInvalidGrant } from '../../google/google-errors';
import { fingerprintOf, googleEventOf } from './google-event';
import { commandOf } from '../../../../platform/commands/command';

/** What a sync did; `more` when it stopped at its `maxWrites` with changes left for another run. */
export interface GoogleCalendarSyncOutcome extends CalendarSyncResult {
  more: boolean;
}

/**
 * Sync the user's appointments to Google. `maxWrites` bounds the calls that change Google (inserts,
 * updates, deletes) in this run: the background job's share of work; the rest is found again by the
 * next run (unchanged events are skipped by their fingerprint). Unset: all of it (the Sync button).
 */
export class SyncGoogleCalendar extends commandOf<{ userId: string; maxWrites?: number }, GoogleCalendarSyncOutcome>() {}

const needsReconnect = () => new DomainError('CALENDAR.NEEDS_RECONNECT', 'conflict', CALENDAR_MESSAGES.needsReconnect);

const isGone = (error: unknown) => [404, 410].includes(googleErrorStatus(error) ?? 0);

/**
 * POST /api/calendar/sync (docs/calendar.md): the appointments of every recipient the user sees, 30
 * days back to 180 ahead, made to match their Google calendar: new ones created, changed ones
 * updated, removed ones deleted (one that only left the window is forgotten, and stays). Event ids
 * are derived from the user and the task, so a sync cut short and run again creates nothing twice.
 * What reached Google is recorded even when a later call fails; a refreshed access token too.
 * Google answering invalid_grant (the grant withdrawn there) is recorded (GoogleCalendarAccessRefused)
 * and is a 409 saying to connect again; until then a sync is that 409 without calling Google.
 */
@CommandHandler(SyncGoogleCalendar)
export class SyncGoogleCalendarHandler implements ICommandHandler<SyncGoogleCalendar> {
  private readonly logger = new Logger('GoogleCalendarSync');

  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly google: GoogleCalendarGateway,
    private readonly children: ChildrenQuery,
    private readonly tasks: DailyTasksQuery,
  ) {}

  async execute({ userId, metadata, maxWrites = Number.POSITIVE_INFINITY }: SyncGoogleCalendar): Promise<GoogleCalendarSyncOutcome> {
    this.google.requireConfigured();
    const stream = googleCalendarStream(userId);
    const { state } = await this.streams.load(stream, googleCalendarDecider);
    if (!state.connection) throw new DomainError('CALENDAR.NOT_CONNECTED', 'conflict', CALENDAR_MESSAGES.notConnected);
    if (state.connection.refused) throw needsReconnect();
    const { googleCalendarId } = state.connection;

    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const windowStart = addDays(today, -CALENDAR_FEED.appointmentDaysBack);
    const childIds = (await this.children.listFor(userId)).map((c) => c.id);
    const appointments = await this.tasks.forCalendar(childIds, ['appointment'], windowStart, addDays(today, CALENDAR_FEED.appointmentDaysAhead), CALENDAR_FEED.maxEvents, now);

    const { api, refreshed } = await this.google.calendarFor(state.connection);
    const upserted: ({ taskId: string } & SyncedEvent)[] = [];
    const deleted: string[] = [];
    const forgotten: string[] = [];
    let created = 0;
    let more = false;
    /** Whether another call that changes Google fits in this run (maxWrites). */
    const withinBound = () => upserted.length + deleted.length < maxWrites;
    let failure: unknown = null;
    try {
      for (const task of appointments) {
        const requestBody = googleEventOf(task);
        const fingerprint = fingerprintOf(requestBody);
        const known = state.synced[task.id];
        if (known?.fingerprint === fingerprint) continue;
        if (!withinBound()) {
          more = true;
          break;
        }
        const eventId = known?.googleCalendarEventId ?? googleCalendarEventId(userId, task.id);
        if (known) {
          try {
            await api.events.update({ calendarId: googleCalendarId, eventId, requestBody });
          } catch (error) {
            if (!isGone(error)) throw error;
            await api.events.insert({ calendarId: googleCalendarId, requestBody: { ...requestBody, id: eventId } });
          }
        } else {
          try {
            await api.events.insert({ calendarId: googleCalendarId, requestBody: { ...requestBody, id: eventId } });
            created += 1;
          } catch (error) {
            // Already there: an earlier sync that was cut short before it could record it.
            if (googleErrorStatus(error) !== 409) throw error;
            await api.events.update({ calendarId: googleCalendarId, eventId, requestBody });
          }
        }
        upserted.push({ taskId: task.id, childId: task.childId, googleCalendarEventId: eventId, fingerprint, date: task.scheduledDate });
      }
      const wanted = new Set(appointments.map((t) => t.id));
      for (const [taskId, known] of Object.entries(state.synced)) {
        if (wanted.has(taskId)) continue;
        if (known.date < windowStart) {
          forgotten.push(taskId);
          continue;
        }
        if (!withinBound()) {
          more = true;
          break;
        }
        try {
          await api.events.delete({ calendarId: googleCalendarId, eventId: known.googleCalendarEventId });
        } catch (error) {
          if (!isGone(error)) throw error;
        }
        deleted.push(taskId);
      }
    } catch (error) {
      failure = error;
      this.logger.warn(`Google Calendar sync stopped: status ${googleErrorStatus(error) ?? 'none'}`);
    }

    const fresh = refreshed();
    if (fresh) {
      await this.streams.execute(stream, googleCalendarDecider, { type: 'RecordGoogleTokenRefresh', data: { userId, accessToken: fresh.accessToken, expiresAt: fresh.expiresAt }, metadata });
    }
    if (upserted.length + deleted.length + forgotten.length > 0 || failure === null) {
      await this.streams.execute(stream, googleCalendarDecider, { type: 'RecordGoogleCalendarSync', data: { userId, upserted, deleted, forgotten }, metadata });
    }
    if (failure !== null && isInvalidGrant(failure)) {
      await this.streams.execute(stream, googleCalendarDecider, { type: 'RecordGoogleAccessRefused', data: { userId }, metadata });
      throw needsReconnect();
    }
    if (failure !== null) throw new BadGatewayException(CALENDAR_MESSAGES.googleFailed);
    return { created, updated: upserted.length - created, deleted: deleted.length, lastSyncAt: metadata.occurredAt, more };
  }
}
