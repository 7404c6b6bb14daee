import { deciderSpec } from '../../../test-support/decider-spec';
import { MAX_PASSKEYS_PER_USER, type PasskeyEvent } from './passkeys';
import { PASSKEY_MESSAGES, passkeysDecider } from './passkeys.decide';

const metadata = { actorId: 'u1', correlationId: 'c1', occurredAt: '2026-11-28T08:00:00.000Z' };
const spec = deciderSpec(passkeysDecider);
const credential = (n: number) => ({
  userId: 'u1',
  passkeyId: `p${n}`,
  credentialId: `cred-${n}`,
  publicKey: 'pQECAyYgASFYIA',
  counter: 0,
  deviceType: 'singleDevice' as const,
  backedUp: false,
  transports: ['internal'],
});
const registered = (n: number): PasskeyEvent => ({ type: 'PasskeyRegistered', data: { ...credential(n), registeredAt: '2026-11-27T08:00:00.000Z' } });
const used = (counter: number): PasskeyEvent => ({ type: 'PasskeyUsed', data: { userId: 'u1', passkeyId: 'p1', counter, usedAt: '2026-11-27T09:00:00.000Z' } });

describe('passkeys decider', () => {
  describe('RegisterPasskey', () => {
    it('registers a verified credential at the command time', () => {
      spec
        .given([])
        .when({ type: 'RegisterPasskey', data: credential(1), metadata })
        .then([{ type: 'PasskeyRegistered', data: { ...credential(1), registeredAt: metadata.occurredAt } }]);
    });

    it('refuses the same credential twice', () => {
      spec
        .given([registered(1)])
        .when({ type: 'RegisterPasskey', data: { ...credential(1), passkeyId: 'p9' }, metadata })
        .thenThrows('IDENTITY.PASSKEY_ALREADY_REGISTERED', PASSKEY_MESSAGES.alreadyRegistered);
    });

    it(`refuses more than ${MAX_PASSKEYS_PER_USER} passkeys, naming the limit`, () => {
      const full = Array.from({ length: MAX_PASSKEYS_PER_USER }, (_, i) => registered(i + 1));
      spec
        .given(full)
        .when({ type: 'RegisterPasskey', data: credential(99), metadata })
        .thenThrows('IDENTITY.TOO_MANY_PASSKEYS', 'A user has at most 10 passkeys.');
    });
  });

  describe('UsePasskey', () => {
    const use = (counter: number, passkeyId = 'p1') => ({ type: 'UsePasskey' as const, data: { userId: 'u1', passkeyId, counter }, metadata });

    it('records the counter of a sign-in when it went up', () => {
      spec
        .given([registered(1), used(4)])
        .when(use(5))
        .then([{ type: 'PasskeyUsed', data: { userId: 'u1', passkeyId: 'p1', counter: 5, usedAt: metadata.occurredAt } }]);
    });

    it('accepts an authenticator that keeps no counter (0 each time)', () => {
      spec
        .given([registered(1), used(0)])
        .when(use(0))
        .then([{ type: 'PasskeyUsed', data: { userId: 'u1', passkeyId: 'p1', counter: 0, usedAt: metadata.occurredAt } }]);
    });

    it('refuses a counter that did not go up (a replayed or cloned authenticator)', () => {
      spec.given([registered(1), used(4)]).when(use(4)).thenThrows('IDENTITY.PASSKEY_COUNTER', PASSKEY_MESSAGES.counterNotIncreased);
      spec.given([registered(1), used(4)]).when(use(0)).thenThrows('IDENTITY.PASSKEY_COUNTER');
    });

    it('refuses a removed passkey', () => {
      const removed: PasskeyEvent = { type: 'PasskeyRemoved', data: { userId: 'u1', passkeyId: 'p1', passkeysLeft: 0, removedAt: '2026-11-27T10:00:00.000Z' } };
      spec.given([registered(1), removed]).when(use(1)).thenThrows('IDENTITY.PASSKEY_NOT_FOUND', 'Passkey not found');
    });
  });

  describe('ConfirmAccountDeletion', () => {
    const confirm = (counter: number, passkeyId = 'p1') => ({ type: 'ConfirmAccountDeletion' as const, data: { userId: 'u1', passkeyId, counter }, metadata });

    it('records the use, for deleting the account, when the counter went up', () => {
      spec
        .given([registered(1), used(4)])
        .when(confirm(5))
        .then([{ type: 'PasskeyUsed', data: { userId: 'u1', passkeyId: 'p1', counter: 5, usedAt: metadata.occurredAt, purpose: 'delete-account' } }]);
    });

    it('refuses a counter that did not go up, as a sign-in would (a replayed answer)', () => {
      spec.given([registered(1), used(4)]).when(confirm(4)).thenThrows('IDENTITY.PASSKEY_COUNTER', PASSKEY_MESSAGES.counterNotIncreased);
    });

    it('refuses a passkey that is not in the user\'s stream (another user\'s, or removed) as not theirs', () => {
      spec.given([registered(1)]).when(confirm(1, 'p7')).thenThrows('IDENTITY.PASSKEY_NOT_YOURS', PASSKEY_MESSAGES.notYours);
      const removed: PasskeyEvent = { type: 'PasskeyRemoved', data: { userId: 'u1', passkeyId: 'p1', passkeysLeft: 0, removedAt: '2026-11-27T10:00:00.000Z' } };
      spec.given([registered(1), removed]).when(confirm(1)).thenThrows('IDENTITY.PASSKEY_NOT_YOURS');
    });
  });

  describe('RemovePasskey', () => {
    const remove = (passkeyId: string) => ({ type: 'RemovePasskey' as const, data: { userId: 'u1', passkeyId }, metadata });

    it('removes one and says how many are left', () => {
      spec
        .given([registered(1), registered(2)])
        .when(remove('p1'))
        .then([{ type: 'PasskeyRemoved', data: { userId: 'u1', passkeyId: 'p1', passkeysLeft: 1, removedAt: metadata.occurredAt } }]);
    });

    it('refuses an unknown or already removed passkey', () => {
      spec.given([]).when(remove('p1')).thenThrows('IDENTITY.PASSKEY_NOT_FOUND');
    });
  });
});
