import { Body, Controller, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { UsersQuery } from '../../read-models/users/users.query';
import { CurrentUser } from '../../session/session.guard';
import { UpdateProfileDto } from '../profile.dto';
import { UpdateProfile } from './update-profile.handler';

@ApiTags('user')
@Controller()
export class UpdateProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersQuery,
  ) {}

  @Patch('user/profile')
  async updateProfile(@CurrentUser() user: User, @Body() body: UpdateProfileDto, @Req() req: Request): Promise<User> {
    await this.commands.execute(new UpdateProfile({ userId: user.id, data: body, metadata: commandMetadata(req) }));
    return (await this.users.byId(user.id))!;
  }
}
