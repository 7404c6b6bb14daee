import { randomUUID } from 'node:crypto';
import { Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CareUpdate } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { CareUpdateDto } from '../care-update.dto';
import { PostCareUpdate } from './post-care-update.handler';

/** 201 with the new update. Needs only read access to the recipient: view-only caregivers post too. */
@ApiTags('care updates')
@Controller()
@UseGuards(ChildAccessGuard)
export class PostCareUpdateController {
  constructor(private readonly commands: CommandBus) {}

  @Post('children/:childId/updates')
  @ChildAccess('read')
  post(@Param('childId') childId: string, @Body() body: CareUpdateDto, @Req() req: Request): Promise<CareUpdate> {
    return this.commands.execute(new PostCareUpdate({ childId, updateId: randomUUID(), input: body, metadata: commandMetadata(req) }));
  }
}
