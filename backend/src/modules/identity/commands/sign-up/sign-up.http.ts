import { randomUUID } from 'node:crypto';
import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsEmailAddress, IsTextOfLength } from '../../../../platform/http/dto-rules';
import { UsersQuery } from '../../read-models/users/users.query';
import { Public } from '../../session/session.guard';
import { startSession } from '../../session/sign-in';
import { UpdateProfileDto } from '../profile.dto';
import { SignUp } from './sign-up.handler';

export class RegisterDto extends UpdateProfileDto {
  @IsEmailAddress('Please enter a valid email address')
  email!: string;

  @IsTextOfLength(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
  password!: string;
}

@ApiTags('auth')
@Controller()
export class SignUpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersQuery,
  ) {}

  /** 201 with the new user, signed in (a new session cookie). */
  @Public()
  @Post('auth/register')
  async register(@Body() body: RegisterDto, @Req() req: Request): Promise<User> {
    const { email, password, firstName, lastName } = body;
    const userId = await this.commands.execute(new SignUp({ userId: randomUUID(), input: { email, password, firstName, lastName }, address: req.ip ?? 'unknown', metadata: commandMetadata(req) }));
    await startSession(req, userId);
    return (await this.users.byId(userId))!;
  }
}
