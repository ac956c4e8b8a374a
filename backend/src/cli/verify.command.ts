import { verifyChain } from '../platform/event-store/hash-chain';
import type { CliContext } from './cli-context';

/** `verify`: walks the hash chain; 0 with the count and the head to write down when intact, 1 naming the first altered event. */
export async function verifyCommand(ctx: CliContext, out: (line: string) => void): Promise<number> {
  if (ctx.config.eventStore !== 'postgres') {
    out('verify walks the hash chain of the postgres event store; EVENT_STORE is not postgres');
    return 2;
  }
  const result = await verifyChain(ctx.db);
  if (result.ok) {
    const head = result.head ? `\n  head: position ${result.head.position}, hash ${result.head.hash}` : '';
    out(`OK: hash chain intact over ${result.verified} events${head}`);
    return 0;
  }
  const bad = result.firstInvalid!;
  out(
    `ALTERED: first altered event at position ${bad.position}: event ${bad.eventId}, stream ${bad.streamId}, type ${bad.type}\n` +
      `  ${bad.reason}\n  ${result.verified} events before it verified`,
  );
  return 1;
}
