import type { LogTree } from './log-tree';

interface WitnessLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * CHECKPOINT_WITNESS_URL (DESIGN §15): each new checkpoint is POSTed there as text/plain, at most
 * one a minute, so a second machine keeps the heads this log has shown. A failed post is logged and
 * tried again at the next tick; the witness never holds up the app.
 */
export class CheckpointWitness {
  private timer: NodeJS.Timeout | null = null;
  private lastPosted = -1;
  private busy = false;

  constructor(
    private readonly url: string,
    private readonly tree: LogTree,
    private readonly logger: WitnessLogger,
    private readonly intervalMs = 60_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Posts the current checkpoint when the tree has grown since the last post that succeeded. */
  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const checkpoint = await this.tree.checkpoint();
      if (checkpoint.size === this.lastPosted || checkpoint.size === 0) return;
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        body: checkpoint.note,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`the witness answered ${response.status}`);
      this.lastPosted = checkpoint.size;
      this.logger.info({ size: checkpoint.size }, 'checkpoint sent to the witness');
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'could not send the checkpoint to the witness; trying again at the next minute');
    } finally {
      this.busy = false;
    }
  }
}
