import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CareUpdate } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CareUpdateDto, updateId } from '../care-update.dto';
import { EditCareUpdate } from './edit-care-update.handler';

/** 200 with the update as it now is; 403 for others who see the recipient than the author and the primary caregiver, 404 for anyone else. */
@ApiTags('care updates')
@Controller()
export class EditCareUpdateController {
  constructor(private readonly commands: CommandBus) {}

  @Put('updates/:id')
  edit(@Param('id', updateId) id: string, @Body() body: CareUpdateDto, @Req() req: Request): Promise<CareUpdate> {
    return this.commands.execute(new EditCareUpdate({ updateId: id, input: body, metadata: commandMetadata(req) }));
  }
}
