import type { RecordedEvent } from '@punchline/domain';

export interface ProjectionCursor<P> {
  projection: P;
  /** Last global position already applied (the checkpoint). */
  position: number;
  /** Apply nothing beyond this position (replay stops at the live checkpoint); unbounded when absent. */
  upTo?: number;
}

export interface BatchSlice<P> {
  projection: P;
  /** Checkpoint before the batch: the guarded UPDATE expects it. */
  expected: number;
  /** Checkpoint after the batch. */
  next: number;
  /** Events with expected < position ≤ next, ascending. */
  events: RecordedEvent[];
}

/**
 * Splits a batch read from min(checkpoints) among projections: each gets only the events it has not
 * applied yet, so projections at different checkpoints (one rebuilding after a version bump) share one
 * read of the log. A projection already at or past the batch's end gets no slice and keeps its checkpoint.
 */
export function planBatch<P>(cursors: ProjectionCursor<P>[], events: RecordedEvent[]): BatchSlice<P>[] {
  for (let i = 1; i < events.length; i += 1) {
    if (events[i].globalPosition <= events[i - 1].globalPosition) {
      throw new Error(`Events out of order: position ${events[i].globalPosition} after ${events[i - 1].globalPosition}`);
    }
  }
  if (events.length === 0) return [];
  const last = events[events.length - 1].globalPosition;
  const slices: BatchSlice<P>[] = [];
  for (const cursor of cursors) {
    const next = Math.min(last, cursor.upTo ?? Number.POSITIVE_INFINITY);
    if (next <= cursor.position) continue;
    slices.push({
      projection: cursor.projection,
      expected: cursor.position,
      next,
      events: events.filter((e) => e.globalPosition > cursor.position && e.globalPosition <= next),
    });
  }
  return slices;
}

/** Where the next read of the log starts: the lowest checkpoint still short of its bound. */
export function readFrom<P>(cursors: ProjectionCursor<P>[]): number | null {
  const open = cursors.filter((c) => c.position < (c.upTo ?? Number.POSITIVE_INFINITY));
  return open.length === 0 ? null : Math.min(...open.map((c) => c.position));
}
