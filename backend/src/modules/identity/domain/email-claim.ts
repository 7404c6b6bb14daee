import type { CommandMetadata, Decider } from '../../../platform/commands/decider';

/**
 * Email uniqueness without a read-model race: registration first claims a stream named after the
 * email's hash (emailClaimStream, in the register-user handler); the event store lets exactly one
 * writer create it. A claim whose user stream was never written (a crash between the two appends)
 * is completed by the next registration attempt.
 */
export type EmailClaimEvent = { type: 'EmailClaimed'; data: { userId: string; claimedAt: string } };
export type EmailClaimState = { claimedBy: string | null };
export type ClaimEmail = { type: 'ClaimEmail'; data: { userId: string }; metadata: CommandMetadata };

export const emailClaimDecider: Decider<ClaimEmail, EmailClaimEvent, EmailClaimState> = {
  decide: (command, state) =>
    state.claimedBy === null ? [{ type: 'EmailClaimed', data: { userId: command.data.userId, claimedAt: command.metadata.occurredAt } }] : [],
  evolve: (state, event) => ({ claimedBy: state.claimedBy ?? event.data.userId }),
  initialState: () => ({ claimedBy: null }),
};
