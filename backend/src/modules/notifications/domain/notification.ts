import type { CommandMetadata, Decider } from '../../../platform/commands/decider';

/**
 * What a caregiver does with in-app notifications. The notifications themselves are read-model rows
 * made by a projection (from reminders, escalation steps, important care updates); being read is the
 * caregiver's decision, so it is an event, and a rebuild keeps it. Who may read which notification is
 * checked before the command (own notifications only). Acknowledging an alert is a task event
 * (TaskAlertAcknowledged, scheduling), as it stops the task's escalation.
 *
 * Streams: `notification-{id}` (one read), `notification-inbox-{userId}` (mark all read up to the newest).
 */
export type NotificationEvent =
  | { type: 'NotificationRead'; data: { notificationId: string; userId: string; readAt: string } }
  | { type: 'AllNotificationsRead'; data: { userId: string; upTo: string; readAt: string } };

export type NotificationCommand =
  | { type: 'MarkNotificationRead'; data: { notificationId: string; userId: string }; metadata: CommandMetadata }
  /** Everything sent up to `upTo` (the newest notification when asked) becomes read. */
  | { type: 'MarkAllNotificationsRead'; data: { userId: string; upTo: string }; metadata: CommandMetadata };

export type NotificationState = { read: boolean; readUpTo: string | null };

export const notificationStream = (notificationId: string) => `notification-${notificationId}`;
export const notificationInboxStream = (userId: string) => `notification-inbox-${userId}`;

export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationState> = {
  initialState: () => ({ read: false, readUpTo: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationRead':
        return { ...state, read: true };
      case 'AllNotificationsRead':
        return { ...state, readUpTo: event.data.upTo };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  /** Marking read twice, or all read up to a time already covered, records nothing. */
  decide(command, state) {
    switch (command.type) {
      case 'MarkNotificationRead':
        if (state.read) return [];
        return [{ type: 'NotificationRead', data: { ...command.data, readAt: command.metadata.occurredAt } }];
      case 'MarkAllNotificationsRead':
        if (state.readUpTo !== null && Date.parse(command.data.upTo) <= Date.parse(state.readUpTo)) return [];
        return [{ type: 'AllNotificationsRead', data: { ...command.data, readAt: command.metadata.occurredAt } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
