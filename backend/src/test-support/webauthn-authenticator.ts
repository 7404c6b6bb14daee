import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/** What POST /api/webauthn/register/begin and /authenticate/begin answer (the parts an authenticator reads). */
interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const u32 = (n: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(n);
  return bytes;
};

/**
 * A software passkey for HTTP tests: a real P-256 key pair that answers WebAuthn ceremonies the way a
 * platform authenticator does (attestation 'none', user present and verified, a counter that counts up),
 * so @simplewebauthn/server verifies real signatures. Browser tests use Chromium's virtual authenticator.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private userHandle = '';
  counter = 0;

  constructor(readonly origin: string) {}

  get id(): string {
    return b64(this.credentialId);
  }

  /** The credential result for navigator.credentials.create() with these options. */
  register(options: Options) {
    this.userHandle = options.user!.id;
    const rpId = options.rp?.id ?? new URL(this.origin).hostname;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([rpIdHash(rpId), Buffer.from([0x45]), u32(this.counter), Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: this.clientData('webauthn.create', options.challenge), attestationObject: b64(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The assertion for navigator.credentials.get() with these options; each one counts up, as real authenticators do. */
  authenticate(options: Options, { counter = this.counter + 1, key = this.keys.privateKey }: { counter?: number; key?: KeyObject } = {}) {
    this.counter = counter;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = Buffer.concat([rpIdHash(rpId), Buffer.from([0x05]), u32(counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([authData, createHash('sha256').update(isoBase64URL.toBuffer(clientDataJSON)).digest()]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { authenticatorData: b64(authData), clientDataJSON, signature: b64(sign('sha256', signed, key)), userHandle: this.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string): string {
    return b64(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }
}

const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();
