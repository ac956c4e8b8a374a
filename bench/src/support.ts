import { cpus, totalmem, type as osType, release } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PgDatabase, databaseBeside, withDefaultUser } from '@punchline/backend/dist/platform/database/pg-database';

export interface Metric {
  name: string;
  value: string;
  target?: string;
  pass?: boolean;
}

export interface Section {
  title: string;
  metrics: Metric[];
  notes: string[];
}

export function baseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
}

/**
 * A throwaway PostgreSQL database next to DATABASE_URL, dropped by the returned function. With
 * `keep` (a database name), that database is created if missing and left in place, so a slow fill
 * (the million-event log) is paid once while a query is being tuned.
 */
export async function freshDatabase(poolSize = 16, keep?: string): Promise<{ db: PgDatabase; url: string; drop: () => Promise<void> }> {
  return databaseBeside(baseUrl(), keep ?? `punchline_bench_${randomBytes(4).toString('hex')}`, poolSize, { keep: keep !== undefined });
}

export async function machineDescription(): Promise<string> {
  const c = new Client({ connectionString: withDefaultUser(baseUrl()) });
  await c.connect();
  const pg = (await c.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
  await c.end();
  const cpu = cpus();
  return [
    `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}`,
    `${Math.round(totalmem() / 2 ** 30)} GiB RAM`,
    `${osType()} ${release()}`,
    `Node ${process.version}`,
    `PostgreSQL ${pg} on loopback`,
  ].join(', ');
}

export const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `rounds` sequential requests, each checked (a failed check throws); p50 and p99 of the whole round trip (request sent → body read). */
export async function timedRequests(rounds: number, request: (i: number) => Promise<Response>, check: (res: Response, body: string) => boolean): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    const res = await request(i);
    const body = await res.text();
    times.push(performance.now() - started);
    if (!check(res, body)) throw new Error(`request ${i} answered ${res.status}: ${body.slice(0, 300)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}
