import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { Request } from 'express';
import {
  CARE_HUB_MAX,
  CARE_HUB_TEXT,
  CONTACT_TYPES,
  RELATIONSHIPS,
  type ContactType,
  type EmergencyContact,
  type EmergencyContactInput,
  type Relationship,
} from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { IfGiven, IsEmailAddress, IsOneOf, IsText, IsUuid } from '../../../platform/http/dto-rules';
import { EmergencyContactsQuery } from '../read-models/emergency-contacts/emergency-contacts.query';
import { ExecuteEmergencyContactCommand, type EmergencyContactRequest } from './emergency-contact-command.handler';

/** The contact dialog (POST and PUT, a full replace): types and lengths here, the rest in the decider (the phone's validity, trimming). */
export class EmergencyContactDto implements EmergencyContactInput {
  @IsText(CARE_HUB_MAX.name, { message: CARE_HUB_TEXT.contactRequiredName }) name!: string;
  /** A person's number as typed, an extension after ext, x, # or a comma; stored in E.164 with `;ext=N` (`+14155550134;ext=12`). Short service numbers such as 911 are refused. */
  @IsText(CARE_HUB_MAX.phone, { message: CARE_HUB_TEXT.contactRequiredPhone }) phoneNumber!: string;
  /** One of the dialog's relationships; empty or null for none. */
  @IfGiven() @IsOneOf([...RELATIONSHIPS, ''], CARE_HUB_TEXT.unknown.relationship) relationship?: Relationship | null;
  /** Default family. */
  @IfGiven() @IsOneOf(CONTACT_TYPES, CARE_HUB_TEXT.unknown.contactType) contactType?: ContactType;
  /** Default false (secondary contact). */
  @IfGiven() @IsBoolean() isPrimary?: boolean;
  @IfGiven() @IsText(CARE_HUB_MAX.notes) notes?: string | null;
  /** Where urgent escalations email the contact; empty or null for none. */
  @IfGiven() @IsEmailAddress(CARE_HUB_TEXT.emailInvalid, { optional: true }) email?: string | null;
  /** Which family's list (its primary caregiver's user id); default the user's own list, else the one family that lets them edit (see GET /api/care-hub/families). */
  @IfGiven() @IsUuid() familyId?: string;
}

const contactId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(CARE_HUB_TEXT.notFound.contact) });

@ApiTags('care hub')
@Controller('emergency-contacts')
export class EmergencyContactsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly contacts: EmergencyContactsQuery,
  ) {}

  @Post()
  async add(@Body() body: EmergencyContactDto, @Req() req: Request): Promise<EmergencyContact> {
    const contactId = randomUUID();
    await this.execute({ type: 'AddEmergencyContact', data: { contactId, input: body }, metadata: commandMetadata(req) });
    return this.answer(contactId);
  }

  @Put(':id')
  async update(@Param('id', contactId) id: string, @Body() body: EmergencyContactDto, @Req() req: Request): Promise<EmergencyContact> {
    await this.execute({ type: 'UpdateEmergencyContact', data: { contactId: id, input: body }, metadata: commandMetadata(req) });
    return this.answer(id);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', contactId) id: string, @Req() req: Request): Promise<void> {
    await this.execute({ type: 'DeleteEmergencyContact', data: { contactId: id }, metadata: commandMetadata(req) });
  }

  /** The toast's Undo after a delete: the contact comes back as it was. Restoring a contact that is there changes nothing. */
  @Post(':id/restore')
  @HttpCode(200)
  async restore(@Param('id', contactId) id: string, @Req() req: Request): Promise<EmergencyContact> {
    await this.execute({ type: 'RestoreEmergencyContact', data: { contactId: id }, metadata: commandMetadata(req) });
    return this.answer(id);
  }

  private execute(request: EmergencyContactRequest): Promise<string> {
    return this.commands.execute(new ExecuteEmergencyContactCommand(request));
  }

  /** The contact as the projection now shows it; the user may change it (they just did). */
  private async answer(id: string): Promise<EmergencyContact> {
    return (await this.contacts.byId(id, true))!;
  }
}
