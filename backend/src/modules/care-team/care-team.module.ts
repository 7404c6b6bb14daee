import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../platform/privacy/personal-data';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { careTeamPersonalData } from './care-team.personal-data';
import { AcceptInvitationHandler } from './commands/accept-invitation/accept-invitation.handler';
import { AcceptInvitationController } from './commands/accept-invitation/accept-invitation.http';
import { AcceptThrottle } from './commands/accept-invitation/accept-throttle';
import { CaregiverAccessController } from './commands/caregiver-access/caregiver-access.http';
import { InviteCaregiverHandler } from './commands/invite-caregiver/invite-caregiver.handler';
import { InviteCaregiverController } from './commands/invite-caregiver/invite-caregiver.http';
import { RenewInvitationLinkHandler } from './commands/renew-invitation-link/renew-invitation-link.handler';
import { RenewInvitationLinkController } from './commands/renew-invitation-link/renew-invitation-link.http';
import { CareTeamAccountErasure, RevokeInvitationHandler } from './commands/revoke-invitation/revoke-invitation.handler';
import { RevokeInvitationController } from './commands/revoke-invitation/revoke-invitation.http';
import { CaregiversReadController } from './read-models/caregivers/caregivers.http';
import { CaregiversQuery } from './read-models/caregivers/caregivers.query';
import { InvitationViews } from './read-models/invitations/invitation-views';
import { InvitationsReadController } from './read-models/invitations/invitations.http';
import { InvitationsProjection } from './read-models/invitations/invitations.projection';
import { InvitationsQuery } from './read-models/invitations/invitations.query';

/** The care team (docs/care-team.md): caregiver invitations and the Secondary Caregivers panel. */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule],
  controllers: [
    InvitationsReadController,
    InviteCaregiverController,
    RenewInvitationLinkController,
    RevokeInvitationController,
    AcceptInvitationController,
    CaregiversReadController,
    CaregiverAccessController,
  ],
  providers: [
    InviteCaregiverHandler,
    RenewInvitationLinkHandler,
    RevokeInvitationHandler,
    AcceptInvitationHandler,
    AcceptThrottle,
    CareTeamAccountErasure,
    InvitationsProjection,
    InvitationsQuery,
    InvitationViews,
    CaregiversQuery,
  ],
})
export class CareTeamModule {
  constructor(personalData: PersonalData) {
    personalData.declare(careTeamPersonalData);
  }
}
