/** The care team's public surface: other modules use only what is exported here. */
import type { CareTeamEvent } from './domain/care-team';
import { CaregiverInvitationEntity } from './read-models/invitations/invitations.entity';

export { CareTeamModule } from './care-team.module';
export { InviteCaregiver } from './commands/invite-caregiver/invite-caregiver.handler';
export { AcceptInvitation } from './commands/accept-invitation/accept-invitation.handler';
export type { CareTeamEvent } from './domain/care-team';
/** Stored type names of this module's events, for modules that react to them. */
export type CareTeamEventType = CareTeamEvent['type'];
export const CareTeamEntities = [CaregiverInvitationEntity];
