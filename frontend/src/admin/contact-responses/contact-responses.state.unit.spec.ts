import { type ContactResponse, contactResponsesPath, exportFileName, inboxFrom, initialInboxFilters, itemFrom, withSavedItem } from './contact-responses.state';

const item = (id: string, responded = false): ContactResponse => ({
  id,
  name: 'Ada',
  email: 'ada@example.com',
  message: 'Hi',
  created_at: '2025-04-01T12:00:00.000Z',
  responded,
  responded_at: null,
  responded_by: null,
  notes: '',
  delivery_status: 'pending',
  delivery_error: null,
  erased_at: null,
});

describe('contactResponsesPath', () => {
  it('asks for 50 newest by default (SPEC §7, §9)', () => {
    expect(contactResponsesPath(initialInboxFilters)).toBe('/api/admin/contact-responses?limit=50&sort=newest');
  });

  it('sends the trimmed search, sort, responded filter and limit', () => {
    expect(contactResponsesPath({ q: '  Ada & co ', sort: 'oldest', responded: 'awaiting', limit: 200 })).toBe(
      '/api/admin/contact-responses?limit=200&sort=oldest&q=Ada+%26+co&responded=false',
    );
    expect(contactResponsesPath({ ...initialInboxFilters, responded: 'responded' })).toContain('responded=true');
  });

  it('exports every match: the CSV call has no limit', () => {
    expect(contactResponsesPath({ q: 'x', sort: 'newest', responded: 'all', limit: 25 }, 'csv')).toBe('/api/admin/contact-responses?sort=newest&q=x&format=csv');
  });
});

describe('withSavedItem', () => {
  it('replaces a saved message in place and keeps the others and the total', () => {
    const inbox = { items: [item('a'), item('b')], total: 2, searchedNewest: null };
    const saved = withSavedItem(inbox, item('b', true));
    expect(saved.items.map((i) => [i.id, i.responded])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(saved.total).toBe(2);
  });
});

describe('answers', () => {
  it('reads {items, total} and {item}, and nothing else', () => {
    expect(inboxFrom({ items: [item('a')], total: 3 })).toEqual({ items: [item('a')], total: 3, searchedNewest: null });
    expect(inboxFrom({ items: [], total: 0, searched_newest: 20000 })?.searchedNewest).toBe(20000);
    expect(inboxFrom({ items: 'no', total: 1 })).toBeNull();
    expect(inboxFrom(null)).toBeNull();
    expect(itemFrom({ item: item('a') })).toEqual(item('a'));
    expect(itemFrom({ item: null })).toBeNull();
  });
});

describe('exportFileName', () => {
  it('takes the server’s dated name, else dates one locally', () => {
    expect(exportFileName('attachment; filename="contact-responses-2025-04-01.csv"', new Date())).toBe('contact-responses-2025-04-01.csv');
    expect(exportFileName('attachment; filename="../evil.csv"', new Date(2025, 3, 9))).toBe('contact-responses-2025-04-09.csv');
    expect(exportFileName(null, new Date(2025, 11, 31))).toBe('contact-responses-2025-12-31.csv');
  });
});
