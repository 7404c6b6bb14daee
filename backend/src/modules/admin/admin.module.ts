import { Module } from '@nestjs/common';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { AdminStatsController } from './queries/admin-stats/admin-stats.http';
import { AdminStatsQuery } from './queries/admin-stats/admin-stats.query';
import { AdminUsersController } from './queries/admin-users/admin-users.http';

/**
 * The admin dashboard's API (spec document 1, "Admin dashboard"; issue 25): super admins only (403 for
 * other users, 401 anonymous). It reads other modules' read models through their public queries and
 * owns no table (docs/admin.md).
 */
@Module({
  imports: [IdentityModule, CareRecipientsModule],
  controllers: [AdminStatsController, AdminUsersController],
  providers: [AdminStatsQuery],
})
export class AdminModule {}
