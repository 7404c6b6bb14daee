import { Controller, Get, Inject, Query, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import type { Request, Response } from 'express';
import type { GoogleSignInError } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { DomainError } from '../../../../platform/commands/domain-error';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsText } from '../../../../platform/http/dto-rules';
import { newSecretToken } from '../../../../platform/http/secret-token';
import { AuthThrottle } from '../../session/auth-throttle';
import { GOOGLE_SIGN_IN_MS, googleOAuthClient } from '../../session/google-oauth';
import { Public } from '../../session/session.guard';
import { requestOrigin, startSession } from '../../session/sign-in';
import { GOOGLE_MESSAGES, SignInWithGoogle } from './sign-in-with-google.handler';

/** The handler's refusals, as the reason /login shows (libs' GOOGLE_SIGN_IN_ERRORS). */
const REFUSALS: Record<string, GoogleSignInError> = {
  'IDENTITY.GOOGLE_CODE_REFUSED': 'google_token',
  'IDENTITY.GOOGLE_TOKEN_REFUSED': 'google_token',
  'IDENTITY.GOOGLE_EMAIL_UNVERIFIED': 'google_unverified',
};

const backToLogin = (res: Response, error: GoogleSignInError) => res.redirect(302, `/login?error=${error}`);

/** What Google sends back to the callback (every field optional: Google sends `error` instead of `code` when the user says no). */
export class GoogleCallbackQuery {
  @IsOptional() @IsText(2048, { message: 'code must be text' }) code?: string;
  @IsOptional() @IsText(256, { message: 'state must be text' }) state?: string;
  @IsOptional() @IsText(256, { message: 'error must be text' }) error?: string;
}

@ApiTags('auth')
@Controller('auth/google')
export class SignInWithGoogleController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly throttle: AuthThrottle,
  ) {}

  /** Whether this server offers Google sign-in (the /login page enables its button by it). */
  @Public()
  @Get('status')
  status(): { configured: boolean } {
    return { configured: this.config.google !== null };
  }

  /** 302 to Google's consent screen with a state and a nonce bound to this browser's session; 503 when GOOGLE_* is unset. */
  @Public()
  @Get()
  async start(@Req() req: Request, @Res() res: Response): Promise<void> {
    const google = this.config.google;
    if (!google) throw new ServiceUnavailableException(GOOGLE_MESSAGES.notConfigured);
    await this.throttle.beforeSignInStart(requestOrigin(req).address);
    const state = newSecretToken();
    const nonce = newSecretToken();
    req.session.googleSignIn = { state, nonce, startedAt: Date.now() };
    const url = (await googleOAuthClient({ ...this.config, google })).generateAuthUrl({ scope: ['openid', 'email', 'profile'], state, nonce, prompt: 'select_account' });
    // Saved before the browser leaves, so the callback finds the state whatever instance answers it.
    req.session.save(() => res.redirect(302, url));
  }

  /**
   * Google's redirect back: the state must be the one this session sent (once, within 10 minutes),
   * then the code is exchanged and the ID token verified (SignInWithGoogle). 302 to `/` signed in;
   * any refusal is a 302 to `/login?error=<code>` (libs' GOOGLE_SIGN_IN_ERRORS) that changed nothing:
   * `google_expired` (missing, used, foreign or late state), `google_cancelled` (the user said no at
   * Google), `google_code` (no code), `google_token` (code or ID token refused), `google_unverified`.
   * 503 when not configured.
   */
  @Public()
  @Get('callback')
  async callback(@Query() query: GoogleCallbackQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.config.google) throw new ServiceUnavailableException(GOOGLE_MESSAGES.notConfigured);
    const started = req.session.googleSignIn;
    delete req.session.googleSignIn;
    if (!started || !query.state || query.state !== started.state || Date.now() - started.startedAt > GOOGLE_SIGN_IN_MS) {
      return backToLogin(res, 'google_expired');
    }
    if (query.error === 'access_denied') return backToLogin(res, 'google_cancelled');
    if (query.error || !query.code) return backToLogin(res, 'google_code');
    try {
      await this.commands.execute(new SignInWithGoogle({ code: query.code, nonce: started.nonce, origin: requestOrigin(req), metadata: commandMetadata(req), openSession: (userId) => startSession(req, userId) }));
    } catch (error) {
      const reason = error instanceof DomainError ? REFUSALS[error.code] : undefined;
      if (reason) return backToLogin(res, reason);
      throw error;
    }
    res.redirect(302, '/');
  }
}
