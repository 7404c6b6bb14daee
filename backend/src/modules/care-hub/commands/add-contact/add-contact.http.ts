import { randomUUID } from 'node:crypto';
import { Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Doctor, EmergencyContact, FamilySupportResource } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { DoctorDto, EmergencyContactDto, FamilySupportDto } from '../contact.dto';
import { AddContact } from './add-contact.handler';

/** 201 with the new entry. A doctor or support person is added to the recipient of the path (edit rights). */
@ApiTags('care hub')
@Controller()
@UseGuards(ChildAccessGuard)
export class AddContactController {
  constructor(private readonly commands: CommandBus) {}

  @Post('emergency-contacts')
  addEmergencyContact(@Body() body: EmergencyContactDto, @Req() req: Request): Promise<EmergencyContact> {
    return this.commands.execute(new AddContact('emergencyContact', body.familyId, randomUUID(), body, commandMetadata(req)));
  }

  @Post('children/:childId/doctors')
  @ChildAccess('edit')
  addDoctor(@Param('childId') childId: string, @Body() body: DoctorDto, @Req() req: Request): Promise<Doctor> {
    return this.commands.execute(new AddContact('doctor', childId, randomUUID(), body, commandMetadata(req)));
  }

  @Post('children/:childId/family-support')
  @ChildAccess('edit')
  addFamilySupport(@Param('childId') childId: string, @Body() body: FamilySupportDto, @Req() req: Request): Promise<FamilySupportResource> {
    return this.commands.execute(new AddContact('familySupport', childId, randomUUID(), body, commandMetadata(req)));
  }
}
