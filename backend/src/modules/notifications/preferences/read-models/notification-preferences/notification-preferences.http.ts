import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { NotificationPreferences, User } from '@carecircle/libs';
import { CurrentUser } from '../../../../identity';
import { NotificationPreferencesQuery } from './notification-preferences.query';

@ApiTags('notifications')
@Controller('user')
export class NotificationPreferencesReadController {
  constructor(private readonly preferences: NotificationPreferencesQuery) {}

  /** The signed-in user's own preferences (the defaults until they change them). */
  @Get('notification-preferences')
  get(@CurrentUser() user: User): Promise<NotificationPreferences> {
    return this.preferences.forUser(user.id);
  }
}
