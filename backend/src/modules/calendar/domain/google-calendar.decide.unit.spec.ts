import { CALENDAR_MESSAGES } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { GoogleCalendarEvent } from './google-calendar';
import { googleCalendarDecider } from './google-calendar.decide';

const metadata = { actorId: 'u1', correlationId: 'c1', occurredAt: '2026-11-28T12:00:00.000Z' };
const tokens = { accessToken: 'a1', refreshToken: 'r1', expiresAt: '2026-11-28T13:00:00.000Z' };
const connected: GoogleCalendarEvent = { type: 'GoogleCalendarConnected', data: { userId: 'u1', googleCalendarId: 'primary', ...tokens, connectedAt: metadata.occurredAt } };
const disconnected: GoogleCalendarEvent = { type: 'GoogleCalendarDisconnected', data: { userId: 'u1', disconnectedAt: metadata.occurredAt } };
const connect = (data: { accessToken?: string; refreshToken?: string | null } = {}) =>
  ({ type: 'ConnectGoogleCalendar', data: { userId: 'u1', googleCalendarId: 'primary', ...tokens, ...data }, metadata }) as const;
const synced = (upserted: { taskId: string; googleCalendarEventId: string; fingerprint: string; date: string }[], deleted: string[] = [], forgotten: string[] = []) =>
  ({ type: 'RecordGoogleCalendarSync', data: { userId: 'u1', upserted, deleted, forgotten }, metadata }) as const;
const one = { taskId: 't1', googleCalendarEventId: 'e1', fingerprint: 'f1', date: '2026-12-01' };

describe('Google Calendar connection decider', () => {
  const spec = deciderSpec(googleCalendarDecider);

  it('connects with an access and a refresh token; without a refresh token it is refused', () => {
    spec.given([]).when(connect()).then([connected]);
    spec.given([]).when(connect({ refreshToken: null })).thenThrows('CALENDAR.INVALID', CALENDAR_MESSAGES.googleAnswerInvalid);
    spec.given([]).when(connect({ accessToken: '' })).thenThrows('CALENDAR.INVALID');
  });

  it('records a refreshed access token once; the same token again records nothing', () => {
    const refresh = (accessToken: string) => ({ type: 'RecordGoogleTokenRefresh', data: { userId: 'u1', accessToken, expiresAt: null }, metadata }) as const;
    spec.given([connected]).when(refresh('a2')).then([{ type: 'GoogleCalendarTokensRefreshed', data: { userId: 'u1', accessToken: 'a2', expiresAt: null, refreshedAt: metadata.occurredAt } }]);
    spec.given([connected]).when(refresh('a1')).then([]);
    spec.given([]).when(refresh('a2')).thenThrows('CALENDAR.NOT_CONNECTED', CALENDAR_MESSAGES.notConnected);
  });

  it('records what a sync sent; only while connected', () => {
    spec.given([connected]).when(synced([one])).then([{ type: 'GoogleCalendarSynced', data: { userId: 'u1', upserted: [one], deleted: [], forgotten: [], syncedAt: metadata.occurredAt } }]);
    spec.given([connected, disconnected]).when(synced([one])).thenThrows('CALENDAR.NOT_CONNECTED');
  });

  it('the synced events follow the sync records, and a disconnect starts afresh', () => {
    const state = [connected, { type: 'GoogleCalendarSynced', data: { userId: 'u1', upserted: [one, { ...one, taskId: 't2', googleCalendarEventId: 'e2' }], deleted: [], forgotten: [], syncedAt: metadata.occurredAt } }, { type: 'GoogleCalendarSynced', data: { userId: 'u1', upserted: [], deleted: ['t1'], forgotten: [], syncedAt: metadata.occurredAt } }] as GoogleCalendarEvent[];
    const fold = (events: GoogleCalendarEvent[]) => events.reduce(googleCalendarDecider.evolve, googleCalendarDecider.initialState());
    expect(Object.keys(fold(state).synced)).toEqual(['t2']);
    expect(fold([...state, disconnected])).toEqual({ connection: null, synced: {} });
  });

  it('disconnects a connection; with none there is nothing to disconnect', () => {
    spec.given([connected]).when({ type: 'DisconnectGoogleCalendar', data: { userId: 'u1' }, metadata }).then([disconnected]);
    spec.given([]).when({ type: 'DisconnectGoogleCalendar', data: { userId: 'u1' }, metadata }).thenThrows('CALENDAR.NOT_CONNECTED');
  });

  describe('Google refusing the stored grant (invalid_grant)', () => {
    const refuse = { type: 'RecordGoogleAccessRefused', data: { userId: 'u1' }, metadata } as const;
    const refused: GoogleCalendarEvent = { type: 'GoogleCalendarAccessRefused', data: { userId: 'u1', refusedAt: metadata.occurredAt } };
    const fold = (events: GoogleCalendarEvent[]) => events.reduce(googleCalendarDecider.evolve, googleCalendarDecider.initialState());
    const syncedOne: GoogleCalendarEvent = { type: 'GoogleCalendarSynced', data: { userId: 'u1', upserted: [one], deleted: [], forgotten: [], syncedAt: metadata.occurredAt } };

    it('is recorded once while connected; without a connection there is nothing to refuse', () => {
      spec.given([connected]).when(refuse).then([refused]);
      spec.given([connected, refused]).when(refuse).then([]);
      spec.given([]).when(refuse).thenThrows('CALENDAR.NOT_CONNECTED', CALENDAR_MESSAGES.notConnected);
      spec.given([connected, disconnected]).when(refuse).thenThrows('CALENDAR.NOT_CONNECTED');
    });

    it('marks the connection refused, keeping the events already in Google; connecting again clears it and keeps them', () => {
      expect(fold([connected, syncedOne, refused])).toEqual({ connection: { googleCalendarId: 'primary', ...tokens, refused: true }, synced: { t1: { googleCalendarEventId: 'e1', fingerprint: 'f1', date: '2026-12-01' } } });
      const again = fold([connected, syncedOne, refused, connected]);
      expect(again.connection?.refused).toBe(false);
      expect(again.synced.t1?.googleCalendarEventId).toBe('e1');
      spec.given([connected, refused, connected]).when(refuse).then([refused]);
    });
  });
});
