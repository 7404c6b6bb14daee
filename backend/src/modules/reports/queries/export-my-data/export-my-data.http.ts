import { Readable } from 'node:stream';
import { Controller, Get, Req, StreamableFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { RecordExport } from '../../commands/record-export/record-export.handler';
import { ExportMyDataQuery } from './export-my-data.query';
import { ExportTurns } from './export-turns';

/** GET /api/user/export: a JSON attachment of everything the signed-in user may see, streamed. */
@ApiTags('data & privacy')
@Controller()
export class ExportMyDataController {
  constructor(
    private readonly exporter: ExportMyDataQuery,
    private readonly turns: ExportTurns,
    private readonly commands: CommandBus,
  ) {}

  @Get('user/export')
  @ApiProduces('application/json')
  async export(@CurrentUser() user: User, @Req() req: Request): Promise<StreamableFile> {
    const release = this.turns.take(user.id);
    try {
      const metadata = { ...commandMetadata(req), actorId: user.id };
      await this.commands.execute(new RecordExport({ what: { kind: 'everything', format: 'json' }, metadata }));
      const exportedAt = new Date(metadata.occurredAt);
      const body = Readable.from(this.exporter.document(user, exportedAt), { objectMode: false });
      body.once('close', release);
      // A client that goes away mid-download: stop reading (the generator's finally runs) and free the turn.
      req.res?.once('close', () => {
        if (!body.destroyed) body.destroy();
        release();
      });
      return new StreamableFile(body, {
        type: 'application/json; charset=utf-8',
        disposition: `attachment; filename="carecircle-export-${exportedAt.toISOString().slice(0, 10)}.json"`,
      });
    } catch (error) {
      release();
      throw error;
    }
  }
}
