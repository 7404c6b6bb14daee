import { Body, Controller, Get, HttpCode, Post, Redirect, Req, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PASSWORD_MAX_LENGTH, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsEmailAddress, IsText } from '../../../../platform/http/dto-rules';
import { Public } from '../../session/session.guard';
import { requestOrigin, startSession } from '../../session/sign-in';
import { SignIn } from './sign-in.handler';

export class LoginDto {
  @IsEmailAddress('Please enter a valid email address')
  email!: string;

  @IsText(PASSWORD_MAX_LENGTH, { message: 'Password is required' })
  password!: string;
}

@ApiTags('auth')
@Controller()
export class SignInController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 with the user and a new session cookie; 401 when the email and password do not match; 429 while throttled. */
  @Public()
  @Post('auth/login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() req: Request): Promise<User> {
    const signIn = new SignIn({ email: body.email, password: body.password, origin: requestOrigin(req), metadata: commandMetadata(req), openSession: (userId) => startSession(req, userId) });
    const user = await this.commands.execute(signIn);
    if (!user) throw new UnauthorizedException('Invalid email or password');
    return user;
  }

  @Public()
  @Get('login')
  @Redirect('/login/email', 302)
  emailSignInPage(): void {}
}
