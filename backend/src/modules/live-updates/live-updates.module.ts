import { Module } from '@nestjs/common';
import { SessionEndings } from '../../platform/session/session-endings';
import { CareRecipientsModule } from '../care-recipients';
import { LiveUpdatesController } from './live-updates.http';

/** The live-updates stream (GET /api/live) open dashboards listen to. */
@Module({
  imports: [CareRecipientsModule],
  controllers: [LiveUpdatesController],
  providers: [SessionEndings],
})
export class LiveUpdatesModule {}
