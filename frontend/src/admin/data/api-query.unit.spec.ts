import { ApiError, listView } from './api-query';

const failed = (status: number, error: string | null) => new ApiError({ ok: false, status, body: null, error, errorBody: null }, 'Failed to load audit log');

describe('listView', () => {
  const data = { items: ['a'] };

  it('is loading before the first answer, then ready with it', () => {
    expect(listView({ data: undefined, error: null, isFetching: true })).toEqual({ phase: 'loading', data: null, error: null });
    expect(listView({ data, error: null, isFetching: false })).toEqual({ phase: 'ready', data, error: null });
  });

  it('keeps the rows while the next filter loads', () => {
    expect(listView({ data, error: null, isFetching: true })).toEqual({ phase: 'loading', data, error: null });
  });

  it('empties the list on a failed load and says why: the server text, else the screen text (SPEC §8)', () => {
    expect(listView({ data: undefined, error: failed(500, null), isFetching: false })).toEqual({ phase: 'error', data: null, error: 'Failed to load audit log' });
    expect(listView({ data: undefined, error: failed(400, 'limit must be a whole number from 1 to 500.'), isFetching: false })).toEqual({
      phase: 'error',
      data: null,
      error: 'limit must be a whole number from 1 to 500.',
    });
  });

  it('keeps the list empty while it loads again after a failure', () => {
    expect(listView({ data: undefined, error: failed(500, null), isFetching: true })).toEqual({ phase: 'loading', data: null, error: null });
  });

  it('tells a refusal (403) from other failures', () => {
    expect(listView({ data: undefined, error: failed(403, 'Admin access required.'), isFetching: false })).toMatchObject({ phase: 'forbidden', error: 'Admin access required.' });
  });
});
