import { Body, Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { isValidEmail, normaliseEmail } from '@punchline/domain';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';
import { Public } from '../../platform/http/public.decorator';
import { htmlSecurityHeaders } from '../../platform/http/security-headers';
import { safeReturnTo } from '../return-to';
import { SignInHandler } from '../sign-in/sign-in.handler';
import { devSignInPage } from './dev-sign-in.page';

/**
 * Development sign-in (DESIGN §10 DEV_SIGN_IN): a local form instead of Google. The route exists in
 * every build but answers 404 unless enabled, and config refuses to enable it in production.
 */
@ApiExcludeController()
@Controller('api/auth/dev')
export class DevSignInHttpController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly signIn: SignInHandler,
  ) {}

  private enabled(res: Response): boolean {
    if (this.config.devSignIn && !this.config.production) return true;
    res.status(404).json({ error: 'Development sign-in is disabled.' });
    return false;
  }

  private sendPage(res: Response, status: number, html: string): void {
    for (const [name, value] of Object.entries(htmlSecurityHeaders(html, this.config.production))) res.setHeader(name, value);
    res.status(status).type('html').send(html);
  }

  @Public()
  @Get()
  page(@Res() res: Response, @Query('returnTo') returnTo?: string): void {
    if (!this.enabled(res)) return;
    this.sendPage(res, 200, devSignInPage({ returnTo: safeReturnTo(returnTo) }));
  }

  /** Development only (refused in production): a form of two fields, read leniently rather than through a DTO. */
  @Public()
  @Post()
  async submit(@Req() req: Request, @Res() res: Response, @Body() body: Record<string, unknown> | undefined): Promise<void> {
    if (!this.enabled(res)) return;
    const returnTo = safeReturnTo(body?.returnTo);
    const email = typeof body?.email === 'string' ? normaliseEmail(body.email) : '';
    const name = typeof body?.name === 'string' ? body.name.trim().slice(0, 200) : '';
    if (!isValidEmail(email)) {
      this.sendPage(res, 400, devSignInPage({ returnTo, error: `Enter a valid email address (${email}).`, email, name }));
      return;
    }
    const { redirectTo } = await this.signIn.execute(req, { email, emailVerified: true, name: name || null, picture: null }, 'development', returnTo);
    res.redirect(302, redirectTo);
  }
}
