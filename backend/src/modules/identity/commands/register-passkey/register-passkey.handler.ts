import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { passkeysStream } from '../../domain/passkeys';
import { PASSKEY_MESSAGES, passkeysDecider } from '../../domain/passkeys.decide';
import { WebAuthnCredentialsQuery } from '../../read-models/webauthn-credentials/webauthn-credentials.query';
import { PasskeyCeremonies, webAuthn } from '../../session/passkey-ceremonies';
import { commandOf } from '../../../../platform/commands/command';

/** The spec's 'Setup Failed' fallback text, answered when the browser's credential does not verify. */
export const REGISTRATION_FAILED = 'Registration failed';

/** POST /api/webauthn/register/complete: the credential result for the challenge this session began. */
export class RegisterPasskey extends commandOf<{ userId: string; response: RegistrationResponseJSON; expectedChallenge: string }>() {}

/**
 * Verifies the attestation (challenge, origin, RP ID, user presence) with @simplewebauthn/server, then
 * records the passkey. A credential id already registered to anyone is a 409, decided before anything
 * is appended.
 */
@CommandHandler(RegisterPasskey)
export class RegisterPasskeyHandler implements ICommandHandler<RegisterPasskey> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly ceremonies: PasskeyCeremonies,
    private readonly credentials: WebAuthnCredentialsQuery,
  ) {}

  async execute({ userId, response, expectedChallenge, metadata }: RegisterPasskey): Promise<void> {
    const { rpID, origin } = this.ceremonies.relyingParty;
    const failed = () => new DomainError('IDENTITY.PASSKEY_NOT_VERIFIED', 'invalid', REGISTRATION_FAILED);
    const verification = await (await webAuthn()).verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false }).catch(() => {
      throw failed();
    });
    if (!verification.verified) throw failed();
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    if (await this.credentials.byCredentialId(credential.id)) {
      throw new DomainError('IDENTITY.PASSKEY_ALREADY_REGISTERED', 'conflict', PASSKEY_MESSAGES.alreadyRegistered);
    }
    const data = {
      userId,
      passkeyId: randomUUID(),
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      transports: (credential.transports ?? []).slice(0, 10),
    };
    await this.streams.execute(passkeysStream(userId), passkeysDecider, { type: 'RegisterPasskey', data, metadata });
  }
}
