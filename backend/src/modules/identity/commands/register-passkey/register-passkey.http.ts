import { BadRequestException, Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CEREMONY_GONE, PasskeyCeremonies } from '../../session/passkey-ceremonies';
import { CurrentUser } from '../../session/session.guard';
import { PasskeyCredentialDto } from '../passkey-credential.dto';
import { RegisterPasskey } from './register-passkey.handler';

export const REGISTRATION_COMPLETE = 'Biometric authentication setup successful! You can now use Face ID or Touch ID to sign in.';

@ApiTags('webauthn')
@Controller('webauthn/register')
export class RegisterPasskeyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly ceremonies: PasskeyCeremonies,
  ) {}

  /** Registration options for the signed-in user (a challenge bound to this session, valid 5 minutes). */
  @Post('begin')
  @HttpCode(200)
  begin(@CurrentUser() user: User, @Req() req: Request) {
    return this.ceremonies.beginRegistration(req, user);
  }

  /** `{verified, message}`; 400 when the challenge is gone or the credential does not verify, 409 when it is registered already. */
  @Post('complete')
  @HttpCode(200)
  async complete(@CurrentUser() user: User, @Body() body: PasskeyCredentialDto, @Req() req: Request): Promise<{ verified: true; message: string }> {
    const { challenge, userId } = await this.ceremonies.take(req, 'register');
    if (userId !== user.id) throw new BadRequestException(CEREMONY_GONE);
    await this.commands.execute(new RegisterPasskey({ userId: user.id, response: body as unknown as RegistrationResponseJSON, expectedChallenge: challenge, metadata: commandMetadata(req) }));
    return { verified: true, message: REGISTRATION_COMPLETE };
  }
}
