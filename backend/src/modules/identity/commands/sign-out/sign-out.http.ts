import { Controller, Get, HttpCode, Post, Redirect, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { Public } from '../../session/session.guard';
import { endSession } from '../../session/sign-in';
import { SignOut } from './sign-out.handler';

/** Public: signing out without a session is no error, it only clears the cookie. */
@ApiTags('auth')
@Controller()
export class SignOutController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @Post('auth/logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.signOut(req, res);
  }

  /** The link form: signs out and goes to the home page. */
  @Public()
  @Get('logout')
  @Redirect('/', 302)
  async logoutAndLeave(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.signOut(req, res);
  }

  /** The session and its cookie go first (the HTTP side's part), then the sign-out is recorded. */
  private async signOut(req: Request, res: Response): Promise<void> {
    const signOut = new SignOut({ userId: req.session?.userId ?? null, metadata: commandMetadata(req) });
    await endSession(req, res);
    await this.commands.execute(signOut);
  }
}
