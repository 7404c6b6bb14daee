import { ConflictException, HttpException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PushMessage } from '@carecircle/libs';
import { PushNotifier } from '../../delivery/push-notifier';
import { commandOf } from '../../../../../platform/commands/command';

/** The Test button's notification: a same-origin image (frontend/public), opening the Account tab. */
export const TEST_PUSH: PushMessage = {
  title: 'Test Notification',
  body: 'Push notifications are working. Reminders and alerts will appear like this.',
  url: '/settings?tab=account',
  tag: 'carecircle-test',
  image: '/notification-test.png',
};
export const NO_SUBSCRIPTION = 'Notifications are not enabled on any of your devices. Enable them first.';
export const TEST_NOT_DELIVERED = 'The push service did not accept the test notification. Please try again.';

/** The test notification to every device of the user. Answers how many push services took it. */
export class SendTestPush extends commandOf<{ userId: string }, { sent: number }>() {}

/** 409 when the user has no subscription, 502 when no push service took the message. */
@CommandHandler(SendTestPush)
export class SendTestPushHandler implements ICommandHandler<SendTestPush> {
  constructor(private readonly notifier: PushNotifier) {}

  async execute({ userId }: SendTestPush): Promise<{ sent: number }> {
    if (!(await this.notifier.hasSubscriptions(userId))) throw new ConflictException(NO_SUBSCRIPTION);
    const sent = await this.notifier.sendToUser(userId, TEST_PUSH);
    if (sent === 0) throw new HttpException(TEST_NOT_DELIVERED, 502);
    return { sent };
  }
}
