import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { entryId } from '../contact.dto';
import { DeleteContact } from './delete-contact.handler';

/** 204; the entry's row goes at once. */
@ApiTags('care hub')
@Controller()
export class DeleteContactController {
  constructor(private readonly commands: CommandBus) {}

  @Delete('emergency-contacts/:id')
  @HttpCode(204)
  deleteEmergencyContact(@Param('id', entryId('emergencyContact')) id: string, @Req() req: Request): Promise<void> {
    return this.commands.execute(new DeleteContact({ kind: 'emergencyContact', id, metadata: commandMetadata(req) }));
  }

  @Delete('doctors/:id')
  @HttpCode(204)
  deleteDoctor(@Param('id', entryId('doctor')) id: string, @Req() req: Request): Promise<void> {
    return this.commands.execute(new DeleteContact({ kind: 'doctor', id, metadata: commandMetadata(req) }));
  }

  @Delete('family-support/:id')
  @HttpCode(204)
  deleteFamilySupport(@Param('id', entryId('familySupport')) id: string, @Req() req: Request): Promise<void> {
    return this.commands.execute(new DeleteContact({ kind: 'familySupport', id, metadata: commandMetadata(req) }));
  }
}
