import { INPUT_TEXTS, MAX_INPUT_DEPTH, inputProblem, jsonNestsDeeperThan } from './input-guard';

const nested = (containers: number): string => `${'{"a":'.repeat(containers - 1)}[]${'}'.repeat(containers - 1)}`;

describe('jsonNestsDeeperThan (the depth check before JSON.parse)', () => {
  it('agrees with the check after parsing at the limit and one past it', () => {
    for (const containers of [1, MAX_INPUT_DEPTH - 1, MAX_INPUT_DEPTH, MAX_INPUT_DEPTH + 1, MAX_INPUT_DEPTH + 5]) {
      const text = nested(containers);
      const afterParse = inputProblem(JSON.parse(text)) === INPUT_TEXTS.depth;
      expect({ containers, before: jsonNestsDeeperThan(Buffer.from(text), MAX_INPUT_DEPTH) }).toEqual({ containers, before: afterParse });
    }
    expect(jsonNestsDeeperThan(Buffer.from(nested(MAX_INPUT_DEPTH)), MAX_INPUT_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(Buffer.from(nested(MAX_INPUT_DEPTH + 1)), MAX_INPUT_DEPTH)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ message: `${'['.repeat(100)} a quote \\" then ${'{'.repeat(100)}`, list: [[1]] });
    expect(jsonNestsDeeperThan(Buffer.from(text), 3)).toBe(false);
    expect(jsonNestsDeeperThan(Buffer.from(text), 2)).toBe(true);
  });

  it('stops at the first bracket too deep, whatever follows (a million of them, not parsed)', () => {
    const deep = Buffer.from(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    expect(jsonNestsDeeperThan(deep, MAX_INPUT_DEPTH)).toBe(true);
  });
});
