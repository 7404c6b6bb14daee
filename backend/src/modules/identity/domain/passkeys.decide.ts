import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { DomainError } from '../../../platform/commands/domain-error';
import { evolvePasskeys, initialPasskeysState, MAX_PASSKEYS_PER_USER, type PasskeyEvent, type PasskeysState } from './passkeys';

type Registered = Extract<PasskeyEvent, { type: 'PasskeyRegistered' }>['data'];

export type PasskeyCommand =
  /** A registration the server has verified (register-passkey.handler.ts). */
  | { type: 'RegisterPasskey'; data: Omit<Registered, 'registeredAt'>; metadata: CommandMetadata }
  /** A sign-in the server has verified, with the counter the authenticator signed. */
  | { type: 'UsePasskey'; data: { userId: string; passkeyId: string; counter: number }; metadata: CommandMetadata }
  | { type: 'RemovePasskey'; data: { userId: string; passkeyId: string }; metadata: CommandMetadata }
  /** Delete Account confirmed by a verified answer to a challenge begun for that purpose (delete-account.handler.ts). */
  | { type: 'ConfirmAccountDeletion'; data: { userId: string; passkeyId: string; counter: number }; metadata: CommandMetadata };

export const PASSKEY_MESSAGES = {
  tooMany: `A user has at most ${MAX_PASSKEYS_PER_USER} passkeys.`,
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'Passkey not found',
  counterNotIncreased: 'This passkey answered with a signature counter that did not increase; it may have been copied.',
  notYours: 'This passkey is not one of yours: it cannot confirm that you want your account deleted.',
} as const;

const notFound = () => new DomainError('IDENTITY.PASSKEY_NOT_FOUND', 'not_found', PASSKEY_MESSAGES.notFound);

export function decidePasskeys(command: PasskeyCommand, state: PasskeysState): PasskeyEvent[] {
  const at = command.metadata.occurredAt;
  switch (command.type) {
    case 'RegisterPasskey': {
      const known = Object.values(state.passkeys);
      if (known.some((passkey) => passkey.credentialId === command.data.credentialId)) {
        throw new DomainError('IDENTITY.PASSKEY_ALREADY_REGISTERED', 'conflict', PASSKEY_MESSAGES.alreadyRegistered);
      }
      if (known.length >= MAX_PASSKEYS_PER_USER) throw new DomainError('IDENTITY.TOO_MANY_PASSKEYS', 'invalid', PASSKEY_MESSAGES.tooMany);
      return [{ type: 'PasskeyRegistered', data: { ...command.data, registeredAt: at } }];
    }
    case 'UsePasskey': {
      if (!state.passkeys[command.data.passkeyId]) throw notFound();
      return [{ type: 'PasskeyUsed', data: { userId: command.data.userId, passkeyId: command.data.passkeyId, counter: countedUp(command.data, state), usedAt: at } }];
    }
    case 'ConfirmAccountDeletion': {
      // Only the stream of the signed-in user is asked: a passkey of anyone else is not in it.
      if (!state.passkeys[command.data.passkeyId]) throw new DomainError('IDENTITY.PASSKEY_NOT_YOURS', 'forbidden', PASSKEY_MESSAGES.notYours);
      const counter = countedUp(command.data, state);
      return [{ type: 'PasskeyUsed', data: { userId: command.data.userId, passkeyId: command.data.passkeyId, counter, usedAt: at, purpose: 'delete-account' } }];
    }
    case 'RemovePasskey': {
      if (!state.passkeys[command.data.passkeyId]) throw notFound();
      const passkeysLeft = Object.keys(state.passkeys).length - 1;
      return [{ type: 'PasskeyRemoved', data: { ...command.data, passkeysLeft, removedAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** WebAuthn §6.1.1: authenticators that count must count up; one that answers 0 each time keeps no counter. */
function countedUp({ passkeyId, counter }: { passkeyId: string; counter: number }, state: PasskeysState): number {
  const known = state.passkeys[passkeyId]!.counter;
  if ((counter > 0 || known > 0) && counter <= known) throw new DomainError('IDENTITY.PASSKEY_COUNTER', 'forbidden', PASSKEY_MESSAGES.counterNotIncreased);
  return counter;
}

export const passkeysDecider: Decider<PasskeyCommand, PasskeyEvent, PasskeysState> = {
  decide: decidePasskeys,
  evolve: evolvePasskeys,
  initialState: initialPasskeysState,
};
