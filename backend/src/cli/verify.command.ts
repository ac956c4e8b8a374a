import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { verifyChainExport, type ChainVerification } from '../platform/event-store/hash-chain';
import type { CliContext } from './cli-context';

/**
 * `verify`: walks the event store's hash chain (either store, through its LogIntegrity); 0 with the
 * count and the head to write down when intact, 1 naming the first altered event.
 */
export async function verifyCommand(ctx: CliContext, out: (line: string) => void): Promise<number> {
  return report(await ctx.integrity.verifyChain(), out);
}

/**
 * `verify --file <export>`: the same check on an export of GET /api/admin/audit/export, offline:
 * an outside auditor needs the file and the head hash they wrote down, no database.
 */
export async function verifyFileCommand(path: string, out: (line: string) => void): Promise<number> {
  if (!existsSync(path)) {
    out(`no such file: ${path}`);
    return 2;
  }
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  return report(await verifyChainExport(lines), out);
}

function report(result: ChainVerification, out: (line: string) => void): number {
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
