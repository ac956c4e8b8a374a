import type { CliContext } from './cli-context';

/**
 * `verify`: walks the event store's hash chain (either store, through its LogIntegrity); 0 with the
 * count and the head to write down when intact, 1 naming the first altered event.
 */
export async function verifyCommand(ctx: CliContext, out: (line: string) => void): Promise<number> {
  const result = await ctx.integrity.verifyChain();
  const unsealed = result.unsealed > 0 ? `\n  ${result.unsealed} newer events checked by their stream chains, not yet sealed into the log digest` : '';
  if (result.ok) {
    const head = result.head ? `\n  head: position ${result.head.position}, hash ${result.head.hash}` : '';
    out(`OK: hash chain intact over ${result.verified} events${head}${unsealed}`);
    return 0;
  }
  const bad = result.firstInvalid!;
  out(
    `ALTERED: first altered event at position ${bad.position}: event ${bad.eventId}, stream ${bad.streamId}, type ${bad.type}\n` +
      `  ${bad.reason}\n  ${result.verified} events before it verified`,
  );
  return 1;
}
