import { refusalMessage } from './refusal';

/** Node's own error for a folder it may not create (a volume owned by another user), as fs raises it. */
const fsError = (code: string, syscall: string, path: string) => Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path, errno: -13 });

describe('refusalMessage for folders the process cannot write', () => {
  it('names the folder, the user and what to do for permission problems and read-only disks', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS']) {
      expect(refusalMessage(fsError(code, 'mkdir', '/data/pglite'))).toMatch(
        /^\/data\/pglite cannot be written by this process \(.*uid \d+\): .+\. Give that user the folder \(chown\), or use one it can write \(DATA_DIR, or the path given\)\.$/,
      );
    }
    expect(refusalMessage(fsError('ENOSPC', 'write', '/data/media/.punchline-storage'))).toBe(
      '/data/media/.punchline-storage cannot be written: no space left on the device. Free some space there, or use a folder on another disk.',
    );
  });

  it('leaves other errors (and errors without a path) to the stack trace', () => {
    expect(refusalMessage(fsError('ENOENT', 'open', '/data/x'))).toBeNull();
    expect(refusalMessage(Object.assign(new Error('EACCES'), { code: 'EACCES' }))).toBeNull();
    expect(refusalMessage(new TypeError('x is undefined'))).toBeNull();
  });
});

describe('refusalMessage for a start-up step the database cancelled', () => {
  it('names the timeout and what to do, for statement_timeout and lock_timeout', () => {
    for (const [code, message] of [
      ['57014', 'canceling statement due to statement timeout'],
      ['55P03', 'canceling statement due to lock timeout'],
    ]) {
      expect(refusalMessage(Object.assign(new Error(message), { code }))).toBe(
        `A start-up step did not finish within the statement_timeout or lock_timeout set for the account or database in DATABASE_URL (${message}): another process held its tables (a migration on another instance?). Start again once it is done, or raise the timeout for this account.`,
      );
    }
  });
});
