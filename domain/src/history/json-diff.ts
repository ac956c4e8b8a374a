/**
 * Field-level differences between two settings records (DESIGN §13 `/history/diff`): one change per
 * JSON Pointer (RFC 6901) path; objects compared key by key, lists item by item, so an edited event
 * reads `/events_upcoming/2/date` rather than "the list changed". `undefined` stands for "absent".
 */
export interface JsonChange {
  path: string;
  before: unknown;
  after: unknown;
}

function pointerToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function diffJson(before: unknown, after: unknown, path = ''): JsonChange[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: JsonChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i += 1) {
      changes.push(...diffJson(before[i], after[i], `${path}/${i}`));
    }
    return changes;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffJson(before[key], after[key], `${path}/${pointerToken(key)}`));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, before: before === undefined ? null : before, after: after === undefined ? null : after }];
}
