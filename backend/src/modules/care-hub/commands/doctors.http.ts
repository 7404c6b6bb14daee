import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { Request } from 'express';
import { CARE_HUB_MAX, CARE_HUB_TEXT, SPECIALTIES, type Doctor, type DoctorInput, type Specialty } from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { IfGiven, IsEmailAddress, IsOneOf, IsText, IsUuid } from '../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard } from '../../care-recipients';
import { DoctorsQuery } from '../read-models/doctors/doctors.query';
import { ExecuteCareDirectoryCommand, type CareDirectoryRequest } from './care-directory-command.handler';

/** The doctor dialog (POST and PUT, a full replace). Blank optional fields are stored as null. */
export class DoctorDto implements DoctorInput {
  @IsText(CARE_HUB_MAX.name, { message: CARE_HUB_TEXT.doctorRequiredName }) name!: string;
  /** Default pediatrician. */
  @IfGiven() @IsOneOf(SPECIALTIES, CARE_HUB_TEXT.unknown.specialty) specialty?: Specialty;
  /** A person's number as typed, an extension after ext, x, # or a comma; stored in E.164 with `;ext=N` (`+14155550134;ext=12`). Short service numbers such as 911 are refused. */
  @IfGiven() @IsText(CARE_HUB_MAX.phone) phoneNumber?: string | null;
  @IfGiven() @IsEmailAddress(CARE_HUB_TEXT.emailInvalid, { optional: true }) email?: string | null;
  @IfGiven() @IsText(CARE_HUB_MAX.address) address?: string | null;
  @IfGiven() @IsText(CARE_HUB_MAX.notes) notes?: string | null;
  /** Default false. */
  @IfGiven() @IsBoolean() isPrimary?: boolean;
  /** The recipient the doctor belongs to, as the spec's form sends it: another one than the path's (or the doctor's) is a 400. */
  @IfGiven() @IsUuid() childId?: string;
}

const doctorId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(CARE_HUB_TEXT.notFound.doctor) });

@ApiTags('care hub')
@Controller()
@UseGuards(ChildAccessGuard)
export class DoctorsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly doctors: DoctorsQuery,
  ) {}

  @Post('children/:childId/doctors')
  @ChildAccess('edit')
  async add(@Param('childId') childId: string, @Body() body: DoctorDto, @Req() req: Request): Promise<Doctor> {
    const id = randomUUID();
    await this.execute({ type: 'AddDoctor', childId, data: { doctorId: id, input: body }, metadata: commandMetadata(req) });
    return this.answer(id);
  }

  @Put('doctors/:id')
  async update(@Param('id', doctorId) id: string, @Body() body: DoctorDto, @Req() req: Request): Promise<Doctor> {
    await this.execute({ type: 'UpdateDoctor', data: { doctorId: id, input: body }, metadata: commandMetadata(req) });
    return this.answer(id);
  }

  @Delete('doctors/:id')
  @HttpCode(204)
  async remove(@Param('id', doctorId) id: string, @Req() req: Request): Promise<void> {
    await this.execute({ type: 'DeleteDoctor', data: { doctorId: id }, metadata: commandMetadata(req) });
  }

  /** The toast's Undo after a delete. Restoring a doctor that is there changes nothing. */
  @Post('doctors/:id/restore')
  @HttpCode(200)
  async restore(@Param('id', doctorId) id: string, @Req() req: Request): Promise<Doctor> {
    await this.execute({ type: 'RestoreDoctor', data: { doctorId: id }, metadata: commandMetadata(req) });
    return this.answer(id);
  }

  private execute(request: CareDirectoryRequest): Promise<string> {
    return this.commands.execute(new ExecuteCareDirectoryCommand(request));
  }

  private async answer(id: string): Promise<Doctor> {
    return (await this.doctors.byId(id))!;
  }
}
