import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { auditProjection } from '@punchline/projections';
import { EVENTS_CONSTRAINTS } from '@punchline/backend/dist/backup/restore';
import { withDefaultUser } from '@punchline/backend/dist/platform/database/pg-database';

/**
 * Issue 29 asks a restore of 1,000,000 events to run at 50,000 events/s end to end: 20 s, that is
 * 40 CPU-seconds on two cores. Whether any restore can do that on the machine at hand is measured
 * here, as a floor: the CPU that the unavoidable parts cost when each runs alone, with nothing
 * else on the machine and in its cheapest form. If the floor exceeds what the cores give in the
 * target's time, no arrangement of the restore's phases meets the target on this machine.
 */

/** The restore process's least work (restore-floor.process.ts): CPU seconds in all, up to the last event line, and wall seconds. */
export interface NodeFloor {
  cpu: number;
  eventsCpu: number;
  wall: number;
}

const SCRATCH = 'restore_floor';

/** Clock ticks per second, in which /proc reports a process's CPU time. */
function clockTicks(): number {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(out.stdout.trim()) || 100;
}

function processCpu(pid: number, ticks: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime: fields 14 and 15 of stat, 12 and 13 once the pid and the name are cut off.
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return null;
  }
}

/**
 * What PostgreSQL must do for the rows a restore writes into a restored database (`url`), each step
 * measured on its own backend: es.events' rows by COPY and its unique constraints built after them
 * (as restore does), then the audit log read model (one row an event, DESIGN §1) by COPY into its
 * table and its screen's indexes built after. The rows are the restored ones, copied out first.
 * Left out: the other read models, the log tree's tiles, the streams table, verification.
 */
export async function postgresFloor(url: string, work: string): Promise<Record<string, number> | null> {
  const client = new Client({ connectionString: withDefaultUser(url) });
  await client.connect();
  try {
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const ticks = clockTicks();
    if (processCpu(pid, ticks) === null) return null;
    const eventsFile = join(work, 'floor-events.copy');
    const auditFile = join(work, 'floor-audit.copy');
    const auditColumns = 'position, event_id, stream_id, occurred_at, actor_email, action, meta, words';
    await pipeline(client.query(copyTo('COPY es.events TO STDOUT')), createWriteStream(eventsFile));
    await pipeline(client.query(copyTo(`COPY (SELECT ${auditColumns} FROM rm.audit_log ORDER BY position) TO STDOUT`)), createWriteStream(auditFile));
    await client.query(`DROP SCHEMA IF EXISTS ${SCRATCH} CASCADE; CREATE SCHEMA ${SCRATCH}`);
    await client.query(`CREATE TABLE ${SCRATCH}.events (LIKE es.events INCLUDING DEFAULTS)`);
    await auditProjection.migrate(client, SCRATCH);
    // Autovacuum would otherwise take the fresh rows up in another backend, unmeasured and in the way.
    await client.query(`ALTER TABLE ${SCRATCH}.events SET (autovacuum_enabled = off); ALTER TABLE ${SCRATCH}.audit_log SET (autovacuum_enabled = off)`);
    const steps: Record<string, number> = {};
    const step = async (name: string, run: () => Promise<unknown>): Promise<void> => {
      const before = processCpu(pid, ticks)!;
      await run();
      steps[name] = processCpu(pid, ticks)! - before;
    };
    await step('events rows', () => pipeline(createReadStream(eventsFile), client.query(copyFrom(`COPY ${SCRATCH}.events FROM STDIN`))));
    await step('events constraints', () => client.query(`ALTER TABLE ${SCRATCH}.events ${EVENTS_CONSTRAINTS.map(([, definition]) => `ADD ${definition}`).join(', ')}`));
    await step('audit rows', () => pipeline(createReadStream(auditFile), client.query(copyFrom(`COPY ${SCRATCH}.audit_log (${auditColumns}) FROM STDIN`))));
    await step('audit indexes', () => auditProjection.readIndexes!(client, SCRATCH));
    return steps;
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${SCRATCH} CASCADE`).catch(() => undefined);
    await client.end();
  }
}

/** The restore process's least work on `file` (restore-floor.process.ts), in a process of its own. */
export function nodeFloor(file: string, mediaDir: string): Promise<NodeFloor> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'restore-floor.process.js'), file, mediaDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`restore floor process failed: ${err}`));
      resolve(JSON.parse(out) as NodeFloor);
    });
  });
}
