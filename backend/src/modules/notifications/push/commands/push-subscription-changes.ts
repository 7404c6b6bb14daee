import { Injectable } from '@nestjs/common';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { pushSubscriptionsStream, type PushSubscriptionEvent, type PushSubscriptionsState } from '../domain/push-subscriptions';
import { pushSubscriptionsDecider, type PushSubscriptionCommand } from '../domain/push-subscriptions.decide';

/** What the subscription use cases share: a change goes to the user's own stream, where the decider holds the rules. */
@Injectable()
export class PushSubscriptionChanges {
  constructor(private readonly streams: EventSourcedStreams) {}

  record(command: PushSubscriptionCommand): Promise<{ events: PushSubscriptionEvent[]; state: PushSubscriptionsState }> {
    return this.streams.execute(pushSubscriptionsStream(command.userId), pushSubscriptionsDecider, command);
  }
}
