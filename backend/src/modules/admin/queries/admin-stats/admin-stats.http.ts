import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminStats } from '@carecircle/libs';
import { SuperAdminOnly } from '../../../identity';
import { AdminStatsQuery } from './admin-stats.query';

@ApiTags('admin')
@Controller()
export class AdminStatsController {
  constructor(private readonly stats: AdminStatsQuery) {}

  /** Spec document 1: totalUsers, activeSubscriptions, revenue (and the figures per plan); super admins only. */
  @Get('admin/stats')
  @SuperAdminOnly()
  get(): Promise<AdminStats> {
    return this.stats.stats();
  }
}
