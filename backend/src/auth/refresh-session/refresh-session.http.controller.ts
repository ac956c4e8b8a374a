import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { DomainError } from '@punchline/domain';
import { Public } from '../../platform/http/public.decorator';
import { sessionUserOf } from '../sessions/session-data';

@ApiTags('auth')
@Controller('api/auth/refresh')
export class RefreshSessionHttpController {
  /**
   * 'Stay signed in' (SPEC §4): any request with a session rolls its expiry; this one exists to do
   * only that and to say until when. Public so a non-admin's session can be kept too; 401 when the
   * session is already gone.
   */
  @Public()
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{ok: true, expiresAt}' })
  @ApiUnauthorizedResponse({ description: 'the session has expired' })
  refresh(@Req() req: Request): { ok: true; expiresAt: string | null } {
    if (!sessionUserOf(req)) throw new DomainError('UNAUTHENTICATED', 'Your session has expired. Sign in again.');
    req.session.touch();
    return { ok: true, expiresAt: req.session.cookie.expires ? new Date(req.session.cookie.expires).toISOString() : null };
  }
}
