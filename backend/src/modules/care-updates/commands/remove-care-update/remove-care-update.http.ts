import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { updateId } from '../care-update.dto';
import { RemoveCareUpdate } from './remove-care-update.handler';

/** 204; 403 for others who see the recipient than the author and the primary caregiver, 404 for anyone else. */
@ApiTags('care updates')
@Controller()
export class RemoveCareUpdateController {
  constructor(private readonly commands: CommandBus) {}

  @Delete('updates/:id')
  @HttpCode(204)
  remove(@Param('id', updateId) id: string, @Req() req: Request): Promise<void> {
    return this.commands.execute(new RemoveCareUpdate({ updateId: id, metadata: commandMetadata(req) }));
  }
}
