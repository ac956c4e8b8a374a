import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Request } from 'express';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';

/** SPEC §9: session timeout defaults to 30 minutes. */
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30;

/**
 * Optional provider of the live `session_timeout_minutes` (the settings feature registers it in a
 * global module once its live read model exists). Resolves null when there is no live value.
 */
export const LIVE_SESSION_TIMEOUT = Symbol('LIVE_SESSION_TIMEOUT');
export type LiveSessionTimeout = () => Promise<number | null>;

/** Minutes of inactivity after which a session ends: SESSION_TIMEOUT_MINUTES, else live setting, else 30. */
@Injectable()
export class SessionTimeout {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(LIVE_SESSION_TIMEOUT) private readonly live?: LiveSessionTimeout,
  ) {}

  async minutes(): Promise<number> {
    if (this.config.sessionTimeoutMinutes) return this.config.sessionTimeoutMinutes;
    // A broken settings read must not lock everybody out: fall back to the default.
    const live = this.live ? await this.live().catch(() => null) : null;
    return typeof live === 'number' && Number.isInteger(live) && live > 0 ? live : DEFAULT_SESSION_TIMEOUT_MINUTES;
  }

  /** Sets the request's session cookie (and so the stored expiry) to the current timeout. */
  async apply(req: Request): Promise<void> {
    if (req.session) req.session.cookie.maxAge = (await this.minutes()) * 60_000;
  }
}
