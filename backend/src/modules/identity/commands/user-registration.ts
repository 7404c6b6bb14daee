import { Injectable } from '@nestjs/common';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { emailClaimDecider } from '../domain/email-claim';
import { userStream, type UserEvent } from '../domain/user';
import { userDecider } from '../domain/user.decide';
import { emailClaimStream } from './email-claim-stream';

/** An account to register, its password already hashed (hashPassword) and its role decided: UserRegistered's own fields. */
export type NewUser = Pick<Extract<UserEvent, { type: 'UserRegistered' }>['data'], 'userId' | 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'role' | 'signUpMethod'>;

/**
 * What registering takes, shared by sign-up (sign-up/) and the demo seed's RegisterUser
 * (register-user/): claims the email, then writes the user stream; answers the id of the
 * registered user (a claim left by a crash between the two appends is completed).
 */
@Injectable()
export class UserRegistration {
  constructor(private readonly streams: EventSourcedStreams) {}

  async register(data: NewUser, metadata: CommandMetadata): Promise<string> {
    const claim = await this.streams.execute(emailClaimStream(data.email), emailClaimDecider, {
      type: 'ClaimEmail',
      data: { userId: data.userId },
      metadata,
    });
    const userId = claim.state.claimedBy!;
    await this.streams.execute(userStream(userId), userDecider, { type: 'RegisterUser', data: { ...data, userId }, metadata });
    return userId;
  }
}
