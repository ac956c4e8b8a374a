import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth so jsonb key order cannot change a hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}');
  });
  it('drops undefined members and keeps null', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });
});
