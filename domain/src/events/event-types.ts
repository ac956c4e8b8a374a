/**
 * The types of one event union, named once in a record the compiler checks both ways: a type of the
 * union missing from it, or a key that is not a type of the union, fails to compile. Lists of event
 * types kept by hand drifted (a new type forgotten there made the runner throw 'Unexpected event' on
 * the next cold load and a projection skip it silently); this makes forgetting one impossible.
 */
export interface EventTypeSet<T extends string> {
  readonly list: readonly T[];
  has(type: string): type is T;
}

export function eventTypeSet<T extends string>(all: { readonly [K in T]: true }): EventTypeSet<T> {
  const list = Object.keys(all) as T[];
  const known = new Set<string>(list);
  return { list, has: (type: string): type is T => known.has(type) };
}
