import { Projector } from '@punchline/projections';
import pino from 'pino';
import type { CliContext } from './cli-context';

/**
 * `projector`: the projector as its own process (DESIGN §11). Competes for leadership with the app
 * instances and other projector processes; SIGTERM/SIGINT let the current batch commit, then exit.
 */
export async function projectorCommand(ctx: CliContext): Promise<number> {
  const logger = pino({ level: ctx.config.logLevel, base: { pid: process.pid, role: 'projector' } });
  const projector = new Projector({
    db: ctx.db,
    store: ctx.store,
    projections: [...ctx.projections, ...ctx.storeProjections],
    batchSize: ctx.config.projector.batchSize,
    pollMs: ctx.config.projector.pollMs,
    leaderRetryMs: ctx.config.projector.leaderRetryMs,
    logger,
  });
  const stopped = new Promise<string>((resolve) => {
    const onSignal = (signal: string): void => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      resolve(signal);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
  await projector.start();
  logger.info({ projections: [...ctx.projections, ...ctx.storeProjections].map((p) => `${p.name}@v${p.version}`) }, 'projector started');
  const signal = await stopped;
  logger.info({ signal }, 'stopping after the current batch');
  await projector.stop();
  logger.info({ ...(await projector.lag()) }, 'projector stopped');
  return 0;
}
