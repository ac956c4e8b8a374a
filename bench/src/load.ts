import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Closed-loop load from this process (the servers under test run in their own processes). */
export async function load(url: string, options: { connections?: number; durationSeconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.durationSeconds ?? 8,
    headers: options.headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Warm-up, then app and reference measured back to back, alternating, so drifting load hits both alike. */
export async function compare(appUrl: string, referenceUrl: string, rounds = 2, durationSeconds = 6): Promise<{ app: LoadResult; reference: LoadResult }> {
  await load(appUrl, { durationSeconds: 2 });
  await load(referenceUrl, { durationSeconds: 2 });
  const apps: LoadResult[] = [];
  const refs: LoadResult[] = [];
  for (let i = 0; i < rounds; i += 1) {
    apps.push(await load(appUrl, { durationSeconds }));
    refs.push(await load(referenceUrl, { durationSeconds }));
  }
  const mean = (xs: LoadResult[]): LoadResult => ({
    rps: xs.reduce((s, x) => s + x.rps, 0) / xs.length,
    p50: Math.max(...xs.map((x) => x.p50)),
    p99: Math.max(...xs.map((x) => x.p99)),
    errors: xs.reduce((s, x) => s + x.errors, 0),
    non2xx: xs.reduce((s, x) => s + x.non2xx, 0),
  });
  return { app: mean(apps), reference: mean(refs) };
}
