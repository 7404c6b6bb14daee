import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CareHubFamily, Doctor, EmergencyContact, FamilySupportResource, User } from '@carecircle/libs';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { CurrentUser } from '../../../identity';
import { CareHubFamilies } from '../../access/care-hub-families';
import { ContactsQuery, EmergencyContactsQuery } from './contacts.query';

/** The lists: a family's emergency contacts (every family the user belongs to), a recipient's doctors and support people. */
@ApiTags('care hub')
@Controller()
@UseGuards(ChildAccessGuard)
export class ContactsReadController {
  constructor(
    private readonly families: CareHubFamilies,
    private readonly contacts: ContactsQuery,
    private readonly emergencyContacts: EmergencyContactsQuery,
  ) {}

  /** The contacts of every family the user belongs to (primary first, then oldest first), each saying whether they may change it. */
  @Get('emergency-contacts')
  async listEmergencyContacts(@CurrentUser() user: User): Promise<EmergencyContact[]> {
    return this.emergencyContacts.ofFamilies(await this.families.of(user.id));
  }

  /** The families whose contacts the user sees: their own first. */
  @Get('care-hub/families')
  listFamilies(@CurrentUser() user: User): Promise<CareHubFamily[]> {
    return this.families.list(user.id);
  }

  /** A recipient's doctors: primary care first, then oldest first. */
  @Get('children/:childId/doctors')
  @ChildAccess('read')
  listDoctors(@Param('childId') childId: string): Promise<Doctor[]> {
    return this.contacts.list('doctor', [childId]);
  }

  /** A recipient's support people, oldest first. */
  @Get('children/:childId/family-support')
  @ChildAccess('read')
  listFamilySupport(@Param('childId') childId: string): Promise<FamilySupportResource[]> {
    return this.contacts.list('familySupport', [childId]);
  }
}
