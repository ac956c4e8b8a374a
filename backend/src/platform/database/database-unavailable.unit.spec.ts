import { isDatabaseBusy, isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['the server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['the server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection failure (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['a standby or read-only default (25006)', withCode('25006', 'cannot execute INSERT in a read-only transaction')],
    ['a dropped connection in pg', new Error('Connection terminated unexpectedly')],
    ['a connect timeout in pg', new Error('timeout exceeded when trying to connect')],
    ['a refused dual-stack connect', Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {})],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('says yes for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505')],
    ['a syntax error (42601)', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('says no for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isDatabaseBusy', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['a statement_timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['a lock_timeout (55P03)', withCode('55P03', 'canceling statement due to lock timeout')],
    ['a serialisation failure (40001)', withCode('40001')],
    ['a deadlock (40P01)', withCode('40P01', 'deadlock detected')],
    ['a wrapped cause', new Error('append failed', { cause: withCode('57014') })],
  ])('says yes for %s, which is not an outage', (_, error) => {
    expect([isDatabaseBusy(error), isDatabaseUnavailable(error)]).toEqual([true, false]);
  });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a unique violation (23505)', withCode('23505')],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('says no for %s', (_, error) => {
    expect(isDatabaseBusy(error)).toBe(false);
  });
});
