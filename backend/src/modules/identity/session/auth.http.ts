import { Body, Controller, Get, HttpCode, Inject, Post, Redirect, Req, Res, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { hash, verify, Algorithm } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, type User } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { IsEmailAddress, IsText } from '../../../platform/http/dto-rules';
import { UserCredentialsQuery } from '../read-models/user-credentials/user-credentials.query';
import { UsersQuery } from '../read-models/users/users.query';
import { AuthThrottle } from './auth-throttle';
import { SecurityLog } from './security-log';
import { CurrentUser, Public } from './session.guard';
import { endSession, startSession } from './sign-in';

export class LoginDto {
  @IsEmailAddress('Please enter a valid email address')
  email!: string;

  @IsText(PASSWORD_MAX_LENGTH, { message: 'Password is required' })
  password!: string;
}

/** Compared against when the email is unknown, so both failures take the same time. */
const UNKNOWN_USER_HASH = hash('not-a-real-password', { algorithm: Algorithm.Argon2id });

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly credentials: UserCredentialsQuery,
    private readonly users: UsersQuery,
    private readonly throttle: AuthThrottle,
    private readonly securityLog: SecurityLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('auth/user')
  currentUser(@CurrentUser() user: User): User {
    return user;
  }

  /** Password sign-in only: the throttle guards the password check (a passkey sign-in, when built, needs none). */
  @Public()
  @Post('auth/login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() req: Request): Promise<User> {
    const address = req.ip ?? 'unknown';
    await this.throttle.beforePasswordCheck(body.email, address);
    const found = await this.credentials.byEmail(body.email);
    const valid = await verify(found?.passwordHash ?? (await UNKNOWN_USER_HASH), body.password);
    const user = found && valid ? await this.users.byId(found.userId) : null;
    if (!user) {
      if (found) await this.securityLog.signInFailed(req, found.userId);
      throw new UnauthorizedException('Invalid email or password');
    }
    await this.throttle.afterSuccessfulSignIn(body.email, address);
    await startSession(req, user.id);
    await this.securityLog.signedIn(req, user.id);
    return user;
  }

  @Public()
  @Post('auth/logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.signOut(req, res);
  }

  @Public()
  @Get('login')
  @Redirect('/login/email', 302)
  emailSignInPage(): void {}

  @Public()
  @Get('logout')
  @Redirect('/', 302)
  async logoutAndLeave(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.signOut(req, res);
  }

  private async signOut(req: Request, res: Response): Promise<void> {
    const userId = req.session?.userId;
    await endSession(req, res);
    if (userId) await this.securityLog.signedOut(req, userId);
  }

  @Public()
  @Get('auth/google')
  google(): never {
    if (!this.config.google) throw new ServiceUnavailableException('Google sign-in is not configured');
    // The OAuth flow arrives with the Google integration; until then a configured server says so plainly.
    throw new ServiceUnavailableException('Google sign-in is not available in this version yet');
  }
}
