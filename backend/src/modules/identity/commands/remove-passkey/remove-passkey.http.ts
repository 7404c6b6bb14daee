import { Controller, Delete, HttpCode, Param, ParseUUIDPipe, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../session/session.guard';
import { RemovePasskey } from './remove-passkey.handler';

@ApiTags('webauthn')
@Controller('webauthn/credentials')
export class RemovePasskeyController {
  constructor(private readonly commands: CommandBus) {}

  /** 204; 404 for an id that is not one of the signed-in user's passkeys. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: User, @Param('id', new ParseUUIDPipe()) id: string, @Req() req: Request): Promise<void> {
    await this.commands.execute(new RemovePasskey({ userId: user.id, passkeyId: id, metadata: commandMetadata(req) }));
  }
}
