import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Doctor, EmergencyContact, FamilySupportResource } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { DoctorDto, EmergencyContactDto, entryId, FamilySupportDto } from '../contact.dto';
import { UpdateContact } from './update-contact.handler';

/** 200 with the entry as it now is. */
@ApiTags('care hub')
@Controller()
export class UpdateContactController {
  constructor(private readonly commands: CommandBus) {}

  @Put('emergency-contacts/:id')
  updateEmergencyContact(@Param('id', entryId('emergencyContact')) id: string, @Body() body: EmergencyContactDto, @Req() req: Request): Promise<EmergencyContact> {
    return this.commands.execute(new UpdateContact('emergencyContact', id, body, commandMetadata(req)));
  }

  @Put('doctors/:id')
  updateDoctor(@Param('id', entryId('doctor')) id: string, @Body() body: DoctorDto, @Req() req: Request): Promise<Doctor> {
    return this.commands.execute(new UpdateContact('doctor', id, body, commandMetadata(req)));
  }

  @Put('family-support/:id')
  updateFamilySupport(@Param('id', entryId('familySupport')) id: string, @Body() body: FamilySupportDto, @Req() req: Request): Promise<FamilySupportResource> {
    return this.commands.execute(new UpdateContact('familySupport', id, body, commandMetadata(req)));
  }
}
