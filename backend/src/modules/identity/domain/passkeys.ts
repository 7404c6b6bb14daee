/**
 * Events of a user's passkeys, in their own stream `passkeys-{userId}` (each sign-in records the
 * signature counter: the user stream, replayed by every profile command, does not grow with it).
 * A credential's id and public key are the authenticator's random values and identify no one outside
 * this app; the user's link to them goes with the account (UserErased removes the read-model rows).
 */
export type PasskeyEvent =
  | {
      type: 'PasskeyRegistered';
      data: {
        userId: string;
        /** Our id of the credential (webauthn_credentials.id, DELETE /api/webauthn/credentials/{id}). */
        passkeyId: string;
        /** The authenticator's credential id and COSE public key, base64url. */
        credentialId: string;
        publicKey: string;
        counter: number;
        deviceType: 'singleDevice' | 'multiDevice';
        backedUp: boolean;
        transports: string[];
        registeredAt: string;
      };
    }
  /** A verified sign-in (or, with `purpose`, a confirmation of Delete Account): the authenticator's signature counter after it. */
  | { type: 'PasskeyUsed'; data: { userId: string; passkeyId: string; counter: number; usedAt: string; purpose?: 'delete-account' } }
  /** `passkeysLeft`: how many the user still has (users.hasWebAuthn is true while any remain). */
  | { type: 'PasskeyRemoved'; data: { userId: string; passkeyId: string; passkeysLeft: number; removedAt: string } };

export interface PasskeysState {
  /** By passkey id: the credential id and the last signature counter seen. */
  passkeys: Record<string, { credentialId: string; counter: number }>;
}

export const initialPasskeysState = (): PasskeysState => ({ passkeys: {} });

export function evolvePasskeys(state: PasskeysState, event: PasskeyEvent): PasskeysState {
  switch (event.type) {
    case 'PasskeyRegistered': {
      const { passkeyId, credentialId, counter } = event.data;
      return { passkeys: { ...state.passkeys, [passkeyId]: { credentialId, counter } } };
    }
    case 'PasskeyUsed': {
      const passkey = state.passkeys[event.data.passkeyId];
      return passkey ? { passkeys: { ...state.passkeys, [event.data.passkeyId]: { ...passkey, counter: event.data.counter } } } : state;
    }
    case 'PasskeyRemoved': {
      const { [event.data.passkeyId]: _removed, ...rest } = state.passkeys;
      return { passkeys: rest };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const passkeysStream = (userId: string) => `passkeys-${userId}`;

/** Passkeys one user may hold: a phone, a laptop, a security key or two, with room to spare. */
export const MAX_PASSKEYS_PER_USER = 10;
