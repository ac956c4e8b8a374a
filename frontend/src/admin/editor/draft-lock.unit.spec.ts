import { INITIAL_LOCK_STATE, holderDisplayName, lockReducer, lockView, sameEmail, type LockState } from './draft-lock';

const ME = 'Alice@Example.com';
const lock = (holder: string) => ({ holder_email: holder, acquired_at: '2025-01-01T00:00:00.000Z', expires_at: '2025-01-01T00:05:00.000Z' });

describe('draft lock state', () => {
  it('is loading until the first answer', () => {
    expect(lockView(INITIAL_LOCK_STATE, ME)).toEqual({ status: 'loading', holderEmail: null, holderName: null, acquiredAt: null, expiresAt: null, error: null, pending: false });
  });

  it('compares holders by lower-cased email (SPEC §4)', () => {
    const state = lockReducer(INITIAL_LOCK_STATE, { type: 'lock', lock: lock('alice@example.COM') });
    expect(lockView(state, ME).status).toBe('mine');
    expect(sameEmail(' ALICE@example.com ', 'alice@example.com')).toBe(true);
    expect(sameEmail('', '')).toBe(false);
  });

  it('shows another holder with their email', () => {
    const state = lockReducer(INITIAL_LOCK_STATE, { type: 'lock', lock: lock('bob@example.com') });
    expect(lockView(state, ME)).toMatchObject({ status: 'other', holderEmail: 'bob@example.com' });
  });

  it('derives "mine" from whichever arrives last: the lock answer or the signed-in email', () => {
    const state = lockReducer(INITIAL_LOCK_STATE, { type: 'lock', lock: lock('alice@example.com') });
    expect(lockView(state, null).status).toBe('other');
    expect(lockView(state, ME).status).toBe('mine');
  });

  it('a null lock means nobody holds it', () => {
    const held = lockReducer(INITIAL_LOCK_STATE, { type: 'lock', lock: lock('bob@example.com') });
    const released = lockReducer(held, { type: 'lock', lock: null });
    expect(lockView(released, ME)).toMatchObject({ status: 'none', holderEmail: null });
  });

  it('a 423 makes the status "other", with the holder when the answer named one', () => {
    const mine = lockReducer(INITIAL_LOCK_STATE, { type: 'lock', lock: lock(ME) });
    const lost = lockReducer(mine, { type: 'held-by-other', lock: null, error: 'Draft locked by another editor.' });
    expect(lockView(lost, ME)).toEqual({ status: 'other', holderEmail: null, holderName: null, acquiredAt: null, expiresAt: null, error: 'Draft locked by another editor.', pending: false });
    const named = lockReducer(lost, { type: 'held-by-other', lock: { holder_email: 'bob@example.com' }, error: null });
    expect(lockView(named, ME)).toMatchObject({ status: 'other', holderEmail: 'bob@example.com', error: null });
  });

  it('a failure keeps what was known and shows the error; the first failure ends "loading"', () => {
    const failedFirst = lockReducer({ ...INITIAL_LOCK_STATE, pending: true }, { type: 'failure', error: 'Failed to load lock' });
    expect(lockView(failedFirst, ME)).toEqual({ status: 'none', holderEmail: null, holderName: null, acquiredAt: null, expiresAt: null, error: 'Failed to load lock', pending: false });
    const mine: LockState = lockReducer(INITIAL_LOCK_STATE, { type: 'lock', lock: lock(ME) });
    const failed = lockReducer(mine, { type: 'failure', error: 'Failed to release lock' });
    expect(lockView(failed, ME)).toMatchObject({ status: 'mine', error: 'Failed to release lock' });
    expect(lockReducer(failed, { type: 'clear-error' }).error).toBeNull();
  });

  it('marks a call in flight and clears it with the answer', () => {
    const pending = lockReducer(INITIAL_LOCK_STATE, { type: 'request' });
    expect(pending.pending).toBe(true);
    expect(lockReducer(pending, { type: 'lock', lock: null }).pending).toBe(false);
  });
});

describe('the lock as the header shows it (issue 12 point 4)', () => {
  it('keeps since when another editor holds it and when it lapses', () => {
    const held = lockReducer(INITIAL_LOCK_STATE, { type: 'lock', lock: { holder_email: 'bo@example.com', acquired_at: '2031-06-12T18:00:00.000Z', expires_at: '2031-06-12T18:05:00.000Z' } });
    expect(lockView(held, ME)).toMatchObject({ status: 'other', holderEmail: 'bo@example.com', acquiredAt: '2031-06-12T18:00:00.000Z', expiresAt: '2031-06-12T18:05:00.000Z' });
  });

  it('keeps the holder’s name when the server knows it (issue 25), the email stays the identity', () => {
    const held = lockReducer(INITIAL_LOCK_STATE, { type: 'lock', lock: { holder_email: 'bo@example.com', holder_name: 'Bo Brand', acquired_at: '2031-06-12T18:00:00.000Z', expires_at: '2031-06-12T18:05:00.000Z' } });
    expect(lockView(held, ME)).toMatchObject({ status: 'other', holderEmail: 'bo@example.com', holderName: 'Bo Brand' });
    expect(holderDisplayName({ holder_email: 'bo@example.com', holder_name: ' ' })).toBe('bo@example.com');
    expect(holderDisplayName({ holder_email: 'bo@example.com', holder_name: 'Bo Brand' })).toBe('Bo Brand');
  });
});
