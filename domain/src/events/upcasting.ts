/**
 * Schema versions of stored events. An event written at an older version is upcast on read, so
 * deciders and projections only ever see the current shape.
 */
export type Upcaster = (data: unknown) => unknown;

export interface UpcasterRegistry {
  /** Current schema version of an event type (1 when never changed). */
  currentVersion(type: string): number;
  /** Upcast data stored at `fromVersion` to the current version. */
  upcast(type: string, fromVersion: number, data: unknown): unknown;
}

/** upcasters[type][v] turns version v into version v+1. */
export function createUpcasterRegistry(upcasters: Record<string, Record<number, Upcaster>>): UpcasterRegistry {
  const current = (type: string): number => {
    const steps = upcasters[type];
    if (!steps) return 1;
    return Math.max(1, ...Object.keys(steps).map((v) => Number(v) + 1));
  };
  return {
    currentVersion: current,
    upcast(type, fromVersion, data) {
      const steps = upcasters[type];
      let value = data;
      for (let v = fromVersion; v < current(type); v += 1) {
        const step = steps?.[v];
        if (!step) throw new Error(`No upcaster for ${type} v${v}`);
        value = step(value);
      }
      return value;
    },
  };
}
