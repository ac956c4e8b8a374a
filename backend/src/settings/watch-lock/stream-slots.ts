/** Streams one session may hold open: a few admin tabs, each holding one (issue 24 point 4). */
export const LOCK_STREAMS_PER_SESSION = 5;
/** Streams one process holds open: far above a collective's admins, far below what hurts memory. */
export const LOCK_STREAMS_PER_PROCESS = 200;

export const STREAM_TEXTS = {
  perSession: `Too many open lock streams for this session (at most ${LOCK_STREAMS_PER_SESSION}): close another admin tab and try again.`,
  perProcess: 'Too many open lock streams on this server right now: try again in a minute.',
} as const;

/**
 * Counts open event streams per session and in total. The newest is refused (the open ones keep
 * working): `take` answers a release function, or why it was refused. Counting in memory is right
 * here: a stream lives on one process, and ends with it.
 */
export class StreamSlots {
  private readonly bySession = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perSession = LOCK_STREAMS_PER_SESSION,
    private readonly perProcess = LOCK_STREAMS_PER_PROCESS,
  ) {}

  take(session: string): { release: () => void } | { refused: string } {
    const held = this.bySession.get(session) ?? 0;
    if (held >= this.perSession) return { refused: STREAM_TEXTS.perSession };
    if (this.total >= this.perProcess) return { refused: STREAM_TEXTS.perProcess };
    this.bySession.set(session, held + 1);
    this.total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.bySession.get(session) ?? 1) - 1;
        if (left > 0) this.bySession.set(session, left);
        else this.bySession.delete(session);
      },
    };
  }

  /** Streams open now (for tests). */
  get open(): number {
    return this.total;
  }
}
