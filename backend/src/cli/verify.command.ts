import { verifyChain } from '../platform/event-store/hash-chain';
import type { CliContext } from './cli-context';

/** `verify`: walks the hash chain; 0 and the count when intact, 1 naming the first altered event. */
export async function verifyCommand(ctx: CliContext, out: (line: string) => void): Promise<number> {
  if (ctx.config.eventStore !== 'postgres') {
    out('verify walks the hash chain of the postgres event store; EVENT_STORE is not postgres');
    return 2;
  }
  const result = await verifyChain(ctx.db);
  if (result.ok) {
    out(`OK: hash chain intact over ${result.count} events`);
    return 0;
  }
  const bad = result.firstBad;
  out(
    `ALTERED: first altered event at position ${bad.globalPosition}: event ${bad.eventId}, stream ${bad.streamId}, type ${bad.type}\n` +
      `  ${bad.reason}\n  ${result.count - 1} events before it verified`,
  );
  return 1;
}
