import { Controller, Get, Res, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Registry } from 'prom-client';
import { MetricsAccessGuard } from './metrics-access.guard';

/** Same metadata key as identity's @Public(): the platform may not import a module. MetricsAccessGuard decides instead. */
const PUBLIC_TO_SESSION_GUARD = SetMetadata('identity:public', true);

@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly registry: Registry) {}

  /** Prometheus text format (docs/operations.md). */
  @Get()
  @PUBLIC_TO_SESSION_GUARD
  @UseGuards(MetricsAccessGuard)
  @ApiBearerAuth()
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text exposition format 0.0.4', schema: { type: 'string' } })
  @ApiUnauthorizedResponse({ description: 'No admin session and no valid METRICS_TOKEN' })
  @ApiForbiddenResponse({ description: 'Signed in, but not a super_admin' })
  async metrics(@Res() res: Response): Promise<void> {
    const body = await this.registry.metrics();
    // Written as is: Express's send() would reorder the content type's parameters.
    res.status(200).setHeader('Content-Type', this.registry.contentType).setHeader('Cache-Control', 'no-store').end(body);
  }
}
