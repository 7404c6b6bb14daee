import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { AdminStatsController } from './queries/admin-stats/admin-stats.http';
import { AdminStatsQuery } from './queries/admin-stats/admin-stats.query';
import { AdminUsersController } from './queries/admin-users/admin-users.http';
import { RevenueController } from './read-models/subscription-figures/subscription-figures.http';
import { SubscriptionFiguresProjection } from './read-models/subscription-figures/subscription-figures.projection';
import { SubscriptionFiguresQuery } from './read-models/subscription-figures/subscription-figures.query';

/**
 * The admin dashboard's API (spec document 1, "Admin dashboard"; issue 25): super admins only (403 for
 * other users, 401 anonymous). Its figures are a projection of billing's events (subscription
 * figures, revenue per day); the user list is identity's, through its public query (docs/admin.md).
 */
@Module({
  imports: [IdentityModule],
  controllers: [AdminStatsController, AdminUsersController, RevenueController],
  providers: [AdminStatsQuery, SubscriptionFiguresQuery, SubscriptionFiguresProjection],
})
export class AdminModule {}
