import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AccessStream } from '../../access';
import { Public } from '../../platform/http/public.decorator';
import { type SessionUser, sessionUserOf } from '../sessions/session-data';
import { SessionTimeout } from '../sessions/session-timeout';

export interface MeResponse {
  user: SessionUser | null;
  isAdmin: boolean;
  /** A read-only auditor (DESIGN §15): the admin shell shows Audit Log and Site history only. */
  isAuditor: boolean;
  /** Minutes of inactivity before the admin shell asks 'Are you still there?'. */
  sessionTimeoutMinutes: number;
}

@ApiTags('auth')
@Controller('api/auth/me')
export class MeHttpController {
  constructor(
    private readonly access: AccessStream,
    private readonly timeout: SessionTimeout,
  ) {}

  /** SPEC §7: who is signed in and whether the allowlist lets them in right now. */
  @Public()
  @Get()
  @ApiOkResponse({ description: '{user: {email, name, picture} | null, isAdmin, isAuditor, sessionTimeoutMinutes}' })
  async me(@Req() req: Request): Promise<MeResponse> {
    const user = sessionUserOf(req);
    const [isAdmin, isAuditor, sessionTimeoutMinutes] = await Promise.all([this.access.isAdmin(user?.email), this.access.isAuditor(user?.email), this.timeout.minutes()]);
    return { user, isAdmin, isAuditor, sessionTimeoutMinutes };
  }
}
