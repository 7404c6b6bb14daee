import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { User } from '@carecircle/libs';
import { CurrentUser } from '../../session/session.guard';

@ApiTags('auth')
@Controller()
export class UsersReadController {
  /** The signed-in user, as the session guard read it from the users read model; 401 without a session. */
  @Get('auth/user')
  currentUser(@CurrentUser() user: User): User {
    return user;
  }
}
