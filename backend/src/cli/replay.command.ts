import { formatProgress, formatReplayResult, replay } from '@punchline/projections';
import type { CliContext } from './cli-context';

export interface ReplayCommandOptions {
  swap: boolean;
  keep: boolean;
  out: (line: string) => void;
}

/** `replay [--swap] [--keep]`: 0 when the rebuilt read models equal the live ones, 1 otherwise. */
export async function replayCommand(ctx: CliContext, options: ReplayCommandOptions): Promise<number> {
  let lastPrinted = 0;
  const result = await replay({
    db: ctx.db,
    store: ctx.store,
    projections: ctx.projections,
    batchSize: ctx.config.replayBatchSize,
    swap: options.swap,
    keepReplaySchema: options.keep,
    onProgress: (p) => {
      // At most twice a second: a big log makes thousands of batches.
      if (p.seconds - lastPrinted < 0.5 && p.position < p.target) return;
      lastPrinted = p.seconds;
      options.out(formatProgress(p));
    },
  });
  options.out(formatReplayResult(result));
  return options.swap || result.equal ? 0 : 1;
}
