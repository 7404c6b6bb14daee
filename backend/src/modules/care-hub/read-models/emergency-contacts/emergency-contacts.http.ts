import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CareHubFamily, EmergencyContact, User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { CareHubFamilies } from '../../access/care-hub-families';
import { EmergencyContactsQuery } from './emergency-contacts.query';

@ApiTags('care hub')
@Controller()
export class EmergencyContactsReadController {
  constructor(
    private readonly families: CareHubFamilies,
    private readonly contacts: EmergencyContactsQuery,
  ) {}

  /** The contacts of every family the user belongs to (primary first, then oldest first), each saying whether they may change it. */
  @Get('emergency-contacts')
  async list(@CurrentUser() user: User): Promise<EmergencyContact[]> {
    return this.contacts.ofFamilies(await this.families.of(user.id));
  }

  /** The families whose contacts the user sees: their own first. */
  @Get('care-hub/families')
  listFamilies(@CurrentUser() user: User): Promise<CareHubFamily[]> {
    return this.families.list(user.id);
  }
}
