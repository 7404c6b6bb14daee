import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../platform/privacy/personal-data';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { CareUpdateAccess } from './access/care-update-access';
import { careUpdatesPersonalData } from './care-updates.personal-data';
import { CareUpdateChanges } from './commands/care-update-changes';
import { EditCareUpdateHandler } from './commands/edit-care-update/edit-care-update.handler';
import { EditCareUpdateController } from './commands/edit-care-update/edit-care-update.http';
import { PostCareUpdateHandler } from './commands/post-care-update/post-care-update.handler';
import { PostCareUpdateController } from './commands/post-care-update/post-care-update.http';
import { RemoveCareUpdateHandler } from './commands/remove-care-update/remove-care-update.handler';
import { RemoveCareUpdateController } from './commands/remove-care-update/remove-care-update.http';
import { CareUpdateHistoryController } from './history/care-update-history.http';
import { CareUpdateHistoryQuery } from './history/care-update-history.query';
import { CareUpdatesReadController } from './read-models/care-updates/care-updates.http';
import { CareUpdatesProjection } from './read-models/care-updates/care-updates.projection';
import { CareUpdatesQuery } from './read-models/care-updates/care-updates.query';
import { CareUpdateStreams } from './streams/care-update-streams';

/** Care updates (issue 11): each recipient's journal, read on Today (docs/care-updates.md). */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule],
  controllers: [CareUpdatesReadController, PostCareUpdateController, EditCareUpdateController, RemoveCareUpdateController, CareUpdateHistoryController],
  providers: [
    CareUpdateAccess,
    CareUpdatesQuery,
    CareUpdateStreams,
    CareUpdateHistoryQuery,
    CareUpdateChanges,
    PostCareUpdateHandler,
    EditCareUpdateHandler,
    RemoveCareUpdateHandler,
    CareUpdatesProjection,
  ],
  /** The data export (modules/reports) reads each recipient's journal. */
  exports: [CareUpdatesQuery],
})
export class CareUpdatesModule {
  constructor(personalData: PersonalData) {
    personalData.declare(careUpdatesPersonalData);
  }
}
