import { cpus, totalmem, type as osType, release } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PgDatabase, withDefaultUser } from '@punchline/backend/dist/platform/database/pg-database';

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
  if (keep !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`Not a database name: ${keep}`);
  const name = keep ?? `punchline_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: withDefaultUser(baseUrl()) });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  const db = new PgDatabase(url.toString(), poolSize);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      if (keep !== undefined) return;
      const c = new Client({ connectionString: withDefaultUser(baseUrl()) });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
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
