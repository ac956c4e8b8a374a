import { diffJson } from './json-diff';

describe('diffJson (history diff)', () => {
  it('names each changed field by JSON Pointer, lists item by item, objects key by key', () => {
    const before = { site_title: 'A', events_upcoming: [{ title: 'X', date: 'June 1' }], contact_socials: { instagram: 'i' } };
    const after = { site_title: 'B', events_upcoming: [{ title: 'X', date: 'June 2' }, { title: 'Y', date: '' }], contact_socials: { 'a/b~c': 't' } };
    expect(diffJson(before, after)).toEqual([
      { path: '/contact_socials/a~1b~0c', before: null, after: 't' },
      { path: '/contact_socials/instagram', before: 'i', after: null },
      { path: '/events_upcoming/0/date', before: 'June 1', after: 'June 2' },
      { path: '/events_upcoming/1', before: null, after: { title: 'Y', date: '' } },
      { path: '/site_title', before: 'A', after: 'B' },
    ]);
  });

  it('finds nothing between equal records', () => {
    expect(diffJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
});
