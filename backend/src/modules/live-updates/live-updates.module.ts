import { Module } from '@nestjs/common';
import { SessionEndings } from '../../platform/session/session-endings';
import { CareRecipientsModule } from '../care-recipients';
import { CommunityModule } from '../community';
import { LiveUpdatesController } from './live-updates.http';

/** The live-updates stream (GET /api/live) open dashboards listen to. */
@Module({
  imports: [CareRecipientsModule, CommunityModule],
  controllers: [LiveUpdatesController],
  providers: [SessionEndings],
})
export class LiveUpdatesModule {}
