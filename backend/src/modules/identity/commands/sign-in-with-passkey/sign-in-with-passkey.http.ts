import { Body, Controller, HttpCode, Post, Req, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsUuid } from '../../../../platform/http/dto-rules';
import { AuthThrottle } from '../../session/auth-throttle';
import { PasskeyCeremonies } from '../../session/passkey-ceremonies';
import { Public } from '../../session/session.guard';
import { requestOrigin, startSession } from '../../session/sign-in';
import { PasskeyCredentialDto } from '../passkey-credential.dto';
import { SignInWithPasskey } from './sign-in-with-passkey.handler';

export const PASSKEY_SIGNED_IN = 'Successfully signed in with biometrics!';
export const PASSKEY_SIGN_IN_FAILED = 'Authentication failed';

/** The spec names a userId; /login sends none (discoverable passkeys, docs/passkeys.md). */
export class BeginPasskeySignInDto {
  @IsOptional() @IsUuid('userId must be a user id') userId?: string;
}

export class CompletePasskeySignInDto {
  @ValidateNested() @Type(() => PasskeyCredentialDto) response!: PasskeyCredentialDto;
  @IsOptional() @IsUuid('userId must be a user id') userId?: string;
}

@ApiTags('webauthn')
@Controller('webauthn/authenticate')
export class SignInWithPasskeyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly ceremonies: PasskeyCeremonies,
    private readonly throttle: AuthThrottle,
  ) {}

  /** Sign-in options: a challenge bound to this browser's session (valid 5 minutes) and no list of credentials; 429 past 60 a minute from one address. */
  @Public()
  @Post('begin')
  @HttpCode(200)
  async begin(@Body() body: BeginPasskeySignInDto, @Req() req: Request) {
    await this.throttle.beforeSignInStart(requestOrigin(req).address);
    return this.ceremonies.beginAuthentication(req, body.userId ?? null);
  }

  /** `{verified, message, user}` and a new session cookie; 400 when the challenge is gone (used or expired), 401 when the passkey does not verify. */
  @Public()
  @Post('complete')
  @HttpCode(200)
  async complete(@Body() body: CompletePasskeySignInDto, @Req() req: Request): Promise<{ verified: true; message: string; user: User }> {
    const ceremony = await this.ceremonies.take(req, 'authenticate');
    const userId = body.userId ?? ceremony.userId;
    if (body.userId && ceremony.userId && body.userId !== ceremony.userId) throw new UnauthorizedException(PASSKEY_SIGN_IN_FAILED);
    const response = body.response as unknown as AuthenticationResponseJSON;
    const signIn = new SignInWithPasskey({ response, expectedChallenge: ceremony.challenge, userId, origin: requestOrigin(req), metadata: commandMetadata(req), openSession: (id) => startSession(req, id) });
    const user = await this.commands.execute(signIn);
    if (!user) throw new UnauthorizedException(PASSKEY_SIGN_IN_FAILED);
    return { verified: true, message: PASSKEY_SIGNED_IN, user };
  }
}
