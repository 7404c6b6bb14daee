import type { CommandMetadata, Decider } from '../../../platform/commands/decider';

/**
 * What a caregiver does with an in-app notification: stream `notification-{id}`. The notification
 * itself is a read model row made by a projection (from TaskBecameUrgentOverdue); being read is the
 * caregiver's decision, so it is an event, and a rebuild keeps it. Who may read which notification
 * is checked before the command (own notifications only).
 */
export type NotificationEvent = { type: 'NotificationRead'; data: { notificationId: string; userId: string; readAt: string } };

export type NotificationCommand = { type: 'MarkNotificationRead'; data: { notificationId: string; userId: string }; metadata: CommandMetadata };

export type NotificationState = { read: boolean };

export const notificationStream = (notificationId: string) => `notification-${notificationId}`;

export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationState> = {
  initialState: () => ({ read: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationRead':
        return { read: true };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
  /** Marking read twice records nothing the second time. */
  decide(command, state) {
    switch (command.type) {
      case 'MarkNotificationRead':
        if (state.read) return [];
        return [{ type: 'NotificationRead', data: { ...command.data, readAt: command.metadata.occurredAt } }];
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
