import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, rmdirSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, relative, resolve } from 'node:path';

/**
 * One process at a time on a PGlite data directory. PGlite is PostgreSQL in single-user mode and,
 * on Node's filesystem, takes no lock of its own (its postmaster.pid holds -42): a second process
 * opening the directory (`npm run backup` beside a running app, a second `npm start`) succeeds, and
 * its start-up alone (WAL recovery, pg_control) can tear the first one's files; PGlite's tracker has
 * the reports (electric-sql/pglite#1106, #709). So the directory gets what postmaster.pid gives
 * PostgreSQL: `<dir>.lock` beside it, naming the process that has it open.
 *
 * On the same host liveness is the process itself (signal 0, and on Linux its start time, so a
 * reused pid is not mistaken for the holder), not a heartbeat: a holder killed with SIGKILL is
 * taken over at once, and PGlite's synchronous queries (a restore's index build blocks the event
 * loop for seconds) cannot make a live holder look stale. That is why not proper-lockfile, whose
 * staleness is an mtime refreshed on a timer. Only a holder on another host (a container that was
 * recreated has a new hostname, and its pids are another namespace's) is judged by such an mtime,
 * refreshed every 15 s and stale after 2 minutes.
 */
export interface DataDirHolder {
  pid: number;
  /** /proc/<pid>/stat's start time (clock ticks after boot); null where there is no /proc. */
  started: string | null;
  host: string;
  command: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: DataDirHolder | null,
    readonly lockFile: string,
  ) {
    super(inUseMessage(dir, holder, lockFile));
    this.name = 'DataDirInUseError';
  }
}

function inUseMessage(dir: string, holder: DataDirHolder | null, lockFile: string): string {
  const who = !holder
    ? 'another process'
    : holder.pid === process.pid && holder.host === hostname()
      ? 'this very process (it is already open here)'
      : `another process (pid ${holder.pid}${holder.host === hostname() ? '' : ` on host ${holder.host}`}${holder.command ? `: ${holder.command}` : ''}, since ${holder.since})`;
  const foreign = holder && holder.host !== hostname() ? ` A lock from another host is taken over once it has not been refreshed for ${FOREIGN_STALE_MS / 60_000} minutes.` : '';
  return (
    `The embedded database ${dir} is in use by ${who}. PGlite is opened by one process at a time: a second one would corrupt it. ` +
    `Stop that process first; for a backup while the app runs use 'Back up now' (Admin → General → Backups). ` +
    `If no such process runs any more, delete ${lockFile}.${foreign}`
  );
}

/**
 * /proc/<pid>/stat's state (field 3) and start time (field 22, clock ticks after boot), counted
 * after the name's ')' (a name may hold spaces); null where there is no /proc or no such process.
 */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return null;
  }
}

export function processStart(pid: number): string | null {
  return procStat(pid)?.started ?? null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A holder on another host (a container recreated after a crash gets a new hostname; a shared
 * filesystem) cannot be asked by pid: its process touches the lock file every HEARTBEAT_MS, and it
 * holds while that is recent. Generous, since a synchronous PGlite query delays the touch.
 */
const HEARTBEAT_MS = 15_000;
export const FOREIGN_STALE_MS = 120_000;

/** Whether the process a lock file names still has the directory open. */
function stillHolds(holder: DataDirHolder, touchedAt: number): boolean {
  if (holder.host !== hostname()) return Date.now() - touchedAt < FOREIGN_STALE_MS;
  if (!alive(holder.pid)) return false;
  const stat = procStat(holder.pid);
  if (!stat) return true;
  // Killed but not yet reaped by its parent: its files are closed already.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return holder.started === null || stat.started === holder.started;
}

function readHolder(file: string): DataDirHolder | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  // This code links lock files into place whole: one it cannot read was never one of its own.
  try {
    const h = JSON.parse(text) as Partial<DataDirHolder>;
    if (typeof h.pid === 'number' && typeof h.host === 'string') return { pid: h.pid, started: h.started ?? null, host: h.host, command: h.command ?? '', since: h.since ?? '' };
  } catch {
    // below
  }
  return 'unreadable';
}

/** Creates the lock file whole or not at all: written aside, then linked into place (fails if it exists). */
function tryCreate(file: string, me: DataDirHolder): boolean {
  const aside = `${file}.${process.pid}.${Date.now()}`;
  const fd = openSync(aside, 'wx', 0o644);
  try {
    writeSync(fd, `${JSON.stringify(me)}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes a lock whose holder is gone, under a short mutex (a directory: mkdir is atomic), so that
 * of two processes finding the same stale lock only one removes it; the other, retrying, then finds
 * the winner's live lock and is refused.
 */
function takeOver(file: string, seen: DataDirHolder | 'unreadable'): void {
  const mutex = `${file}.takeover`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Left by a process that died within the few statements below: old enough, it is nobody's.
    const since = statSync(mutex, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > 10_000) rmSync(mutex, { recursive: true, force: true });
    pause(50);
    return;
  }
  try {
    const now = readHolder(file);
    const same = now === seen || (typeof now === 'object' && typeof seen === 'object' && now.pid === seen.pid && now.since === seen.since);
    if (same) rmSync(file, { force: true });
  } finally {
    rmdirSync(mutex);
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Takes `<dir>.lock` for this process or throws DataDirInUseError naming the process that has it. */
export function lockDataDir(dir: string): DataDirLock {
  const path = resolve(dir);
  const file = `${path}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const me: DataDirHolder = {
    pid: process.pid,
    started: processStart(process.pid),
    host: hostname(),
    command: [relative(process.cwd(), process.argv[1] ?? ''), ...process.argv.slice(2)].join(' ').slice(0, 160),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (tryCreate(file, me)) return held(file, me);
    const touchedAt = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    const holder = readHolder(file);
    if (holder === 'gone' || touchedAt === undefined) continue;
    if (holder !== 'unreadable' && stillHolds(holder, touchedAt)) throw new DataDirInUseError(path, holder, file);
    takeOver(file, holder);
  }
  throw new DataDirInUseError(path, null, file);
}

function held(file: string, me: DataDirHolder): DataDirLock {
  let released = false;
  const beat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Gone (deleted by hand): the next opener finds no lock, as it would after a release.
    }
  }, HEARTBEAT_MS);
  beat.unref();
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(beat);
    process.off('exit', release);
    const now = readHolder(file);
    if (typeof now === 'object' && now.pid === me.pid && now.since === me.since) unlinkSync(file);
  };
  // A process that ends without closing the database (an error, process.exit) leaves no lock behind;
  // one killed outright leaves a stale one, taken over by the next opener.
  process.on('exit', release);
  return { file, release };
}
