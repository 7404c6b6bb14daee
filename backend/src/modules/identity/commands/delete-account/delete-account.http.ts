import { BadRequestException, Body, Controller, Delete, ForbiddenException, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Request, Response } from 'express';
import { PASSWORD_MAX_LENGTH, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsText } from '../../../../platform/http/dto-rules';
import { PasskeyCeremonies } from '../../session/passkey-ceremonies';
import { CurrentUser } from '../../session/session.guard';
import { endSession } from '../../session/sign-in';
import { PasskeyCredentialDto } from '../passkey-credential.dto';
import { DeleteAccount, PASSKEY_NOT_CONFIRMED, type DeletionProof } from './delete-account.handler';

export const CONFIRMATION_NEEDED = 'Enter your password, or confirm with your passkey, to delete your account';
export const ONE_CONFIRMATION = 'Confirm with your password or with a passkey, not both';
export const NO_PASSWORD = 'Your account has no password (it was made with Google sign-in): confirm with a passkey.';

/** One of the two: the password, or the passkey's answer to POST /api/user/delete/passkey-options. */
export class DeleteAccountDto {
  @IsOptional() @IsText(PASSWORD_MAX_LENGTH, { message: CONFIRMATION_NEEDED }) password?: string;
  @IsOptional() @ValidateNested() @Type(() => PasskeyCredentialDto) passkeyAssertion?: PasskeyCredentialDto;
}

@ApiTags('user')
@Controller()
export class DeleteAccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly ceremonies: PasskeyCeremonies,
  ) {}

  /**
   * Options for navigator.credentials.get() that confirm Delete Account: the challenge is bound to this
   * session, to the signed-in user (only their passkeys) and to deleting the account; one use, 5 minutes.
   * 400 when the user has no passkey.
   */
  @Post('user/delete/passkey-options')
  @HttpCode(200)
  async passkeyOptions(@CurrentUser() user: User, @Req() req: Request) {
    return this.ceremonies.beginAccountDeletion(req, user.id);
  }

  /**
   * DESIGN.md: DELETE /api/user `{password}` (or a fresh passkey sign-in: `{passkeyAssertion}`), 204; the
   * account and the recipients it owns are erased. 400 without either (or with both, or with a password the account made by Google does not have) and when the passkey
   * challenge is gone (used or expired); 403 for a wrong password or a passkey answer that does not confirm.
   */
  @Delete('user')
  @HttpCode(204)
  async deleteAccount(@CurrentUser() user: User, @Body() body: DeleteAccountDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.commands.execute(new DeleteAccount({ user, proof: await this.proof(body, req, user), ip: req.ip ?? 'unknown', metadata: commandMetadata(req) }));
    await endSession(req, res);
  }

  private async proof({ password, passkeyAssertion }: DeleteAccountDto, req: Request, user: User): Promise<DeletionProof> {
    const hasPassword = password !== undefined && password !== '';
    if (hasPassword && passkeyAssertion) throw new BadRequestException(ONE_CONFIRMATION);
    // An account made by Google sign-in has a random password nobody knows: no use guessing it.
    if (hasPassword && user.signedUpWithGoogle) throw new BadRequestException({ message: NO_PASSWORD, errors: [{ field: 'password', message: NO_PASSWORD }] });
    if (hasPassword) return { password };
    if (!passkeyAssertion) throw new BadRequestException({ message: CONFIRMATION_NEEDED, errors: [{ field: 'password', message: CONFIRMATION_NEEDED }] });
    const ceremony = await this.ceremonies.take(req, 'delete-account');
    if (ceremony.userId !== user.id) throw new ForbiddenException(PASSKEY_NOT_CONFIRMED);
    return { passkey: { response: passkeyAssertion as unknown as AuthenticationResponseJSON, challenge: ceremony.challenge } };
  }
}
