import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type User } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsEmailAddress, IsTextOfLength } from '../../../../platform/http/dto-rules';
import { UsersQuery } from '../../read-models/users/users.query';
import { AuthThrottle } from '../../session/auth-throttle';
import { Public } from '../../session/session.guard';
import { startSession } from '../../session/sign-in';
import { UpdateProfileDto } from '../profile.dto';
import { hashPassword } from './password-hash';
import { RegisterUser } from './register-user.handler';

export class RegisterDto extends UpdateProfileDto {
  @IsEmailAddress('Please enter a valid email address')
  email!: string;

  @IsTextOfLength(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
  password!: string;
}

@ApiTags('auth')
@Controller()
export class RegisterUserController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersQuery,
    private readonly throttle: AuthThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('auth/register')
  async register(@Body() body: RegisterDto, @Req() req: Request): Promise<User> {
    await this.throttle.beforeRegistration(req.ip ?? 'unknown');
    const email = body.email.trim().toLowerCase();
    const passwordHash = await hashPassword(body.password);
    const role = this.config.adminEmails.includes(email) ? 'super_admin' : 'parent';
    const userId = await this.commands.execute(
      new RegisterUser({ userId: randomUUID(), email, passwordHash, firstName: body.firstName, lastName: body.lastName, role }, commandMetadata(req)),
    );
    await startSession(req, userId);
    return (await this.users.byId(userId))!;
  }
}
