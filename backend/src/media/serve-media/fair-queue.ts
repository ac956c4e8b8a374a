/** Visitors' media reads one process serves at once (issue 24: a flood must not starve admins' writes). */
export const MEDIA_READS_AT_ONCE = 8;
/** Reads one client may have waiting: a page's images many times over, or a school behind one address. */
export const MEDIA_READS_WAITING_PER_CLIENT = 256;
/** Reads waiting in total: beyond this the process is flooded, and answers 503 with Retry-After. */
export const MEDIA_READS_WAITING = 1024;
/**
 * A read keeps its turn until its answer is sent or this long: after it, the rest of a long answer
 * (a video to a slow connection) is paced by the visitor's connection, not by our disk or CPU, and
 * must not hold back everyone else's images.
 */
export const MEDIA_READ_TURN_MS = 1_000;
export const MEDIA_READ_RETRY_AFTER_SECONDS = 2;
/**
 * Visitors' reads at once while an admin's write is under way (an upload): the write goes first,
 * visitors' images still come, one at a time, and all eight turns are back when it ends.
 */
export const MEDIA_READS_WHILE_WRITING = 1;
/**
 * …and at most one new turn per this many ms while the write is under way. One turn at a time alone
 * was not enough (quiet machine, 2 cores: an upload 1.72× its quiet time under 200 reads): turns
 * handed back to back keep the event loop busy with visitors, and each of the upload's many steps
 * (body chunks, hashing, the append) waited behind one. Paced, visitors still get 100 reads a second.
 */
export const MEDIA_READ_PACE_WHILE_WRITING_MS = 10;

export const MEDIA_READ_TEXTS = {
  busy: 'The server is busy sending media right now: try again in a moment.',
} as const;

export type Release = () => void;

/**
 * A fair waiting line in front of a limited number of turns: each client has its own queue, and
 * turns go round the clients in order, so one client asking for 200 files at once delays its own
 * answers, not every other visitor's. `enter` answers a promise of the turn (resolved at once when
 * one is free), or null when the client's or the process's waiting room is full: the caller refuses.
 * Everything is in memory: turns are about this process's disk, threads and event loop.
 */
export class FairQueue {
  private running = 0;
  /** Waiting clients in turn order (a Map keeps insertion order); each with its waiters, oldest first. */
  private readonly waiting = new Map<string, Array<(release: Release) => void>>();
  private waitingTotal = 0;
  /** Writes that asked to go first (`yieldTo`), under way now. */
  private writes = 0;

  constructor(
    private readonly atOnce = MEDIA_READS_AT_ONCE,
    private readonly perClient = MEDIA_READS_WAITING_PER_CLIENT,
    private readonly total = MEDIA_READS_WAITING,
    private readonly whileWriting = MEDIA_READS_WHILE_WRITING,
    private readonly paceMs = MEDIA_READ_PACE_WHILE_WRITING_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** When the last turn was given, and the timer that gives the next one once the pace allows. */
  private lastAdmitted = -Infinity;
  private paceTimer: NodeJS.Timeout | null = null;

  /** While a write is under way, how long until the pace allows another turn (0: now). */
  private paceWait(): number {
    return this.writes > 0 ? Math.max(0, this.lastAdmitted + this.paceMs - this.now()) : 0;
  }

  /** Turns that may be taken now. */
  private get limit(): number {
    return this.writes > 0 ? this.whileWriting : this.atOnce;
  }

  enter(client: string): Promise<Release> | null {
    if (this.running < this.limit && this.waitingTotal === 0 && this.paceWait() === 0) {
      this.running += 1;
      this.lastAdmitted = this.now();
      return Promise.resolve(this.releaser());
    }
    const line = this.waiting.get(client) ?? [];
    if (line.length >= this.perClient || this.waitingTotal >= this.total) return null;
    if (line.length === 0) this.waiting.set(client, line);
    this.waitingTotal += 1;
    const turn = new Promise<Release>((resolve) => line.push(resolve));
    this.next();
    return turn;
  }

  /**
   * A write goes first: until the answered release is called, new turns are given only up to
   * `whileWriting` (turns already taken run to their end).
   */
  yieldTo(): Release {
    this.writes += 1;
    return this.once(() => (this.writes -= 1));
  }

  /** Turns taken now (for tests and health). */
  get busy(): number {
    return this.running;
  }

  /** Reads waiting for a turn now (for tests and health). */
  get queued(): number {
    return this.waitingTotal;
  }

  private releaser(): Release {
    return this.once(() => (this.running -= 1));
  }

  /** A release that counts once however often it is called (a turn ends by its answer or its timer), then hands turns on. */
  private once(undo: () => void): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      undo();
      this.next();
    };
  }

  /** Gives the free turns to the first waiting clients, each of which then goes to the back of the round. */
  private next(): void {
    while (this.running < this.limit) {
      if (this.waitingTotal === 0) return;
      const wait = this.paceWait();
      if (wait > 0) {
        if (!this.paceTimer) {
          this.paceTimer = setTimeout(() => {
            this.paceTimer = null;
            this.next();
          }, Math.ceil(wait));
          this.paceTimer.unref();
        }
        return;
      }
      const first = this.waiting.entries().next();
      if (first.done) return;
      const [client, line] = first.value;
      const admit = line.shift()!;
      this.waiting.delete(client);
      if (line.length > 0) this.waiting.set(client, line);
      this.waitingTotal -= 1;
      this.running += 1;
      this.lastAdmitted = this.now();
      admit(this.releaser());
    }
  }
}
