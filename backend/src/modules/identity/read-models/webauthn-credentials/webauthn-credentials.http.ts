import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PasskeySummary, User } from '@carecircle/libs';
import { CurrentUser } from '../../session/session.guard';
import { WebAuthnCredentialsQuery } from './webauthn-credentials.query';

@ApiTags('webauthn')
@Controller('webauthn')
export class WebAuthnStatusController {
  constructor(private readonly credentials: WebAuthnCredentialsQuery) {}

  /** GET /api/webauthn/status: the spec's `hasWebAuthn`, and the user's own passkeys (for removal). */
  @Get('status')
  async status(@CurrentUser() user: User): Promise<{ hasWebAuthn: boolean; credentials: PasskeySummary[] }> {
    const credentials = await this.credentials.summariesOf(user.id);
    return { hasWebAuthn: credentials.length > 0, credentials };
  }
}
