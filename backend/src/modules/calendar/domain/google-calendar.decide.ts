import { CALENDAR_MESSAGES } from '@carecircle/libs';
import type { Decider, DomainCommand } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import {
  evolveGoogleCalendar,
  initialGoogleCalendar,
  type GoogleCalendarConnection,
  type GoogleCalendarEvent,
  type SyncedEvent,
} from './google-calendar';

export type GoogleCalendarCommand =
  | DomainCommand<'ConnectGoogleCalendar', { userId: string; googleCalendarId: string; accessToken: string; refreshToken: string | null; expiresAt: string | null }>
  | DomainCommand<'RecordGoogleTokenRefresh', { userId: string; accessToken: string; expiresAt: string | null }>
  | DomainCommand<'RecordGoogleCalendarSync', { userId: string; upserted: ({ taskId: string } & SyncedEvent)[]; deleted: string[]; forgotten: string[] }>
  | DomainCommand<'RecordGoogleAccessRefused', { userId: string }>
  | DomainCommand<'DisconnectGoogleCalendar', { userId: string }>;

const invalid = invalidInput('CALENDAR.INVALID');
const notConnected = () => new DomainError('CALENDAR.NOT_CONNECTED', 'conflict', CALENDAR_MESSAGES.notConnected);

export function decideGoogleCalendar(command: GoogleCalendarCommand, state: GoogleCalendarConnection): GoogleCalendarEvent[] {
  const at = command.metadata.occurredAt;
  switch (command.type) {
    case 'ConnectGoogleCalendar': {
      const { userId, googleCalendarId, accessToken, refreshToken, expiresAt } = command.data;
      if (!accessToken) throw invalid('accessToken', CALENDAR_MESSAGES.googleAnswerInvalid);
      // Google gives a refresh token with offline access and prompt=consent; without one the
      // connection would stop working within the hour, so it is refused instead.
      if (!refreshToken) throw invalid('refreshToken', CALENDAR_MESSAGES.googleAnswerInvalid);
      return [{ type: 'GoogleCalendarConnected', data: { userId, googleCalendarId, accessToken, refreshToken, expiresAt, connectedAt: at } }];
    }
    case 'RecordGoogleTokenRefresh': {
      if (!state.connection) throw notConnected();
      if (!command.data.accessToken) throw invalid('accessToken', CALENDAR_MESSAGES.googleAnswerInvalid);
      if (command.data.accessToken === state.connection.accessToken) return [];
      return [{ type: 'GoogleCalendarTokensRefreshed', data: { ...command.data, refreshedAt: at } }];
    }
    case 'RecordGoogleCalendarSync': {
      if (!state.connection) throw notConnected();
      const { userId, upserted, deleted, forgotten } = command.data;
      return [{ type: 'GoogleCalendarSynced', data: { userId, upserted, deleted, forgotten, syncedAt: at } }];
    }
    case 'RecordGoogleAccessRefused':
      if (!state.connection) throw notConnected();
      if (state.connection.refused) return [];
      return [{ type: 'GoogleCalendarAccessRefused', data: { userId: command.data.userId, refusedAt: at } }];
    case 'DisconnectGoogleCalendar':
      if (!state.connection) throw notConnected();
      return [{ type: 'GoogleCalendarDisconnected', data: { userId: command.data.userId, disconnectedAt: at } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const googleCalendarDecider: Decider<GoogleCalendarCommand, GoogleCalendarEvent, GoogleCalendarConnection> = {
  decide: decideGoogleCalendar,
  evolve: evolveGoogleCalendar,
  initialState: initialGoogleCalendar,
};
