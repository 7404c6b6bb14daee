import { Injectable, NotFoundException, ParseUUIDPipe } from '@nestjs/common';
import type { AppNotification } from '@carecircle/libs';
import { NotificationsQuery } from '../read-models/notifications/notifications.query';

const notFound = () => new NotFoundException('Notification not found');

/** `:id` of /api/notifications/{id}/...: an id that is not a UUID is a notification nobody has (404). */
export const notificationId = new ParseUUIDPipe({ exceptionFactory: notFound });

/** What reading and acknowledging share: a user acts on their own notifications only; anyone else's is a 404, as an unknown id. */
@Injectable()
export class OwnNotifications {
  constructor(private readonly notifications: NotificationsQuery) {}

  async get(userId: string, id: string): Promise<AppNotification> {
    const notification = await this.notifications.byIdFor(userId, id);
    if (!notification) throw notFound();
    return notification;
  }
}
