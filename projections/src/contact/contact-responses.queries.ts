import type { ContactResponseItem, ContactResponsesAnswer, ContactSort } from '@punchline/domain';
import { isoTimestamp, type SqlClient } from '../ports/database.port';
import { qualified } from '../projection';
import { CHECKPOINT_TABLE, LIVE_SCHEMA } from '../runner/read-models';
import { UNINDEXED_SEARCH_WINDOW } from '../search';
import { type ContactResponsesTableRow, contactResponsesProjection } from './contact-responses.projection';

/**
 * The reads of rm.contact_responses, beside the projection that writes it: the inbox's pages, one
 * message, the deliverer's work list. The table holds no personal data, only references into the
 * privacy store (tables of backend/src/privacy): the words and notes are opened in the process by the
 * `open` the backend passes in (its cipher, and its cache of what it opened).
 */

export interface ContactResponsesFilter {
  /** null: every matching row (the CSV export without a limit). */
  limit: number | null;
  sort: ContactSort;
  q: string;
  responded: boolean | null;
}

/** What the deliverer needs of a message that has no delivery recorded yet (words empty once erased). */
export interface PendingDelivery {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  position: number;
  erased: boolean;
}

/** A row of the inbox as the queries select it. */
export type ContactRow = Omit<ContactResponsesTableRow, 'version'>;

/** A message's words (null once erased: no record reference, or the record is gone) and notes ('' for none). */
export interface OpenedContact {
  words: { name: string; email: string; message: string } | null;
  notes: string;
  /** contactSearchText(words, notes): the opener may keep it with what it keeps of the words. */
  text: string;
}

/**
 * Opens rows' words and notes, in the order given: the backend's cipher over the privacy store
 * (backend/src/contact/contact-responses.read.ts). A row's record references are null once its
 * message was erased: the contact projection nulls them in the projector's batch transaction that
 * deletes the records (privacy eraser), so a row that still names a record names one that is kept.
 */
export type OpenContactRows = (rows: readonly Pick<ContactRow, 'record_id' | 'notes_record_id'>[], options?: { keep: boolean }) => Promise<OpenedContact[]>;

const COLUMNS = 'c.id, c.subject_id, c.record_id, c.notes_record_id, c.created_at, c.responded, c.responded_at, c.responded_by, c.delivery_status, c.delivery_error, c.erased_at, c.position';

function toItem(row: ContactRow, { words, notes }: OpenedContact): ContactResponseItem {
  return {
    id: row.id,
    name: words?.name ?? '',
    email: words?.email ?? '',
    message: words?.message ?? '',
    created_at: isoTimestamp(row.created_at)!,
    responded: row.responded,
    responded_at: isoTimestamp(row.responded_at),
    responded_by: row.responded_by,
    notes,
    delivery_status: row.delivery_status,
    delivery_error: row.delivery_error,
    erased_at: isoTimestamp(row.erased_at),
  };
}

/** What `q` is matched in (literally, case-insensitive): the words and notes, which only the process can read. */
export function contactSearchText(words: OpenedContact['words'], notes: string): string {
  return words ? `${words.name} ${words.email} ${words.message} ${notes}`.toLowerCase() : notes.toLowerCase();
}

/** What a search reads of each row of its window. */
type SearchRow = Pick<ContactRow, 'id' | 'record_id' | 'notes_record_id' | 'responded'>;

/** Where a keyset page starts: a row's time as the database printed it, and its position. */
interface Keyset {
  created_key: string;
  position: string | number;
}

/** Reads of the inbox. Parameterised SQL only; the table name is a checked identifier. */
export class ContactResponsesQueries {
  private readonly table = qualified(LIVE_SCHEMA, 'contact_responses');
  private readonly checkpoints = qualified(LIVE_SCHEMA, CHECKPOINT_TABLE);
  /** The last search window read, and the checkpoint row it was read under (searchWindow). */
  private window: { key: string; rows: readonly SearchRow[] } | null = null;

  constructor(
    private readonly db: SqlClient,
    private readonly open: OpenContactRows,
  ) {}

  private async items(rows: readonly ContactRow[]): Promise<ContactResponseItem[]> {
    const opened = await this.open(rows);
    return rows.map((row, i) => toItem(row, opened[i]!));
  }

  /**
   * A page of matching rows in the chosen order, and how many match in all. Without `q`, two queries
   * (page through the (created_at, position) index, count beside it). With `q` the words are sealed,
   * so the process opens and matches them: it looks through the newest UNINDEXED_SEARCH_WINDOW
   * messages (the answer says so when the inbox is longer; the CSV export reads them all).
   */
  async list(filter: ContactResponsesFilter): Promise<ContactResponsesAnswer> {
    if (filter.q === '') {
      const { conditions, params } = respondedFilter(filter);
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const direction = filter.sort === 'oldest' ? 'ASC' : 'DESC';
      const limit = filter.limit === null ? '' : `LIMIT $${params.length + 1}`;
      const [page, count] = await Promise.all([
        this.db.query<ContactRow>(
          `SELECT ${COLUMNS} FROM ${this.table} c ${where} ORDER BY c.created_at ${direction}, c.position ${direction} ${limit}`,
          filter.limit === null ? params : [...params, filter.limit],
        ),
        this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM ${this.table} c ${where}`, params),
      ]);
      return { items: await this.items(page.rows), total: Number(count.rows[0]?.total ?? 0) };
    }
    // Only what matching needs is read for the window (searchWindow); the rows of the page shown are
    // read whole afterwards, with their words already opened.
    const window = await this.searchWindow();
    const truncated = window.length === UNINDEXED_SEARCH_WINDOW;
    const candidates = window.filter((r) => filter.responded === null || r.responded === filter.responded);
    if (filter.sort === 'oldest') candidates.reverse();
    const needle = filter.q.toLowerCase();
    const opened = await this.open(candidates);
    const shown: string[] = [];
    let total = 0;
    candidates.forEach((row, i) => {
      if (!opened[i]!.text.includes(needle)) return;
      total += 1;
      if (filter.limit === null || shown.length < filter.limit) shown.push(row.id);
    });
    const { rows } = await this.db.query<ContactRow>(`SELECT ${COLUMNS} FROM ${this.table} c WHERE c.id = ANY($1::text[])`, [shown]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Opened again from the rows as read now (from memory): a message erased since the window was
    // read shows as erased, not with the words it matched by.
    const items = await this.items(shown.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
    return truncated ? { items, total, searched_newest: UNINDEXED_SEARCH_WINDOW } : { items, total };
  }

  /**
   * The newest UNINDEXED_SEARCH_WINDOW rows, newest first, as much of them as matching needs: one
   * query (no timestamps parsed, no items made), kept until the read model's checkpoint row moves.
   * Every change to the table is a projector batch (or a replay's swap) that moves that row in its own
   * transaction, so an unmoved row means an unchanged table; it is read before the window, so a batch
   * committed in between only makes the next search read the window again. Searching as one types,
   * each keystroke then costs the matching alone (the window's query was half of a search).
   */
  private async searchWindow(): Promise<readonly SearchRow[]> {
    const { rows } = await this.db.query<{ key: string }>(
      `SELECT position::text || '/' || version::text || '/' || updated_at::text AS key FROM ${this.checkpoints} WHERE name = $1`,
      [contactResponsesProjection.name],
    );
    const key = rows[0]?.key;
    if (key !== undefined && this.window?.key === key) return this.window.rows;
    const window = await this.db.query<SearchRow>(
      `SELECT c.id, c.record_id, c.notes_record_id, c.responded FROM ${this.table} c ORDER BY c.created_at DESC, c.position DESC LIMIT $1`,
      [UNINDEXED_SEARCH_WINDOW],
    );
    this.window = key === undefined ? null : { key, rows: window.rows };
    return window.rows;
  }

  /**
   * Every matching row in the chosen order (up to filter.limit), a page at a time, by keyset on
   * (created_at, position): the CSV export streams these, so its memory does not grow with the inbox.
   * The keyset's time goes back to the database as the text it read (lossless).
   */
  async *pages(filter: ContactResponsesFilter, pageSize = 1000): AsyncGenerator<ContactResponseItem[]> {
    const direction = filter.sort === 'oldest' ? 'ASC' : 'DESC';
    const needle = filter.q.toLowerCase();
    let left = filter.limit ?? Number.POSITIVE_INFINITY;
    let after: Keyset | null = null;
    while (left > 0) {
      const { conditions, params } = respondedFilter(filter);
      if (after) {
        params.push(after.created_key, after.position);
        conditions.push(`(c.created_at, c.position) ${direction === 'ASC' ? '>' : '<'} ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
      }
      params.push(pageSize);
      const { rows } = await this.db.query<ContactRow & Keyset>(
        `SELECT ${COLUMNS}, c.created_at::text AS created_key FROM ${this.table} c ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY c.created_at ${direction}, c.position ${direction} LIMIT $${params.length}`,
        params,
      );
      if (rows.length === 0) return;
      // The export reads every message once: what it opens is not kept (it would push the search's
      // window out of the cache and hold the whole inbox in memory for minutes).
      const opened = await this.open(rows, { keep: false });
      const items = rows.flatMap((row, i) => (needle === '' || opened[i]!.text.includes(needle) ? [toItem(row, opened[i]!)] : []));
      const page = items.slice(0, Number.isFinite(left) ? left : undefined);
      if (page.length > 0) yield page;
      left -= page.length;
      const last = rows[rows.length - 1]!;
      after = { created_key: last.created_key, position: last.position };
      if (rows.length < pageSize) return;
    }
  }

  async get(id: string): Promise<ContactResponseItem | null> {
    const { rows } = await this.db.query<ContactRow>(`SELECT ${COLUMNS} FROM ${this.table} c WHERE c.id = $1`, [id]);
    return rows[0] ? (await this.items(rows))[0]! : null;
  }

  /** The current notes record of a message (null for none), as the read model last saw it. */
  async notesRecordOf(id: string): Promise<string | null> {
    const { rows } = await this.db.query<{ notes_record_id: string | null }>(`SELECT notes_record_id FROM ${this.table} WHERE id = $1`, [id]);
    return rows[0]?.notes_record_id ?? null;
  }

  /** Oldest first, leaving out the ids the caller is already handling. */
  async pendingDeliveries(limit: number, except: string[]): Promise<PendingDelivery[]> {
    const { rows } = await this.db.query<ContactRow>(
      `SELECT ${COLUMNS} FROM ${this.table} c
        WHERE c.delivery_status = 'pending' AND NOT (c.id = ANY($2::text[]))
        ORDER BY c.position LIMIT $1`,
      [limit, except],
    );
    const items = await this.items(rows);
    return rows.map((r, i) => {
      const item = items[i]!;
      return { id: item.id, name: item.name, email: item.email, message: item.message, createdAt: item.created_at, position: Number(r.position), erased: item.email === '' };
    });
  }
}

function respondedFilter(filter: ContactResponsesFilter): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.responded !== null) {
    params.push(filter.responded);
    conditions.push(`c.responded = $${params.length}`);
  }
  return { conditions, params };
}
