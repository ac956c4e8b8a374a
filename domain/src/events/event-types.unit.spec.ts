import { eventTypeSet } from './event-types';

type Fruit = { type: 'Apple' } | { type: 'Pear' };

describe('eventTypeSet', () => {
  const fruits = eventTypeSet<Fruit['type']>({ Apple: true, Pear: true });

  it('lists every type of the union, in the order written', () => {
    expect(fruits.list).toEqual(['Apple', 'Pear']);
  });

  it('knows its own types and nothing else', () => {
    expect(fruits.has('Apple')).toBe(true);
    expect(fruits.has('Plum')).toBe(false);
    expect(fruits.has('toString')).toBe(false);
  });

  it('is checked by the compiler both ways', () => {
    // @ts-expect-error a type of the union is missing
    eventTypeSet<Fruit['type']>({ Apple: true });
    // @ts-expect-error a key that is not a type of the union
    eventTypeSet<Fruit['type']>({ Apple: true, Pear: true, Plum: true });
  });
});
