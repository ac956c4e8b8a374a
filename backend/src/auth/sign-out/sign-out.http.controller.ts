import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';
import { Public } from '../../platform/http/public.decorator';
import { sessionCookieName } from '../sessions/session.middleware';
import { SignOutHandler } from './sign-out.handler';

@ApiTags('auth')
@Controller('api/auth/logout')
export class SignOutHttpController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly handler: SignOutHandler,
  ) {}

  /** SPEC §7: ends the session. Public: signing out without a session is a harmless no-op. */
  @Public()
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{ok: true}' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ ok: true }> {
    await this.handler.execute(req);
    res.clearCookie(sessionCookieName(this.config), { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.production });
    return { ok: true };
  }
}
