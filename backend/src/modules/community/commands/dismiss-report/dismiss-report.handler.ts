import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { COMMUNITY_CONVERSATION_TEXT as TEXT, type User } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { GroupAccess } from '../../access/group-access';
import { postStream } from '../../domain/post';
import { postDecider } from '../../domain/post.decide';
import { ReportsQuery } from '../../read-models/reports/reports.query';
import { commandOf } from '../../../../platform/commands/command';

/** A moderator dismisses a report, with every other open report about the same post or comment. */
export class DismissReport extends commandOf<{ reportId: string; user: User }>() {}

@CommandHandler(DismissReport)
export class DismissReportHandler implements ICommandHandler<DismissReport> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: GroupAccess,
    private readonly reports: ReportsQuery,
  ) {}

  async execute({ reportId, user, metadata }: DismissReport): Promise<void> {
    const report = await this.reports.target(reportId);
    if (!report) throw new DomainError('COMMUNITY.REPORT_NOT_FOUND', 'not_found', TEXT.reportNotFound);
    const actor = await this.access.inGroup(report.groupId, user);
    await this.streams.execute(postStream(report.postId), postDecider, { type: 'DismissReports', postId: report.postId, reportId, actor, metadata });
  }
}
