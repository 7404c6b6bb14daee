import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../platform/privacy/personal-data';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { CareUpdateAccess } from './access/care-update-access';
import { careUpdatesPersonalData } from './care-updates.personal-data';
import { CareUpdateCommandHandler } from './commands/care-update-command.handler';
import { CareUpdatesController } from './commands/care-updates.http';
import { CareUpdateHistoryController } from './history/care-update-history.http';
import { CareUpdateHistoryQuery } from './history/care-update-history.query';
import { CareUpdatesReadController } from './read-models/care-updates/care-updates.http';
import { CareUpdatesProjection } from './read-models/care-updates/care-updates.projection';
import { CareUpdatesQuery } from './read-models/care-updates/care-updates.query';

/** Care updates (issue 11): each recipient's journal, read on Today (docs/care-updates.md). */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule],
  controllers: [CareUpdatesReadController, CareUpdatesController, CareUpdateHistoryController],
  providers: [CareUpdateAccess, CareUpdatesQuery, CareUpdateHistoryQuery, CareUpdateCommandHandler, CareUpdatesProjection],
})
export class CareUpdatesModule {
  constructor(personalData: PersonalData) {
    personalData.declare(careUpdatesPersonalData);
  }
}
