import { randomBytes, randomUUID } from 'node:crypto';
import { OpenedRecordsCache, type SealedRecord } from './opened-records-cache';
import { sealPersonalData } from './personal-data-seal';

describe('OpenedRecordsCache', () => {
  const key = randomBytes(32);
  const words = { name: 'Ada', email: 'ada@example.com', message: 'Do you play weddings?' };
  let cache: OpenedRecordsCache;
  let fetched: string[][];
  /** A privacy store holding `records`, recording what it was asked for. */
  const storeOf =
    (records: SealedRecord[]) =>
    async (missing: string[]): Promise<SealedRecord[]> => {
      fetched.push(missing);
      return records.filter((r) => missing.includes(r.recordId));
    };
  const sealed = (recordId: string, data: object): SealedRecord => ({ recordId, key, sealed: sealPersonalData(key, recordId, data).sealed });

  beforeEach(() => {
    cache = new OpenedRecordsCache();
    fetched = [];
  });
  afterEach(() => cache.onModuleDestroy());

  it('opens what it lacks in one fetch and answers it from memory after that', async () => {
    const a = sealed(randomUUID(), words);
    const b = sealed(randomUUID(), { notes: 'call back' });
    const store = storeOf([a, b]);
    expect(await cache.readAll([a.recordId, b.recordId, a.recordId], store)).toEqual([words, { notes: 'call back' }, words]);
    expect(fetched).toEqual([[a.recordId, b.recordId]]);
    expect(await cache.readAll([b.recordId, a.recordId], store)).toEqual([{ notes: 'call back' }, words]);
    expect(fetched).toHaveLength(1);
  });

  it('leaves out records the store no longer has, and asks for them again next time', async () => {
    const gone = randomUUID();
    const store = storeOf([]);
    expect(await cache.readAll([gone], store)).toEqual([undefined]);
    expect(await cache.readAll([gone], store)).toEqual([undefined]);
    expect(fetched).toEqual([[gone], [gone]]);
  });

  it('fails on a record that does not open under its key (altered bytes), caching nothing', async () => {
    const record = sealed(randomUUID(), words);
    const altered = { ...record, key: randomBytes(32) };
    await expect(cache.readAll([record.recordId], storeOf([altered]))).rejects.toThrow();
    expect(await cache.readAll([record.recordId], storeOf([record]))).toEqual([words]);
  });

  it('keep: false opens what it lacks without keeping it (a bulk read), and still answers what it holds', async () => {
    const held = sealed(randomUUID(), words);
    const bulk = sealed(randomUUID(), { notes: 'once' });
    await cache.readAll([held.recordId], storeOf([held]));
    expect(await cache.readAll([held.recordId, bulk.recordId], storeOf([held, bulk]), { keep: false })).toEqual([words, { notes: 'once' }]);
    expect(fetched).toEqual([[held.recordId], [bulk.recordId]]);
    await cache.readAll([bulk.recordId], storeOf([bulk]));
    expect(fetched).toHaveLength(3);
  });

  it('clear() drops every entry (an erasure on this instance)', async () => {
    const record = sealed(randomUUID(), words);
    await cache.readAll([record.recordId], storeOf([record]));
    cache.clear();
    expect(await cache.readAll([record.recordId], storeOf([]))).toEqual([undefined]);
    expect(fetched).toHaveLength(2);
  });
});
