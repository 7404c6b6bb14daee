import { Module } from '@nestjs/common';
import { CareRecipientsModule } from '../care-recipients';
import { LiveUpdatesController } from './live-updates.http';

/** The live-updates stream (GET /api/live) open dashboards listen to. */
@Module({
  imports: [CareRecipientsModule],
  controllers: [LiveUpdatesController],
})
export class LiveUpdatesModule {}
