import { LRUCache } from 'lru-cache';
import { readPersonalData } from './personal-data-seal';

/** A record as the privacy store keeps it, with its subject's key. */
export interface SealedRecord {
  recordId: string;
  key: Buffer;
  sealed: Buffer;
}

/** How much sealed text the cache holds, in bytes of ciphertext (about as many characters opened). */
const MAX_SEALED_BYTES = 32 * 1024 * 1024;
/** How long an opened record may stay in memory unread; stale entries are purged each minute. */
const TTL_MS = 10 * 60_000;

/**
 * Records opened for reading, kept in the process by record id (DESIGN §16: the words never reach a
 * data file or the WAL in clear; memory is where every read opens them anyway). The inbox's search
 * opens each of the newest 20,000 messages per request: ~11 µs of AES-GCM set-up each, and the
 * query that joined every row with its record and key cost as much again (p99 635 ms at 1,000,000
 * events). A record is written once and never changed (an edit of notes is a new record), so an
 * entry stays right as long as the record is kept: the caller asks only for records its read model
 * still names, and the read model stops naming a record in the transaction that erases it
 * (OpenContactRows). What the cache does not hold is fetched in one query and opened. Entries unread
 * for 10 minutes go, so an erased person's words do not linger on an instance that never reads the
 * row again; an erasure on this instance clears it at once (PrivacyService).
 */
export class OpenedRecordsCache {
  private readonly entries = new LRUCache<string, object>({ maxSize: MAX_SEALED_BYTES, ttl: TTL_MS });
  private readonly sweep = setInterval(() => this.entries.purgeStale(), 60_000);

  constructor() {
    this.sweep.unref();
  }

  /**
   * The data of each record asked for, in the order asked (undefined for one no longer kept): from
   * memory, or fetched (`fetch` answers the sealed records it still has of the ids it is given) and
   * opened. An array, not a map: a search asks for 20,000 ids, and a second map of them cost more
   * than the lookups themselves. `keep: false`: what is opened here is not kept (a bulk read).
   */
  async readAll<T extends object>(recordIds: readonly string[], fetch: (missing: string[]) => Promise<SealedRecord[]>, { keep = true } = {}): Promise<(T | undefined)[]> {
    const found = new Array<T | undefined>(recordIds.length);
    const missing = new Map<string, number[]>();
    recordIds.forEach((id, i) => {
      const kept = this.entries.get(id) as T | undefined;
      if (kept) found[i] = kept;
      else missing.set(id, [...(missing.get(id) ?? []), i]);
    });
    if (missing.size > 0) {
      for (const { recordId, key, sealed } of await fetch([...missing.keys()])) {
        const data = readPersonalData<T>(key, recordId, sealed);
        if (keep) this.entries.set(recordId, data, { size: Math.max(1, sealed.length) });
        for (const i of missing.get(recordId) ?? []) found[i] = data;
      }
    }
    return found;
  }

  /** Drops every entry (this instance carried out an erasure). */
  clear(): void {
    this.entries.clear();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
    this.entries.clear();
  }
}
