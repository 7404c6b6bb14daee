import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { BillingOverview, User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { StripeGateway } from '../../stripe/stripe-gateway';
import { BillingSubscriptionsQuery } from './subscriptions.query';

@ApiTags('billing')
@Controller('billing')
export class BillingReadController {
  constructor(
    private readonly subscriptions: BillingSubscriptionsQuery,
    private readonly stripe: StripeGateway,
  ) {}

  /** 200 `{configured, publishableKey, subscription}`: the Subscribe page and the Billing tab (also when billing is not configured: `configured: false`). */
  @Get()
  async overview(@CurrentUser() user: User): Promise<BillingOverview> {
    return { configured: this.stripe.configured, publishableKey: this.stripe.publishableKey, subscription: await this.subscriptions.forUser(user.id) };
  }
}
