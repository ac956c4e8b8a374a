import fc from 'fast-check';
import { canonicalJson, canonicalJsonWrittenOut } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth so jsonb key order cannot change a hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}');
  });
  it('drops undefined members and keeps null', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });
  it('keeps a key named __proto__ (JSON.parse makes it an own key; fast-check found the copy dropping it)', () => {
    const parsed = JSON.parse('{"b":1,"__proto__":{"x":""},"a":[{"__proto__":""}]}') as unknown;
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"x":""},"a":[{"__proto__":""}],"b":1}');
    expect(canonicalJson(parsed)).toBe(canonicalJsonWrittenOut(parsed));
  });
});

describe('canonicalJson fast path', () => {
  it('equals the written-out definition for any JSON value, integer-like keys included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(canonicalJsonWrittenOut(value));
      }),
      { numRuns: 2000 },
    );
    const indexLike = { b: 1, 10: 'ten', 9: 'nine', a: [{ 2: 'x', 1: 'y' }] };
    expect(canonicalJson(indexLike)).toBe('{"10":"ten","9":"nine","a":[{"1":"y","2":"x"}],"b":1}');
    expect(canonicalJson(indexLike)).toBe(canonicalJsonWrittenOut(indexLike));
  });
  it('writes non-finite numbers and undefined array items as null', () => {
    expect(canonicalJson([Number.NaN, undefined, Infinity, { x: -Infinity }])).toBe('[null,null,null,{"x":null}]');
    expect(canonicalJson(undefined)).toBe('null');
  });
});
