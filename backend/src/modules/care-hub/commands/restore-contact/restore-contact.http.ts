import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Doctor, EmergencyContact, FamilySupportResource } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { entryId } from '../contact.dto';
import { RestoreContact } from './restore-contact.handler';

/** 200 with the entry as it was. */
@ApiTags('care hub')
@Controller()
export class RestoreContactController {
  constructor(private readonly commands: CommandBus) {}

  @Post('emergency-contacts/:id/restore')
  @HttpCode(200)
  restoreEmergencyContact(@Param('id', entryId('emergencyContact')) id: string, @Req() req: Request): Promise<EmergencyContact> {
    return this.commands.execute(new RestoreContact('emergencyContact', id, commandMetadata(req)));
  }

  @Post('doctors/:id/restore')
  @HttpCode(200)
  restoreDoctor(@Param('id', entryId('doctor')) id: string, @Req() req: Request): Promise<Doctor> {
    return this.commands.execute(new RestoreContact('doctor', id, commandMetadata(req)));
  }

  @Post('family-support/:id/restore')
  @HttpCode(200)
  restoreFamilySupport(@Param('id', entryId('familySupport')) id: string, @Req() req: Request): Promise<FamilySupportResource> {
    return this.commands.execute(new RestoreContact('familySupport', id, commandMetadata(req)));
  }
}
