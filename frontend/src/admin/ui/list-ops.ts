/** Immutable list edits used by every list in the editor; out-of-range indexes return the list unchanged. */

export function replaceItem<T>(list: readonly T[], index: number, item: T): T[] {
  if (index < 0 || index >= list.length) return [...list];
  return list.map((existing, i) => (i === index ? item : existing));
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_item, i) => i !== index);
}

export function moveItem<T>(list: readonly T[], index: number, direction: 'up' | 'down'): T[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Puts `item` back at `index` (or at the end when the list has since become shorter): the undo of removeItem. */
export function insertItem<T>(list: readonly T[], index: number, item: T): T[] {
  const at = Math.max(0, Math.min(index, list.length));
  return [...list.slice(0, at), item, ...list.slice(at)];
}
