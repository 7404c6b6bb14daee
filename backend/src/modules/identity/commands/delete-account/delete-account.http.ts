import { Body, Controller, Delete, HttpCode, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PASSWORD_MAX_LENGTH, type User } from '@carecircle/libs';
import { IsNotEmpty } from 'class-validator';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsText } from '../../../../platform/http/dto-rules';
import { CurrentUser } from '../../session/session.guard';
import { endSession } from '../../session/sign-in';
import { DeleteAccount } from './delete-account.handler';

const PASSWORD_NEEDED = 'Enter your password to delete your account';

export class DeleteAccountDto {
  @IsText(PASSWORD_MAX_LENGTH, { message: PASSWORD_NEEDED })
  @IsNotEmpty({ message: PASSWORD_NEEDED })
  password!: string;
}

@ApiTags('user')
@Controller()
export class DeleteAccountController {
  constructor(private readonly commands: CommandBus) {}

  /** DESIGN.md: DELETE /api/user `{password}`, 204; the account and the recipients it owns are erased. */
  @Delete('user')
  @HttpCode(204)
  async deleteAccount(@CurrentUser() user: User, @Body() body: DeleteAccountDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.commands.execute(new DeleteAccount(user, body.password, req.ip ?? 'unknown', commandMetadata(req)));
    await endSession(req, res);
  }
}
