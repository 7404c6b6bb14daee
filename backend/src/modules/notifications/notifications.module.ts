import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '../../config/app-config';
import { SchedulingModule } from '../scheduling';
import { MarkNotificationReadController } from './commands/mark-notification-read.http';
import { NotificationCommandHandler } from './commands/mark-notification-read.handler';
import { NotificationsReadController } from './read-models/notifications/notifications.http';
import { NotificationsProjection } from './read-models/notifications/notifications.projection';
import { NotificationsQuery } from './read-models/notifications/notifications.query';
import { NOTIFICATIONS_QUEUE, UrgentOverdueJob, UrgentOverdueProcessor, UrgentOverdueSchedule } from './workers/urgent-overdue.job';

/** In-app notifications and the urgent-overdue worker (its processor and schedule on the worker role only). */
@Module({})
export class NotificationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const worker = config.roles.includes('worker');
    return {
      module: NotificationsModule,
      imports: [CqrsModule, SchedulingModule, BullModule.registerQueue({ name: NOTIFICATIONS_QUEUE })],
      controllers: [NotificationsReadController, MarkNotificationReadController],
      providers: [
        NotificationsQuery,
        NotificationsProjection,
        NotificationCommandHandler,
        UrgentOverdueJob,
        ...(worker ? [UrgentOverdueProcessor, UrgentOverdueSchedule] : []),
      ],
      exports: [UrgentOverdueJob],
    };
  }
}
