import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Options, type Store, ipKeyGenerator } from 'express-rate-limit';
import { DomainError, type SignInDeniedReason, type SignInMethod } from '@punchline/domain';
import { AccessStream } from '../../access';
import type { CommandIssuer } from '../../platform/event-sourcing/aggregate-runner';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';
import { RateLimitCounters } from '../../platform/shared-state/rate-limit-store';

/**
 * Refused sign-ins per email (SIGN_IN_REFUSAL_LIMIT, default 10) and per client address (three
 * times that) within a window (issue 24 point 5): plenty for a person who picked the wrong account,
 * useless for a flood. Beyond them: 429, nothing recorded.
 */
export const DENIED_SIGN_IN_WINDOW_MS = 10 * 60_000;
export const ADDRESS_FACTOR = 3;

export const DENIED_SIGN_IN_TEXTS = {
  rateLimited: `Too many refused sign-ins from here or for this email: try again in ${DENIED_SIGN_IN_WINDOW_MS / 60_000} minutes.`,
} as const;

interface Window {
  issuer: CommandIssuer;
  email: string | null;
  reason: SignInDeniedReason;
  method: SignInMethod;
  repeats: number;
  timer: NodeJS.Timeout;
}

/**
 * What an anonymous caller's refused sign-ins may cost: counters in the shared express-rate-limit
 * store in the database (as the contact form's), and in the
 * hash-chained log one entry for the first refusal of a window plus one entry summing up the same
 * refusal repeated within it (written when the window ends, or when the app stops).
 */
@Injectable()
export class DeniedSignIns implements OnModuleDestroy {
  private readonly logger = new Logger('auth');
  private readonly counters: Store;
  private readonly windows = new Map<string, Window>();

  private readonly perEmail: number;

  constructor(
    private readonly access: AccessStream,
    @Inject(CONFIG) config: AppConfig,
    counters: RateLimitCounters,
  ) {
    this.perEmail = config.signInRefusalLimit;
    // In the database (DESIGN §18): the limit holds across instances, one row per key and window.
    const store = counters.store('sign-in-refusals');
    store.init({ windowMs: DENIED_SIGN_IN_WINDOW_MS } as Options);
    this.counters = store;
  }

  /** Counts a refusal for its address and email; throws RATE_LIMITED (429) past either limit. */
  async count(address: string | undefined, email: string | null): Promise<void> {
    const byAddress = await this.counters.increment(`address:${ipKeyGenerator(address ?? 'unknown')}`);
    const byEmail = email ? await this.counters.increment(`email:${email}`) : null;
    if (byAddress.totalHits > this.perEmail * ADDRESS_FACTOR || (byEmail && byEmail.totalHits > this.perEmail)) {
      throw new DomainError('RATE_LIMITED', DENIED_SIGN_IN_TEXTS.rateLimited);
    }
  }

  /**
   * True for the first refusal of its kind (address, email, reason, method) in a window: record it
   * now. False for a repeat: it is counted for the window's one summary entry.
   */
  firstOfWindow(address: string | undefined, issuer: CommandIssuer, refusal: { email: string | null; reason: SignInDeniedReason; method: SignInMethod }): boolean {
    const key = JSON.stringify([address ?? null, refusal.email, refusal.reason, refusal.method]);
    const open = this.windows.get(key);
    if (open) {
      open.repeats += 1;
      return false;
    }
    const timer = setTimeout(() => void this.close(key), DENIED_SIGN_IN_WINDOW_MS);
    timer.unref();
    this.windows.set(key, { issuer, ...refusal, repeats: 0, timer });
    return true;
  }

  /** Ends every open window now, recording their summaries (shutdown; tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.windows.keys()].map((key) => this.close(key)));
  }

  onModuleDestroy(): Promise<void> {
    return this.flush();
  }

  private async close(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (!window) return;
    clearTimeout(window.timer);
    this.windows.delete(key);
    if (window.repeats === 0) return;
    try {
      await this.access.execute(window.issuer, {
        type: 'RecordRepeatedSignInDenials',
        data: { email: window.email, reason: window.reason, method: window.method, repeats: { count: window.repeats, windowMinutes: DENIED_SIGN_IN_WINDOW_MS / 60_000 } },
      });
    } catch (error) {
      this.logger.warn(`recording ${window.repeats} repeated sign-in refusals failed: ${String(error)}`);
    }
  }
}
