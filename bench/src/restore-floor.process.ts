import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { eventHashFromCanonical } from '@punchline/projections';
import { archiveEntries } from '@punchline/backend/dist/backup/backup-reader';
import { MerkleFrontier, leafHashOfChainHash } from '@punchline/backend/dist/platform/log-tree/merkle';

/**
 * The least a restore's own process must do with a backup archive, run by itself (restore-floor.ts):
 * read the file once, hash every entry, parse every event line, check its chain hash over the
 * data and metadata text it holds and fold it into the log tree, and write every media file.
 * Left out, so that this is a floor and not an estimate: the file read a second time, building
 * the rows sent to PostgreSQL, the read models' rows, the side stores, the tree's stored tiles.
 * Answers its CPU seconds (user and system), those spent up to the last event, and its wall seconds
 * as JSON on stdout.
 */
const [, , file, mediaDir] = process.argv as [string, string, string, string];

async function main(): Promise<void> {
  const started = performance.now();
  const tree = new MerkleFrontier();
  let events = 0;
  let mismatched = 0;
  let prevHash = '';
  let first = true;
  // The CPU once the last event line is checked (the archive holds the events first).
  let eventsCpu: NodeJS.CpuUsage | null = null;
  for await (const entry of archiveEntries(file, undefined)) {
    if (!entry.name.startsWith('events/') && !first) eventsCpu ??= process.cpuUsage();
    const hash = createHash('sha256');
    if (entry.name.startsWith('media/')) {
      const path = join(mediaDir, entry.name.slice('media/'.length));
      mkdirSync(dirname(path), { recursive: true });
      await pipeline(
        Readable.from((async function* () {
          for await (const chunk of entry.body) {
            hash.update(chunk);
            yield chunk;
          }
        })()),
        createWriteStream(path),
      );
      hash.digest();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) {
      hash.update(chunk);
      chunks.push(chunk);
    }
    hash.digest();
    if (!entry.name.startsWith('events/')) continue;
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    lines.pop();
    if (first) lines.shift();
    first = false;
    for (const line of lines) {
      const v = JSON.parse(line) as Record<string, string & number>;
      // The payload texts as the line holds them (the writer's layout: data, metadata, then recorded_at).
      const metadataKey = line.lastIndexOf(',"metadata":');
      const dataText = line.slice(line.indexOf('"data":') + 7, metadataKey);
      const metadataText = line.slice(metadataKey + 12, line.lastIndexOf(',"recorded_at":'));
      const chained = eventHashFromCanonical(
        prevHash,
        { globalPosition: v.position, eventId: v.event_id, streamId: v.stream, streamRevision: v.revision, type: v.type, schemaVersion: v.schema_version },
        dataText,
        metadataText,
      );
      if (chained !== v.hash || v.prev_hash !== prevHash) mismatched += 1;
      prevHash = v.hash;
      tree.append(leafHashOfChainHash(v.hash));
      events += 1;
    }
  }
  tree.root();
  // A floor that skipped the work would be no floor: every line must have been checked for real.
  if (mismatched > 0) throw new Error(`${mismatched} of ${events} event lines did not hash to their chain hash`);
  const cpu = process.cpuUsage();
  const seconds = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1e6;
  process.stdout.write(`${JSON.stringify({ events, cpu: seconds(cpu), eventsCpu: seconds(eventsCpu ?? cpu), wall: (performance.now() - started) / 1000 })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
