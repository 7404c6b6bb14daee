import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { Request } from 'express';
import { CALENDAR_MESSAGES, type CalendarFeedLink, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { CreateFeedLink } from './create-feed-link.handler';

export class CreateFeedLinkDto {
  /** Also list the medication times of the user's recipients (default false). */
  @IsOptional() @IsBoolean({ message: CALENDAR_MESSAGES.includeMedicationsInvalid }) includeMedications?: boolean;
}

@ApiTags('calendar')
@Controller('calendar')
export class CreateFeedLinkController {
  constructor(private readonly commands: CommandBus) {}

  /** 201 `{url, includeMedications, createdAt}`: a new secret URL; the old one stops working. */
  @Post('feed-token')
  create(@CurrentUser() user: User, @Body() body: CreateFeedLinkDto, @Req() req: Request): Promise<CalendarFeedLink> {
    return this.commands.execute(new CreateFeedLink({ userId: user.id, includeMedications: body.includeMedications ?? false, metadata: commandMetadata(req) }));
  }
}
