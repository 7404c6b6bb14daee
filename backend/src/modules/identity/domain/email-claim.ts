import type { CommandMetadata, Decider } from '../../../platform/commands/decider';

/**
 * Email uniqueness without a read-model race: registration first claims a stream named after the
 * email's hash (emailClaimStream, in commands/email-claim-stream.ts); the event store lets exactly one
 * writer create it. A claim whose user stream was never written (a crash between the two appends)
 * is completed by the next registration attempt.
 */
export type EmailClaimEvent =
  | { type: 'EmailClaimed'; data: { userId: string; claimedAt: string } }
  /** The claiming user was erased: the email may be registered again. */
  | { type: 'EmailReleased'; data: { userId: string; releasedAt: string } };
export type EmailClaimState = { claimedBy: string | null };
export type EmailClaimCommand = { type: 'ClaimEmail' | 'ReleaseEmail'; data: { userId: string }; metadata: CommandMetadata };

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  decide: ({ type, data: { userId }, metadata: { occurredAt } }, state) => {
    if (type === 'ClaimEmail') return state.claimedBy === null ? [{ type: 'EmailClaimed', data: { userId, claimedAt: occurredAt } }] : [];
    return state.claimedBy === userId ? [{ type: 'EmailReleased', data: { userId, releasedAt: occurredAt } }] : [];
  },
  evolve: (state, event) =>
    event.type === 'EmailClaimed' ? { claimedBy: state.claimedBy ?? event.data.userId } : { claimedBy: state.claimedBy === event.data.userId ? null : state.claimedBy },
  initialState: () => ({ claimedBy: null }),
};
