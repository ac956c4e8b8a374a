import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '@punchline/domain';
import { AUDITORS_MAY, IS_PUBLIC } from '../platform/http/public.decorator';
import { AccessStream } from './access-stream';

export const ACCESS_TEXTS = {
  signInRequired: 'Sign in required.',
  adminRequired: 'Admin access required.',
  auditorsReadOnly: 'Auditors may read the log and the site history, not change anything.',
} as const;

/**
 * Deny by default (DESIGN §8), registered as APP_GUARD: every route needs a signed-in admin unless
 * it is marked @Public(). No session → 401; a session whose email is not allowed (now) → 403. An
 * auditor (DESIGN §15) passes only routes marked @AuditorsMay() (the reads of the log).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessStream,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.session?.user;
    if (!user) throw new DomainError('UNAUTHENTICATED', ACCESS_TEXTS.signInRequired);
    if (await this.access.isAdmin(user.email)) return true;
    if (await this.access.isAuditor(user.email)) {
      if (this.reflector.getAllAndOverride<boolean>(AUDITORS_MAY, [context.getHandler(), context.getClass()])) return true;
      throw new DomainError('FORBIDDEN', ACCESS_TEXTS.auditorsReadOnly);
    }
    throw new DomainError('FORBIDDEN', ACCESS_TEXTS.adminRequired);
  }
}
