import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ACCESS_STREAM,
  type AccessEvent,
  type AllowlistState,
  type EventStore,
  WrongExpectedRevisionError,
  evolveAllowlist,
  initialAllowlist,
  isAccessEventType,
  isAdminEmail,
} from '@punchline/domain';
import type { Projector } from '@punchline/projections';
import { CONFIG, EVENT_STORE, PROJECTOR } from '../platform/platform.module';
import type { AppConfig } from '../platform/config/config';

const MAX_ATTEMPTS = 5;
const PROJECTOR_WAIT_MS = 5_000;

/**
 * The access aggregate (allowlist) held in memory with its stream revision and caught up from the
 * event store before every use (DESIGN §5). Chosen over a read model because "is this an admin?"
 * is a decision (DESIGN §1): it must see a removal committed by any instance, without waiting for
 * a projector. Catching up is one indexed query that normally returns no rows.
 */
@Injectable()
export class AccessStream {
  private readonly logger = new Logger('access');
  private state: AllowlistState = initialAllowlist;
  private revision = -1;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTOR) private readonly projector: Projector,
  ) {}

  /** ADMIN_EMAILS, lower-cased: the fixed part of the allowlist. */
  get envEmails(): string[] {
    return this.config.adminEmails;
  }

  async current(): Promise<AllowlistState> {
    await this.catchUp();
    return this.state;
  }

  /** Decided on every request: removal from the allowlist takes effect on the next one (SPEC §6). */
  async isAdmin(email: string | null | undefined): Promise<boolean> {
    if (!email) return false;
    return isAdminEmail(await this.current(), this.envEmails, email);
  }

  /**
   * Loads, decides, appends at the known revision and waits for the projector so the caller's
   * response reads its own write. Another writer in between → catch up and decide again.
   */
  async execute<T>(decide: (state: AllowlistState) => { events: AccessEvent[]; result: T }): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      await this.catchUp();
      const expected = this.revision;
      const { events, result } = decide(this.state);
      if (events.length === 0) return result;
      try {
        const appended = await this.store.append(ACCESS_STREAM, events, { expectedRevision: expected < 0 ? 'no_stream' : expected });
        await this.catchUp();
        if (!(await this.projector.waitFor(appended.position, PROJECTOR_WAIT_MS))) {
          this.logger.warn(`Projector did not reach position ${appended.position} within ${PROJECTOR_WAIT_MS} ms`);
        }
        return result;
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  private async catchUp(): Promise<void> {
    const events = await this.store.readStream(ACCESS_STREAM, { fromRevision: this.revision + 1 });
    // Concurrent catch-ups may overlap; only the next revision in sequence is ever applied.
    for (const event of events) {
      if (event.streamRevision !== this.revision + 1) continue;
      if (isAccessEventType(event.type)) this.state = evolveAllowlist(this.state, event as AccessEvent);
      this.revision = event.streamRevision;
    }
  }
}
