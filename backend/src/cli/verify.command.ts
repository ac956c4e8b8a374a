import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ChainVerification } from '@punchline/projections';
import { verifyChainExport } from '../platform/event-store/hash-chain';
import type { CliContext } from './cli-context';
import { CheckpointFormatError, compareWithCheckpoint, describeComparison, parseEarlier, type LeafRecord } from '../platform/log-tree/checkpoint-check';
import type { LogTree } from '../platform/log-tree/log-tree';
import { parseVerifierKey, type Verifier } from '../platform/log-tree/signed-note';

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

/**
 * `verify --checkpoint <file> [--file <export>] [--key <verifier key>]` (DESIGN §15): does the log
 * (the live store, or an export checked offline) extend a checkpoint kept earlier? The reference may
 * be a checkpoint or an earlier export (whose leaf hashes then also locate a rewrite). 0 when it
 * extends; 1 naming truncation or rewrite; 2 for unusable input.
 */
export async function verifyCheckpointCommand(
  options: { checkpoint: string; file?: string; key?: string; live?: () => Promise<{ tree: LogTree; close(): Promise<void> }> },
  out: (line: string) => void,
): Promise<number> {
  for (const path of [options.checkpoint, options.file]) {
    if (path !== undefined && !existsSync(path)) {
      out(`no such file: ${path}`);
      return 2;
    }
  }
  let verifier: Verifier | undefined;
  try {
    verifier = options.key ? parseVerifierKey(options.key) : undefined;
  } catch (error) {
    out(`--key: ${(error as Error).message}`);
    return 2;
  }
  const earlierText = readFileSync(options.checkpoint, 'utf8');
  try {
    if (options.file) {
      const earlier = parseEarlier(earlierText, verifier);
      const chain = await verifyFileCommand(options.file, out);
      if (chain !== 0) return chain;
      const result = await compareWithCheckpoint(earlier, exportLeaves(options.file));
      out(describeComparison(result));
      if (!verifier) out('  (signature not checked: pass --key <verifier key> to pin the log\'s key)');
      return result.verdict === 'extends' ? 0 : 1;
    }
    const live = await options.live!();
    try {
      const result = await live.tree.check(earlierText);
      out(describeComparison(result));
      return result.verdict === 'extends' ? 0 : 1;
    } finally {
      await live.close();
    }
  } catch (error) {
    if (error instanceof CheckpointFormatError) {
      out(`${options.checkpoint}: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

/** The leaves of an export file: each line's hash, its claimed leaf_hash and when it happened. */
async function* exportLeaves(path: string): AsyncGenerator<LeafRecord> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let first = true;
  for await (const raw of lines) {
    if (raw.trim() === '') continue;
    const value = JSON.parse(raw) as { hash?: unknown; leaf_hash?: unknown; metadata?: { occurredAt?: unknown } };
    if (first) {
      first = false;
      continue;
    }
    if (typeof value.hash !== 'string') continue;
    yield {
      chainHash: value.hash,
      claimedLeaf: typeof value.leaf_hash === 'string' ? Buffer.from(value.leaf_hash, 'hex') : null,
      occurredAt: typeof value.metadata?.occurredAt === 'string' ? value.metadata.occurredAt : null,
    };
  }
}
