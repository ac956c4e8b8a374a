import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/**
 * Closed-loop load from wrk, a separate native process: a generator inside the bench's own Node
 * process tops out near the server's figure on 2 cores and makes every server look equal to the
 * bare one (measured: autocannon 99% where wrk says 66%). Install with infra/ci/ensure-wrk.sh.
 */
export async function load(url: string, options: { connections?: number; durationSeconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  if (!existsSync(WRK)) throw new Error(`wrk not found at ${WRK}: run \`bash infra/ci/ensure-wrk.sh\` (Debian package wrk)`);
  const connections = options.connections ?? 32;
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const { stdout } = await run(WRK, ['-t2', `-c${connections}`, `-d${options.durationSeconds ?? 8}s`, '--latency', ...headerArgs, url], { maxBuffer: 1 << 20 });
  return parseWrk(stdout);
}

/** wrk's text report → numbers (latencies in ms). */
export function parseWrk(text: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`cannot read wrk's report:\n${text}`);
  const percentile = (p: string): number => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(text);
    if (!m) return NaN;
    const value = Number(m[1]);
    return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const errors = socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
  return { rps, p50: percentile('50'), p99: percentile('99'), errors, non2xx };
}

/**
 * Warm-up, then app and reference measured back to back in alternating pairs, so drifting load hits
 * both alike. `ratio` is the median of the pairs' app/reference ratios: on a shared 2-core VM the
 * same server's figure moves by a third from one 4-second run to the next (measured), and a
 * median of paired ratios is what stays put when the machine's speed drifts.
 */
export async function compare(
  appUrl: string,
  referenceUrl: string,
  rounds = 2,
  durationSeconds = 6,
  headers?: Record<string, string>,
): Promise<{ app: LoadResult; reference: LoadResult; ratio: number }> {
  await load(appUrl, { durationSeconds: 2, headers });
  await load(referenceUrl, { durationSeconds: 2, headers });
  const apps: LoadResult[] = [];
  const refs: LoadResult[] = [];
  for (let i = 0; i < rounds; i += 1) {
    // Alternate which goes first, so neither always runs on the warmer (or cooler) half of a pair.
    const first = i % 2 === 0 ? appUrl : referenceUrl;
    const a = await load(first, { durationSeconds, headers });
    const b = await load(first === appUrl ? referenceUrl : appUrl, { durationSeconds, headers });
    apps.push(first === appUrl ? a : b);
    refs.push(first === appUrl ? b : a);
  }
  const mean = (xs: LoadResult[]): LoadResult => ({
    rps: xs.reduce((s, x) => s + x.rps, 0) / xs.length,
    p50: Math.max(...xs.map((x) => x.p50)),
    p99: Math.max(...xs.map((x) => x.p99)),
    errors: xs.reduce((s, x) => s + x.errors, 0),
    non2xx: xs.reduce((s, x) => s + x.non2xx, 0),
  });
  const ratios = apps.map((app, i) => app.rps / refs[i]!.rps).sort((x, y) => x - y);
  const middle = Math.floor(ratios.length / 2);
  const ratio = ratios.length % 2 === 1 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
  return { app: mean(apps), reference: mean(refs), ratio };
}
