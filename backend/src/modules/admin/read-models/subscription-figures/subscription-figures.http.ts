import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { addDays, DATE_MIN, daysBetween, REVENUE_RANGE_MAX_DAYS, REVENUE_TEXT, VALIDATION_MESSAGES, type AdminRevenue } from '@carecircle/libs';
import { IsQueryDate } from '../../../../platform/http/dto-rules';
import { SuperAdminOnly } from '../../../identity';
import { SubscriptionFiguresQuery } from './subscription-figures.query';

/** ?from&to (both included, UTC days): default the last 30 days; at most REVENUE_RANGE_MAX_DAYS. */
export class RevenueRangeQuery {
  @IsOptional() @IsQueryDate(REVENUE_TEXT.badDate) from?: string;
  @IsOptional() @IsQueryDate(REVENUE_TEXT.badDate) to?: string;
}

const refuse = (field: string, message: string) => new BadRequestException({ message, errors: [{ field, message }] });

@ApiTags('admin')
@Controller()
export class RevenueController {
  constructor(private readonly figures: SubscriptionFiguresQuery) {}

  /** DESIGN.md: the daily series `{date, activeSubscriptions, mrr}` projected from billing events, with the range's conversion and churn. */
  @Get('admin/revenue')
  @SuperAdminOnly()
  revenue(@Query() query: RevenueRangeQuery): Promise<AdminRevenue> {
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? [DATE_MIN, addDays(to, -29)].sort()[1];
    const days = daysBetween(from, to) + 1;
    if (days < 1) throw refuse('to', VALIDATION_MESSAGES.rangeBackwards);
    if (days > REVENUE_RANGE_MAX_DAYS) throw refuse('to', REVENUE_TEXT.tooLong);
    return this.figures.revenue(from, to);
  }
}
