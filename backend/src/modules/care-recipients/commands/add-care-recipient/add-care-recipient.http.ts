import { randomUUID } from 'node:crypto';
import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Child } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildDto } from '../care-recipient.dto';
import { AddCareRecipient } from './add-care-recipient.handler';

/** 201 with the new recipient. */
@ApiTags('care recipients')
@Controller('children')
export class AddCareRecipientController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  add(@Body() body: ChildDto, @Req() req: Request): Promise<Child> {
    return this.commands.execute(new AddCareRecipient({ childId: randomUUID(), input: body, metadata: commandMetadata(req) }));
  }
}
