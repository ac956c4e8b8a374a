import type { ReplayProgress, ReplayResult } from './replay';

export function formatProgress(p: ReplayProgress): string {
  const percent = p.target > 0 ? Math.min(100, Math.floor((p.position / p.target) * 100)) : 100;
  return `replay: ${p.events} events (position ${p.position}/${p.target}, ${percent}%) ${p.eventsPerSecond} events/s`;
}

/** Human-readable outcome of a replay, one table per line, for the CLI. */
export function formatReplayResult(r: ReplayResult): string {
  const lines = [
    `rebuilt ${r.events} events in ${r.seconds.toFixed(2)} s (${r.eventsPerSecond} events/s), ${r.totalSeconds.toFixed(2)} s in all`,
    `positions: ${Object.entries(r.positions)
      .map(([name, position]) => `${name}@${position}`)
      .join(', ')}`,
  ];
  for (const t of r.tables) {
    const where = t.firstDifference ? ` first difference at ${JSON.stringify(t.firstDifference)}` : '';
    lines.push(`${t.equal ? 'EQUAL  ' : 'DIFFERS'} ${t.projection}.${t.name}: live ${t.liveRows} rows, replay ${t.replayRows} rows${where}`);
  }
  if (r.swapped) lines.push('live tables replaced by the rebuilt ones');
  lines.push(r.equal ? 'read models equal the log' : 'read models DIFFER from the log');
  return lines.join('\n');
}
