import { Controller, Get, NotFoundException, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CARE_UPDATE_TEXT, type CareUpdateVersion, type User } from '@carecircle/libs';
import { CurrentUser } from '../../identity';
import { CareUpdateAccess } from '../access/care-update-access';
import { CareUpdateHistoryQuery } from './care-update-history.query';

const updateId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(CARE_UPDATE_TEXT.notFound) });

@ApiTags('care updates')
@Controller('updates')
export class CareUpdateHistoryController {
  constructor(
    private readonly access: CareUpdateAccess,
    private readonly history: CareUpdateHistoryQuery,
  ) {}

  /** Every version of an update, in order (posted, each edit, the removal); for everyone who sees its recipient. */
  @Get(':id/history')
  async list(@Param('id', updateId) id: string, @CurrentUser() user: User): Promise<CareUpdateVersion[]> {
    await this.access.recipientOf(user.id, id);
    return this.history.versions(id);
  }
}
