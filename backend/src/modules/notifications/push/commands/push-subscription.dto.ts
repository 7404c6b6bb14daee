import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IfGiven, IsIntIn, IsSafeText } from '../../../../platform/http/dto-rules';
import { EXPIRATION_RANGE, PUSH_LIMITS, PUSH_TEXT } from '../domain/push-subscriptions.decide';

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
