import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { COMMUNITY_CONVERSATION_TEXT as TEXT, type ReportView, type User } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { CurrentUser } from '../../../identity';
import { GroupAccess } from '../../access/group-access';
import { groupIdPipe } from '../../commands/group-id';
import { ReportsQuery } from './reports.query';

/** The report queue of a group: its moderators only. */
@ApiTags('community')
@Controller()
export class ReportsReadController {
  constructor(
    private readonly access: GroupAccess,
    private readonly reports: ReportsQuery,
  ) {}

  /** Open reports, newest first, one entry per reported post or comment (at most 200). */
  @Get('groups/:id/reports')
  async list(@Param('id', groupIdPipe) id: string, @CurrentUser() user: User): Promise<ReportView[]> {
    const viewer = await this.access.reader(id, user);
    if (!viewer.canModerate) throw new DomainError('COMMUNITY.FORBIDDEN', 'forbidden', TEXT.moderatorsOnly);
    return this.reports.open(id);
  }
}
