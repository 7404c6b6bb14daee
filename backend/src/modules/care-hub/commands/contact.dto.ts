import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';
import { IsBoolean } from 'class-validator';
import { CARE_HUB_MAX, CARE_HUB_TEXT, CONTACT_TYPES, RELATIONSHIPS, SPECIALTIES, SUPPORT_ROLES } from '@carecircle/libs';
import type { ContactType, DoctorInput, EmergencyContactInput, FamilySupportInput, Relationship, Specialty, SupportRole } from '@carecircle/libs';
import { IfGiven, IsEmailAddress, IsOneOf, IsText, IsUuid } from '../../../platform/http/dto-rules';
import type { ContactKind } from '../domain/contacts';
import { CONTACT_RULES } from '../domain/contacts.decide';

/**
 * The three dialogs (POST and PUT, a full replace): types and lengths here, the rest in the decider
 * (the phone's validity, trimming). Blank optional fields are stored as null.
 */
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

export class FamilySupportDto implements FamilySupportInput {
  @IsText(CARE_HUB_MAX.name, { message: CARE_HUB_TEXT.supportRequiredName }) name!: string;
  /** Default school_nurse. */
  @IfGiven() @IsOneOf(SUPPORT_ROLES, CARE_HUB_TEXT.unknown.role) role?: SupportRole;
  @IfGiven() @IsText(CARE_HUB_MAX.organization) organization?: string | null;
  /** A person's number as typed, an extension after ext, x, # or a comma; stored in E.164 with `;ext=N` (`+14155550134;ext=12`). Short service numbers such as 911 are refused. */
  @IfGiven() @IsText(CARE_HUB_MAX.phone) phoneNumber?: string | null;
  @IfGiven() @IsEmailAddress(CARE_HUB_TEXT.emailInvalid, { optional: true }) email?: string | null;
  @IfGiven() @IsText(CARE_HUB_MAX.notes) notes?: string | null;
  /** The recipient the resource belongs to, as the spec's form sends it: another one than the path's (or the resource's) is a 400. */
  @IfGiven() @IsUuid() childId?: string;
}

/** An entry's id in a path: a non-UUID is the kind's 404 ("Doctor not found"). */
export const entryId = (kind: ContactKind) => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(CONTACT_RULES[kind].notFound) });
