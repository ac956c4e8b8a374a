import type { RecordedEvent } from '@punchline/domain';
import type { Database } from '@punchline/projections';
import type { Verifier } from '../platform/log-tree/signed-note';

/**
 * Data that lives beside the event log rather than in it, and must travel with a backup (issue 29,
 * DESIGN §16–17): the personal data of contact messages, which the forgetting work keeps in its own
 * tables, referenced from events by opaque ids, so that erasing a person does not break the hash
 * chain. The backup asks each registered provider for its rows as of the backup's log position and
 * writes them as NDJSON under `side-stores/<name>/`; a restore hands them back before the read
 * models are rebuilt, then lets the provider re-apply erasures recorded after the backup (29.4).
 *
 * A provider's rows are plain JSON objects; their meaning is the provider's business. The archive
 * checks them like every other entry (size and sha256 in the trailer), and the provider validates
 * each row again when it writes it.
 */
export interface BackupSideStore {
  /** Stable name, used as the archive folder (`[a-z0-9-]+`). */
  readonly name: string;
  /** What the store holds, in words, when it is not empty (restore refuses a non-empty target); null when empty. */
  describeContents(db: Database): Promise<string | null>;
  /** Every row as of log position `upTo` (the backup's head), in a stable order. */
  rows(db: Database, upTo: number): AsyncIterable<Record<string, unknown>>;
  /** Checks one row before anything is written; throws with a message naming what is wrong. */
  validate(row: Record<string, unknown>): void;
  /** Writes restored rows (called with batches, in archive order, inside the restore). */
  restore(db: Database, rows: Record<string, unknown>[]): Promise<void>;
  /**
   * The erasure an event records, or null: the forgetting work records `PersonalDataErased` with the
   * references it erased. Used to re-apply erasures made after the backup (restore --erasures-from).
   */
  erasureIn(event: Pick<RecordedEvent, 'type' | 'data' | 'globalPosition'>): SideStoreErasure | null;
  /** Deletes what an erasure names; erasing something already absent is not an error. Answers rows removed. */
  erase(db: Database, erasure: SideStoreErasure): Promise<number>;
  /** The keys a row holds that the manifest's signed checkpoint may be verified with (the log's signing key). */
  checkpointVerifiers?(row: Record<string, unknown>): Verifier[];
}

export interface SideStoreErasure {
  /** The opaque references the erasure named (e.g. personal data ids). */
  references: string[];
  /** Log position of the erasure event, for the report. */
  position: number;
}

/**
 * The providers every backup and restore uses. Features register theirs at module load (the
 * personal-data store of issue 28 is the one expected); tests may pass their own list instead.
 */
const registered: BackupSideStore[] = [];

export function registerBackupSideStore(provider: BackupSideStore): void {
  if (!/^[a-z0-9-]+$/.test(provider.name)) throw new Error(`side store name ${JSON.stringify(provider.name)} must be [a-z0-9-]+`);
  if (registered.some((p) => p.name === provider.name)) return;
  registered.push(provider);
}

export function registeredSideStores(): BackupSideStore[] {
  return [...registered];
}
