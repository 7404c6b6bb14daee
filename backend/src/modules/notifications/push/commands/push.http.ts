import { randomUUID } from 'node:crypto';
import { applyDecorators, Body, ConflictException, Controller, Get, HttpCode, HttpException, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { Request, Response } from 'express';
import type { PushMessage, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IfGiven, IsIntIn, IsSafeText } from '../../../../platform/http/dto-rules';
import { CurrentUser } from '../../../identity';
import { PushNotifier } from '../delivery/push-notifier';
import { VapidKeys } from '../delivery/vapid-keys';
import { EXPIRATION_RANGE, PUSH_LIMITS, PUSH_TEXT } from '../domain/push-subscriptions.decide';
import { ExecutePushSubscriptionCommand, type PushSubscriptionResult } from './push-subscription-command.handler';

/** Storable text of at most `max` characters; one message for the wrong type and the wrong length. */
const BoundedText = (max: number, message: string, tooLong = message) => applyDecorators(IsString({ message }), MaxLength(max, { message: tooLong }), IsSafeText());
const IsEndpoint = () => BoundedText(PUSH_LIMITS.endpointMaxLength, PUSH_TEXT.endpoint, PUSH_TEXT.endpointTooLong);

/** The keys of `PushSubscription.toJSON()`: base64url, checked in full by the decider. */
export class PushKeysDto {
  @BoundedText(100, PUSH_TEXT.p256dh) p256dh!: string;
  @BoundedText(100, PUSH_TEXT.auth) auth!: string;
}

/** The browser's PushSubscription as JSON (spec document 3: "the subscription object as given by the browser"). */
export class PushSubscriptionDto {
  @IsEndpoint() endpoint!: string;
  /** Whole milliseconds since 1970 (1900-2100), or null (most browsers). */
  @IfGiven()
  @IsIntIn(EXPIRATION_RANGE.min, EXPIRATION_RANGE.max, { type: PUSH_TEXT.expirationTime, min: PUSH_TEXT.expirationTime, max: PUSH_TEXT.expirationTime })
  expirationTime?: number | null;
  @IsObject({ message: PUSH_TEXT.p256dh }) @ValidateNested() @Type(() => PushKeysDto) keys!: PushKeysDto;
}

/** Unsubscribe sends the same subscription; only its endpoint is read. */
export class PushEndpointDto {
  @IsEndpoint() endpoint!: string;
}

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

/** Web push (spec document 3, Push; docs/notifications.md): signed-in users only, each for their own subscriptions. */
@ApiTags('notifications')
@Controller('notifications')
export class PushController {
  constructor(
    private readonly commands: CommandBus,
    private readonly vapid: VapidKeys,
    private readonly notifier: PushNotifier,
  ) {}

  /** The application server key the browser subscribes with. */
  @Get('vapid-key')
  async vapidKey(): Promise<{ publicKey: string }> {
    return { publicKey: (await this.vapid.details()).publicKey };
  }

  /** 201 for a new subscription, 200 when this browser was subscribed already. */
  @Post('subscribe')
  async subscribe(@CurrentUser() user: User, @Body() body: PushSubscriptionDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ id: string }> {
    const result: PushSubscriptionResult = await this.commands.execute(
      new ExecutePushSubscriptionCommand({ type: 'SubscribePush', userId: user.id, data: { subscriptionId: randomUUID(), subscription: body }, metadata: commandMetadata(req) }),
    );
    res.status(result.created ? 201 : 200);
    return { id: result.subscriptionId! };
  }

  /** Ends the caller's own subscription with that endpoint (none: nothing changes). */
  @Post('unsubscribe')
  @HttpCode(204)
  async unsubscribe(@CurrentUser() user: User, @Body() body: PushEndpointDto, @Req() req: Request): Promise<void> {
    await this.commands.execute(new ExecutePushSubscriptionCommand({ type: 'UnsubscribePush', userId: user.id, data: { endpoint: body.endpoint }, metadata: commandMetadata(req) }));
  }

  /** Sends the test notification to the caller's devices: 409 when there are none, 502 when no push service took it. */
  @Post('test-with-image')
  @HttpCode(200)
  async testWithImage(@CurrentUser() user: User): Promise<{ sent: number }> {
    if (!(await this.notifier.hasSubscriptions(user.id))) throw new ConflictException(NO_SUBSCRIPTION);
    const sent = await this.notifier.sendToUser(user.id, TEST_PUSH);
    if (sent === 0) throw new HttpException(TEST_NOT_DELIVERED, 502);
    return { sent };
  }
}
