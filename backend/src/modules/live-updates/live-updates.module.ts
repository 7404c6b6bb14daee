import { Module } from '@nestjs/common';
import { SessionEndings } from '../../platform/session/session-endings';
import { CareRecipientsModule } from '../care-recipients';
import { GroupsQuery } from '../community';
import { LiveUpdatesController } from './live-updates.http';

/** The live-updates stream (GET /api/live) open dashboards listen to. */
@Module({
  imports: [CareRecipientsModule],
  controllers: [LiveUpdatesController],
  /** Group roles are read from community's read model (GroupsQuery reads only it). */
  providers: [SessionEndings, GroupsQuery],
})
export class LiveUpdatesModule {}
