import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MEDIA_STREAM, SITE_STREAM, canonicalJson, contactStreamId } from '@punchline/domain';
import { ensureBackupTables } from '@punchline/backend/dist/backup/backup.migration';
import { eventStoreMigrations } from '@punchline/backend/dist/platform/event-store/create-event-store';
import { allProjections, ensureReadModels, eventHashFromCanonical, type Database } from '@punchline/projections';
import { migrate } from '@punchline/backend/dist/platform/database/migrations';
import { postgresLeafSource } from '@punchline/backend/dist/platform/log-tree/leaf-source';
import { LogTree } from '@punchline/backend/dist/platform/log-tree/log-tree';
import { logKeyName } from '@punchline/backend/dist/platform/runtime';
import { freshDatabase, fmt, type Section } from './support';
import { nodeFloor, postgresFloor } from './restore-floor';

const root = join(__dirname, '..', '..', '..', '..');
/** Full size: 1,000,000 events and 2 GB of media (issue 29). BACKUP_BENCH_EVENTS / BACKUP_BENCH_MEDIA_MB scale it down. */
const EVENTS = Number(process.env.BACKUP_BENCH_EVENTS ?? 1_000_000);
const MEDIA_MB = Number(process.env.BACKUP_BENCH_MEDIA_MB ?? 2048);
const FILE_MB = 16;

interface Run {
  code: number | null;
  seconds: number;
  /** Seconds from each phase line ('events…', 'media…') to the next. */
  phases: Record<string, number>;
  peakRssMb: number;
  output: string;
}

/** Runs the built CLI as its own process, timing its phase lines and sampling its RSS (VmHWM at the end). */
function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const started = performance.now();
    // BACKUP_BENCH_PROFILE=<dir>: each command writes a V8 CPU profile there (to see where its time goes).
    const profile = process.env.BACKUP_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BACKUP_BENCH_PROFILE}`] : [];
    // BACKUP_BENCH_NODE_FLAGS: V8 flags to try beside the ones npm run backup/restore pass (space-separated).
    const flags = (process.env.BACKUP_BENCH_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');
    // The flags npm run backup/restore start the command with (package.json).
    const command = args[0] === 'restore' ? ['--max-old-space-size=192', '--heap-growing-percent=65'] : ['--max-old-space-size=192'];
    const child = spawn(process.execPath, [...profile, ...flags, ...command, join(root, 'backend', 'dist', 'cli', 'backup.js'), ...args], { cwd: root, env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const phases: Record<string, number> = {};
    let current: { name: string; at: number } | null = null;
    let output = '';
    let peak = 0;
    const sample = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
        if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
      } catch {
        // gone
      }
    }, 100);
    const onLine = (line: string) => {
      output += `${line}\n`;
      const phase = /^([a-z-]+)…$/.exec(line.trim());
      if (!phase) return;
      const now = performance.now();
      if (current) phases[current.name] = (phases[current.name] ?? 0) + (now - current.at) / 1000;
      current = { name: phase[1]!, at: now };
    };
    let partial = '';
    const onData = (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      parts.forEach(onLine);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      clearInterval(sample);
      const now = performance.now();
      if (current) phases[current.name] = (phases[current.name] ?? 0) + (now - current.at) / 1000;
      resolve({ code, seconds: (now - started) / 1000, phases, peakRssMb: peak, output });
    });
  });
}

interface SeededSite {
  seconds: number;
  /** Events per type. */
  types: Record<string, number>;
  /** Bytes of canonical data and metadata text, summed. */
  bytes: number;
  privacyRecords: number;
}

/** Events per INSERT while seeding. */
const SEED_CHUNK = 10_000;

const WORDS = 'improv sketch stand-up late show open mic tour headliner rehearsal venue tickets matinee season premiere encore troupe monologue crowd laughter festival'.split(' ');

/** A few hundred bytes of prose, different for each i (a site description as admins write them). */
function prose(i: number, words: number): string {
  let text = '';
  let x = (i * 2_654_435_761) >>> 0;
  for (let w = 0; w < words; w += 1) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    text += `${w === 0 ? '' : ' '}${WORDS[x % WORDS.length]}`;
  }
  return `${text}.`;
}

/**
 * The source site, written straight into es.events with bulk INSERTs of unnest()ed columns (the
 * append path manages ~550 events/s on this machine: a million events would take half an hour).
 * It is a valid log all the same: each event's prev_hash and hash are computed here exactly as the
 * store's append computes them (eventHashFromCanonical over the canonical JSON text that is
 * stored), so restore's verification, the log tree and verifyChain accept it. The mix is a
 * season's: the media library's uploads first, then cycles of 100 events on the site stream (a
 * lock taken, refreshed and released around draft saves of a few hundred bytes) and a contact
 * message with its delivery and a response mark, whose words sit in the privacy store (random
 * bytes standing for the sealed text: the backup carries them as rows, it never opens them).
 */
async function seedSite(db: Database, mediaDir: string, events: number, files: number): Promise<SeededSite> {
  const started = performance.now();
  await migrate(db, eventStoreMigrations);
  await ensureBackupTables(db);
  mkdirSync(mediaDir, { recursive: true });
  const types: Record<string, number> = {};
  const revisions = new Map<string, number>();
  let bytes = 0;
  let prevHash = '';
  const firstAt = Date.now() - events * 20_000;
  const subjects = Array.from({ length: 500 }, () => randomUUID());
  const records: { recordId: string; subjectId: string; messageId: string }[] = [];
  let contact = { id: '', subjectId: '' };
  const block = Buffer.alloc(FILE_MB * 1024 * 1024);

  const eventAt = (position: number): { stream: string; type: string; data: unknown } => {
    if (position <= files) {
      const f = position - 1;
      block.fill(f % 251);
      const name = `clip-${f}.mp4`;
      writeFileSync(join(mediaDir, name), block);
      const sha256 = createHash('sha256').update(block).digest('hex');
      return { stream: MEDIA_STREAM, type: 'MediaUploaded', data: { path: name, name, originalName: name, size: block.length, mimeType: 'video/mp4', kind: 'video', sha256 } };
    }
    const k = (position - files - 1) % 100;
    const at = new Date(firstAt + position * 20_000);
    const holderEmail = `admin${Math.floor(position / 100) % 5}@punchline.test`;
    switch (k) {
      case 0:
        return { stream: SITE_STREAM, type: 'LockAcquired', data: { holderEmail, ttlSeconds: 300, acquiredAt: at.toISOString(), expiresAt: new Date(at.getTime() + 300_000).toISOString(), previousHolderEmail: null } };
      case 50:
        return { stream: SITE_STREAM, type: 'LockRefreshed', data: { holderEmail, ttlSeconds: 300, refreshedAt: at.toISOString(), expiresAt: new Date(at.getTime() + 300_000).toISOString() } };
      case 95:
        return { stream: SITE_STREAM, type: 'LockReleased', data: { holderEmail, reason: 'released' } };
      case 96: {
        contact = { id: randomUUID(), subjectId: subjects[position % subjects.length]! };
        const recordId = randomUUID();
        records.push({ recordId, subjectId: contact.subjectId, messageId: contact.id });
        const personal = { recordId, digest: createHash('sha256').update(recordId).digest('hex') };
        return { stream: contactStreamId(contact.id), type: 'ContactMessageReceived', data: { messageId: contact.id, subjectId: contact.subjectId, personal } };
      }
      case 97:
        return { stream: contactStreamId(contact.id), type: 'ContactDeliveryRecorded', data: { messageId: contact.id, status: 'sent', error: null, to: 'hello@punchline.test', attempts: 1 } };
      case 98:
        return { stream: contactStreamId(contact.id), type: 'ResponseMarked', data: { messageId: contact.id, responded: true, respondedAt: at.toISOString(), respondedBy: holderEmail } };
      default:
        return { stream: SITE_STREAM, type: 'DraftSaved', data: { changes: k % 2 === 0 ? { site_description: prose(position, 40) } : { hero_title: prose(position, 4), who_body: prose(position + 1, 24) } } };
    }
  };

  const insert = `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, created_at, prev_hash, hash)
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::uuid[], $5::text[], $6::int[], $7::json[], $8::json[], $9::timestamptz[], $10::text[], $11::text[])`;
  let writing: Promise<unknown> = Promise.resolve();
  for (let from = 1; from <= events; from += SEED_CHUNK) {
    const columns: unknown[][] = Array.from({ length: 11 }, () => []);
    for (let position = from; position < from + SEED_CHUNK && position <= events; position += 1) {
      const { stream, type, data } = eventAt(position);
      const revision = revisions.get(stream) ?? 0;
      revisions.set(stream, revision + 1);
      const createdAt = new Date(firstAt + position * 20_000).toISOString();
      const eventId = randomUUID();
      const metadata = { actorEmail: `admin${Math.floor(position / 100) % 5}@punchline.test`, correlationId: randomUUID(), causationId: null, occurredAt: createdAt };
      const dataText = canonicalJson(data);
      const metadataText = canonicalJson(metadata);
      const hash = eventHashFromCanonical(prevHash, { globalPosition: position, streamId: stream, streamRevision: revision, eventId, type, schemaVersion: 1 }, dataText, metadataText);
      for (const [c, value] of [position, stream, revision, eventId, type, 1, dataText, metadataText, createdAt, prevHash, hash].entries()) columns[c]!.push(value);
      prevHash = hash;
      bytes += dataText.length + metadataText.length;
      types[type] = (types[type] ?? 0) + 1;
    }
    // The next chunk is computed while this one is written.
    await writing;
    writing = db.query(insert, columns);
  }
  await writing;
  await db.query('INSERT INTO es.streams (stream_id, revision) SELECT stream_id, max(stream_revision) FROM es.events GROUP BY stream_id');
  await db.query(`INSERT INTO privacy.lookup_key (id, key) VALUES (1, sha256('bench lookup key')) ON CONFLICT (id) DO NOTHING`);
  await db.query(`INSERT INTO privacy.subjects (subject_id, email_lookup) SELECT s, sha256(convert_to(s::text, 'UTF8')) FROM unnest($1::uuid[]) AS s`, [subjects]);
  await db.query(`INSERT INTO privacy.subject_keys (subject_id, key) SELECT s, sha256(convert_to(s::text || 'key', 'UTF8')) FROM unnest($1::uuid[]) AS s`, [subjects]);
  for (let at = 0; at < records.length; at += 5000) {
    const batch = records.slice(at, at + 5000);
    await db.query(
      `INSERT INTO privacy.records (record_id, subject_id, message_id, kind, sealed)
       SELECT r, s, m, 'message', decode(repeat(md5(r::text), 10), 'hex') FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS t(r, s, m)`,
      [batch.map((r) => r.recordId), batch.map((r) => r.subjectId), batch.map((r) => r.messageId)],
    );
  }
  return { seconds: (performance.now() - started) / 1000, types, bytes, privacyRecords: records.length };
}

function describeMix(types: Record<string, number>): string {
  return Object.entries(types)
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${fmt(n)} ${type}`)
    .join(', ');
}

/**
 * Lets the machine settle between the bench's own steps, so a command is measured rather than the
 * step before it: the seeded database vacuumed and analysed now (autovacuum would otherwise take a
 * core over a million fresh rows during the next command), its dirty pages checkpointed, and the
 * files just written flushed to disk.
 */
async function settle(db: Database): Promise<number> {
  const started = performance.now();
  await db.query('VACUUM (ANALYZE)');
  await db.query('CHECKPOINT');
  spawnSync('sync');
  return (performance.now() - started) / 1000;
}

/**
 * Issue 29: `npm run backup` and `npm run restore` of a site with EVENTS events and MEDIA_MB of media
 * (16 MB video files), PostgreSQL to PostgreSQL, each command its own process: events per second
 * each way and peak RSS (VmHWM, sampled every 100 ms).
 */
export async function backupBench(): Promise<Section> {
  const source = await freshDatabase(8);
  const target = await freshDatabase(8);
  const work = mkdtempSync(join(tmpdir(), 'punchline-bench-backup-'));
  const metrics: Section['metrics'] = [];
  const notes: string[] = [];
  const loadBefore = loadavg()[0]!;
  try {
    const files = Math.round(MEDIA_MB / FILE_MB);
    const seeded = await seedSite(source.db, join(work, 'source', 'media'), EVENTS, files);
    notes.push(
      `Site: ${fmt(EVENTS)} events (${describeMix(seeded.types)}; ${fmt(seeded.bytes / EVENTS)} bytes of data and metadata on average) and ${fmt(files)} media files of ${FILE_MB} MB (${fmt(files * FILE_MB)} MB), ` +
        `plus ${fmt(seeded.privacyRecords)} personal-data records in the privacy store; seeded by bulk SQL in ${fmt(seeded.seconds, 1)} s.`,
    );
    // The log tree as a running site has it: the app builds it for stored events at start-up and grows
    // it as events are appended (DESIGN §15), so a backup of a running site finds it current. The bulk
    // seed skips the append path, so the tree is built here, outside the backup's time; before, the
    // backup command built the whole tree itself, a cost no running site's backup pays.
    const treeStarted = performance.now();
    await ensureReadModels(source.db, allProjections());
    const tree = await LogTree.open(source.db, postgresLeafSource, { keyName: logKeyName(process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`) });
    await tree.catchUp();
    const treeSeconds = (performance.now() - treeStarted) / 1000;
    notes.push(`The source's log tree built after the seed as the app does at start-up, outside the backup's time: ${fmt(treeSeconds, 1)} s (${fmt(EVENTS / treeSeconds)} events/s). Until 2026-12-06 the backup command built it itself, inside its time.`);
    const settled = [await settle(source.db)];
    const file = join(work, 'site.tar');
    const backup = await runCli(['backup', '--out', file], { DATABASE_URL: source.url, DATA_DIR: join(work, 'source') });
    if (backup.code !== 0) throw new Error(`backup failed:\n${backup.output}`);
    const eventsSeconds = backup.phases.events ?? backup.seconds;
    metrics.push({ name: `backup: events (${fmt(EVENTS)})`, value: `${fmt(EVENTS / eventsSeconds)} events/s (${fmt(eventsSeconds, 1)} s)`, target: '≥ 50,000 events/s', pass: EVENTS / eventsSeconds >= 50_000 });
    metrics.push({
      name: `backup: whole command (${fmt(statSync(file).size / 2 ** 20)} MB file)`,
      value: `${fmt(backup.seconds, 1)} s (${fmt(EVENTS / backup.seconds)} events/s end to end); media ${fmt((files * FILE_MB) / (backup.phases.media ?? backup.seconds))} MB/s`,
      target: '≥ 50,000 events/s',
      pass: EVENTS / backup.seconds >= 50_000,
    });
    metrics.push({ name: 'backup: peak RSS', value: `${fmt(backup.peakRssMb)} MB`, target: '< 300 MB', pass: backup.peakRssMb < 300 });

    settled.push(await settle(source.db));
    const restore = await runCli(['restore', file], { DATABASE_URL: target.url, DATA_DIR: join(work, 'target') });
    if (restore.code !== 0) throw new Error(`restore failed:\n${restore.output}`);
    // The events phase writes each entry's events and feeds them to the rebuild of the read models in the same pass.
    const writeSeconds = restore.phases.events ?? restore.seconds;
    metrics.push({ name: `restore: events written, read models rebuilt from them in the same pass (${fmt(EVENTS)})`, value: `${fmt(EVENTS / writeSeconds)} events/s (${fmt(writeSeconds, 1)} s)`, target: '≥ 50,000 events/s', pass: EVENTS / writeSeconds >= 50_000 });
    metrics.push({ name: 'restore: checking the whole file first', value: `${fmt(restore.phases.checking ?? 0, 1)} s (${fmt(EVENTS / (restore.phases.checking || 1))} events/s, media hashed too)` });
    // The side stores are restored while the read models' indexes are built: the two phases are one stretch.
    metrics.push({ name: 'restore: read models finished (indexes, swap; the log tree and the side stores meanwhile)', value: `${fmt((restore.phases['read-models'] ?? 0) + (restore.phases['side-stores'] ?? 0), 1)} s` });
    metrics.push({ name: 'restore: media, the restored chain verified meanwhile', value: `${fmt((restore.phases.media ?? 0) + (restore.phases.verifying ?? 0), 1)} s` });
    metrics.push({ name: 'restore: whole command', value: `${fmt(restore.seconds, 1)} s (${fmt(EVENTS / restore.seconds)} events/s end to end)`, target: '≥ 50,000 events/s', pass: EVENTS / restore.seconds >= 50_000 });
    metrics.push({ name: 'restore: peak RSS', value: `${fmt(restore.peakRssMb)} MB`, target: '< 300 MB', pass: restore.peakRssMb < 300 });
    // What any restore of this archive must cost on this machine, each unavoidable part alone (restore-floor.ts).
    settled.push(await settle(target.db));
    const pgFloor = await postgresFloor(target.url, work);
    const least = await nodeFloor(file, join(work, 'floor-media'));
    if (pgFloor) {
      const cores = availableParallelism();
      const pgTotal = Object.values(pgFloor).reduce((a, b) => a + b, 0);
      const bound = (cpu: number): string => `${fmt(cpu, 1)} CPU-s: on ${cores} cores none ends in under ${fmt(cpu / cores, 1)} s (${fmt(EVENTS / (cpu / cores))} events/s at best)`;
      metrics.push({ name: 'restore floor, events and their read models: PostgreSQL loading and indexing the events and audit rows, the restore process checking every event line once', value: bound(pgTotal + least.eventsCpu) });
      metrics.push({ name: 'restore floor, whole command: the above, and the archive read and hashed once, media written', value: bound(pgTotal + least.cpu) });
      notes.push(
        `Restore floor (bench/src/restore-floor.ts), each part alone after the restore: PostgreSQL's own CPU (its backend in /proc) ${Object.entries(pgFloor).map(([step, cpu]) => `${step} ${fmt(cpu, 1)} s`).join(', ')} ` +
          `(COPY of the restored rows into fresh tables, then the restore's constraints and the audit screen's indexes); the restore's process at its least (one read of the archive: every entry hashed, every event line parsed, ` +
          `its chain hash checked over the payload text it holds and folded into the log tree, media written) ${fmt(least.cpu, 1)} CPU-s, ${fmt(least.eventsCpu, 1)} of them up to the last event line, ${fmt(least.wall, 1)} s wall. ` +
          'Left out, so these are floors: reading the file twice (check, then write), the rows sent to PostgreSQL, the other read models, the log tree\'s stored tiles, verification, garbage collection under the 192 MB cap. ' +
          `Issue 29's target, 50,000 events/s end to end, is ${fmt(EVENTS / 50_000)} s for this site: ${fmt((2 * EVENTS) / 50_000)} CPU-s on two cores.`,
      );
    }
    const phaseList = (run: Run): string => Object.entries(run.phases).map(([name, seconds]) => `${name} ${fmt(seconds, 1)} s`).join(', ');
    notes.push(`Phases as the CLI printed them: backup ${phaseList(backup)}; restore ${phaseList(restore)}.`);
    notes.push('Each command runs as its own process (node --max-old-space-size=192 backend/dist/cli/backup.js, restore with --heap-growing-percent=65 too, as npm run backup/restore start them: what a command holds is a few MB at a time, the cap keeps V8 from growing its heap lazily; under that cap V8 lets the heap grow only 1.3× its live size before the next full collection, which made restore\'s events pass a third garbage collection, and 1.65× took 5–7 % off it for 10–25 MB), PostgreSQL to PostgreSQL on loopback; phase times come from the lines the CLI prints when not on a terminal.');
    notes.push('Restore reads the file twice: first it checks everything (half the event lines in a worker thread), then it writes the events and, in the same pass, feeds them to the rebuild of the read models (nothing is read back), then restores media while the database verifies the restored chain. The target is read twice: on the events pass, and on the whole command (of the backup too).');
    notes.push(`Before each command and before the floor the bench lets the machine settle (${settled.map((seconds) => `${fmt(seconds, 1)} s`).join(', ')}): the database just written (the source, then the restored one) vacuumed, analysed and checkpointed, and the files flushed to disk, so that autovacuum over the million fresh rows and the writeback of the seed or of the ${fmt(statSync(file).size / 2 ** 20)} MB archive do not run during what is measured.`);
    notes.push(`Load average (1 min) ${fmt(loadBefore, 1)} at the start and ${fmt(loadavg()[0]!, 1)} at the end (2 cores, shared with other work: the figures measure the contention too).`);
  } finally {
    await source.drop();
    await target.drop();
    // BACKUP_BENCH_KEEP=<dir>: the archive is kept there (to restore it again by hand, as RESULTS' notes do).
    const keep = process.env.BACKUP_BENCH_KEEP;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      renameSync(join(work, 'site.tar'), join(keep, 'site.tar'));
    }
    rmSync(work, { recursive: true, force: true });
  }
  return { title: `Backup and restore (${fmt(EVENTS)} events, ${fmt(MEDIA_MB)} MB media)`, metrics, notes };
}
