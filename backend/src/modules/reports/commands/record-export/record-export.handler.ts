import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataExportFormat, DataExportKind } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { dataExportStream } from '../../domain/data-export';
import { dataExportDecider } from '../../domain/data-export.decide';
import { commandOf } from '../../../../platform/commands/command';

/**
 * Records that the actor exported data (the audit's "Data exported"). The routes send it once the
 * request is checked and before the first byte of the file: a refused request records nothing, and
 * a download that breaks off midway was still an export.
 */
export class RecordExport extends commandOf<{ what: { kind: DataExportKind; format: DataExportFormat; childId?: string; from?: string; to?: string }; metadata: CommandMetadata & { actorId: string } }>() {}

@CommandHandler(RecordExport)
export class RecordExportHandler implements ICommandHandler<RecordExport> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ what, metadata }: RecordExport): Promise<void> {
    await this.streams.execute(dataExportStream(metadata.actorId), dataExportDecider, { type: 'RecordExport', data: { userId: metadata.actorId, ...what }, metadata });
  }
}
