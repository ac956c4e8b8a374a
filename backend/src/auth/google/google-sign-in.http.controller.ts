import { Controller, Get, Inject, Logger, Optional, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiFoundResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';
import { Public } from '../../platform/http/public.decorator';
import { DEFAULT_RETURN_TO, safeReturnTo } from '../return-to';
import { SignInHandler } from '../sign-in/sign-in.handler';
import { GOOGLE_STRATEGY, type GoogleStrategy, runGoogle } from './google.strategy';

@ApiTags('auth')
@Controller('api/auth/google')
export class GoogleSignInHttpController {
  private readonly logger = new Logger('auth');

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly signIn: SignInHandler,
    @Optional() @Inject(GOOGLE_STRATEGY) private readonly google: GoogleStrategy | null,
  ) {}

  /** Starts sign-in: to Google (or the development sign-in page outside production). */
  @Public()
  @Get()
  @ApiQuery({ name: 'returnTo', required: false, description: 'same-origin path to land on afterwards (default /admin)' })
  @ApiQuery({ name: 'prompt', required: false, enum: ['select_account'], description: 'let Google offer another account' })
  @ApiFoundResponse({ description: 'redirect to the identity provider' })
  async start(@Req() req: Request, @Res() res: Response, @Query('returnTo') returnTo?: string, @Query('prompt') prompt?: string): Promise<void> {
    const target = safeReturnTo(returnTo ?? DEFAULT_RETURN_TO);
    if (this.config.devSignIn) {
      res.redirect(302, `/api/auth/dev?returnTo=${encodeURIComponent(target)}`);
      return;
    }
    if (!this.google) {
      res.status(503).json({ error: 'Sign-in is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.' });
      return;
    }
    // Where to return travels in the signed state cookie with `state` and the PKCE verifier: an
    // anonymous request stores nothing here (issue 24 point 5).
    const outcome = await runGoogle(this.google, req, res, { state: { returnTo: target }, ...(prompt === 'select_account' ? { prompt: 'select_account' } : {}) });
    if (outcome !== 'responded' && !res.headersSent) res.redirect(302, `${DEFAULT_RETURN_TO}?signin=failed`);
  }

  /** The provider sends the browser back here with `code` and `state`. */
  @Public()
  @Get('callback')
  @ApiExcludeEndpoint()
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.google) {
      res.status(404).json({ error: 'Google sign-in is not configured.' });
      return;
    }
    const outcome = await runGoogle(this.google, req, res);
    if (outcome === 'responded' || res.headersSent) return;
    if (outcome.error || !outcome.identity) {
      // A wrong or replayed `state`, a refused consent or a provider error: no session.
      const why = outcome.error instanceof Error ? outcome.error.message : JSON.stringify(outcome.info ?? null);
      this.logger.warn(`Google sign-in failed: ${why}`);
      res.redirect(302, `${DEFAULT_RETURN_TO}?signin=failed`);
      return;
    }
    const returnTo = (outcome.info as { state?: { returnTo?: unknown } } | null)?.state?.returnTo;
    const { redirectTo } = await this.signIn.execute(req, outcome.identity, 'google', typeof returnTo === 'string' ? returnTo : DEFAULT_RETURN_TO);
    res.redirect(302, redirectTo);
  }
}
