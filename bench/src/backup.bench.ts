import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { NewEvent } from '@punchline/domain';
import { PostgresEventStore, postgresStoreMigrations } from '@punchline/backend/dist/platform/event-store/postgres-event-store';
import { migrate } from '@punchline/backend/dist/platform/database/migrations';
import { freshDatabase, fmt, type Section } from './support';

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
    const child = spawn(process.execPath, ['--max-old-space-size=192', join(root, 'backend', 'dist', 'cli', 'backup.js'), ...args], { cwd: root, env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
  try {
    await migrate(source.db, postgresStoreMigrations);
    const store = new PostgresEventStore(source.db);
    const now = new Date().toISOString();
    const fillStarted = performance.now();
    const files = Math.round(MEDIA_MB / FILE_MB);
    const mediaDir = join(work, 'source', 'media');
    mkdirSync(mediaDir, { recursive: true });
    const block = Buffer.alloc(FILE_MB * 1024 * 1024);
    for (let f = 0; f < files; f++) {
      block.fill(f % 251);
      writeFileSync(join(mediaDir, `clip-${f}.mp4`), block);
      await store.append('media', [{ eventId: randomUUID(), type: 'MediaUploaded', data: { path: `clip-${f}.mp4`, name: `clip-${f}.mp4`, originalName: `clip-${f}.mp4`, size: block.length, mimeType: 'video/mp4', sha256: 'bench' }, metadata: { actorEmail: 'a@punchline.test', correlationId: randomUUID(), causationId: null, occurredAt: now } }], { expectedRevision: 'any' });
    }
    for (let i = files; i < EVENTS; i += 1000) {
      const events: NewEvent[] = Array.from({ length: Math.min(1000, EVENTS - i) }, (_, k) => ({
        eventId: randomUUID(),
        type: k % 3 === 0 ? 'LockAcquired' : 'DraftSaved',
        data: { changes: { hero_title: `Title ${i + k}` }, holderEmail: 'a@punchline.test', ttlSeconds: 300 },
        metadata: { actorEmail: `admin${k % 5}@punchline.test`, correlationId: randomUUID(), causationId: null, occurredAt: now },
      }));
      await store.append(`bench-${(i / 1000) % 200}`, events, { expectedRevision: 'any' });
    }
    await store.close();
    notes.push(`Site: ${fmt(EVENTS)} events (${fmt(files)} MediaUploaded, the rest draft saves and locks, ~300 bytes each) and ${fmt(files)} media files of ${FILE_MB} MB (${fmt(files * FILE_MB)} MB), filled in ${fmt((performance.now() - fillStarted) / 1000, 1)} s.`);

    const file = join(work, 'site.tar');
    const backup = await runCli(['backup', '--out', file], { DATABASE_URL: source.url, DATA_DIR: join(work, 'source') });
    if (backup.code !== 0) throw new Error(`backup failed:\n${backup.output}`);
    const eventsSeconds = backup.phases.events ?? backup.seconds;
    metrics.push({ name: `backup: events (${fmt(EVENTS)})`, value: `${fmt(EVENTS / eventsSeconds)} events/s (${fmt(eventsSeconds, 1)} s)`, target: '≥ 50,000 events/s', pass: EVENTS / eventsSeconds >= 50_000 });
    metrics.push({ name: `backup: whole command (${fmt(statSync(file).size / 2 ** 20)} MB file)`, value: `${fmt(backup.seconds, 1)} s; media ${fmt((files * FILE_MB) / (backup.phases.media ?? backup.seconds))} MB/s` });
    metrics.push({ name: 'backup: peak RSS', value: `${fmt(backup.peakRssMb)} MB`, target: '< 300 MB', pass: backup.peakRssMb < 300 });

    const restore = await runCli(['restore', file], { DATABASE_URL: target.url, DATA_DIR: join(work, 'target') });
    if (restore.code !== 0) throw new Error(`restore failed:\n${restore.output}`);
    const writeSeconds = restore.phases.events ?? restore.seconds;
    metrics.push({ name: `restore: writing the events (${fmt(EVENTS)})`, value: `${fmt(EVENTS / writeSeconds)} events/s (${fmt(writeSeconds, 1)} s)`, target: '≥ 50,000 events/s', pass: EVENTS / writeSeconds >= 50_000 });
    metrics.push({ name: 'restore: checking the whole file first', value: `${fmt(restore.phases.checking ?? 0, 1)} s (${fmt(EVENTS / (restore.phases.checking || 1))} events/s, media hashed too)` });
    metrics.push({ name: 'restore: rebuilding the read models', value: `${fmt(restore.phases['read-models'] ?? 0, 1)} s (${fmt(EVENTS / (restore.phases['read-models'] || 1))} events/s)` });
    metrics.push({ name: 'restore: whole command', value: `${fmt(restore.seconds, 1)} s (${fmt(EVENTS / restore.seconds)} events/s end to end)` });
    metrics.push({ name: 'restore: peak RSS', value: `${fmt(restore.peakRssMb)} MB`, target: '< 300 MB', pass: restore.peakRssMb < 300 });
    notes.push('Each command runs as its own process (node --max-old-space-size=192 backend/dist/cli/backup.js, as npm run backup/restore start it: what a command holds is a few MB at a time, the cap keeps V8 from growing its heap lazily), PostgreSQL to PostgreSQL on loopback; phase times come from the lines the CLI prints when not on a terminal.');
    notes.push('Restore reads the file twice (check everything, then write), rebuilds the read models from 0 and verifies the chain: the events/s target is read against the writing phase, the end-to-end figure is given beside it.');
  } finally {
    await source.drop();
    await target.drop();
    rmSync(work, { recursive: true, force: true });
  }
  return { title: `Backup and restore (${fmt(EVENTS)} events, ${fmt(MEDIA_MB)} MB media)`, metrics, notes };
}
