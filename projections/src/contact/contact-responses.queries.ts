import type { ContactResponseItem, ContactResponsesAnswer, ContactSort } from '@punchline/domain';
import { isoTimestamp, type SqlClient } from '../ports/database.port';
import { qualified } from '../projection';
import { LIVE_SCHEMA } from '../runner/read-models';
import { UNINDEXED_SEARCH_WINDOW } from '../search';
import type { ContactResponsesTableRow } from './contact-responses.projection';

/**
 * The reads of rm.contact_responses, beside the projection that writes it: the inbox's pages, one
 * message, the deliverer's work list. The table holds no personal data: each row is joined with the
 * privacy store's sealed records and the subject's key (tables of backend/src/privacy), and the
 * words and notes are opened in the process by the `open` the backend passes in (its cipher).
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

type Bytes = Buffer | Uint8Array;
/** A row of the inbox joined with its sealed words and notes and the subject's key. */
export type SealedContactRow = Omit<ContactResponsesTableRow, 'version' | 'subject_id'> & { m_sealed: Bytes | null; n_sealed: Bytes | null; key: Bytes | null };

/** Opens a row's words (null once erased: no key or no record) and notes ('' for none). */
export type OpenSealedContact = (row: SealedContactRow) => { words: { name: string; email: string; message: string } | null; notes: string };

function fromClause(table: string): string {
  return `${table} c
    LEFT JOIN privacy.records m ON m.record_id = c.record_id::uuid
    LEFT JOIN privacy.records n ON n.record_id = c.notes_record_id::uuid
    LEFT JOIN privacy.subject_keys k ON k.subject_id = c.subject_id::uuid`;
}
const COLUMNS =
  'c.id, c.record_id, c.notes_record_id, c.created_at, c.responded, c.responded_at, c.responded_by, c.delivery_status, c.delivery_error, c.erased_at, c.position, m.sealed AS m_sealed, n.sealed AS n_sealed, k.key';

function toItem(row: SealedContactRow, open: OpenSealedContact): ContactResponseItem {
  const { words, notes } = open(row);
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

/** Literal, case-insensitive match over the words and notes, which only the process can read. */
function matches(item: ContactResponseItem, q: string): boolean {
  return `${item.name} ${item.email} ${item.message} ${item.notes}`.toLowerCase().includes(q.toLowerCase());
}

/** Reads of the inbox. Parameterised SQL only; the table name is a checked identifier. */
export class ContactResponsesQueries {
  private readonly table = qualified(LIVE_SCHEMA, 'contact_responses');

  constructor(
    private readonly db: SqlClient,
    private readonly open: OpenSealedContact,
  ) {}

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
        this.db.query<SealedContactRow>(
          `SELECT ${COLUMNS} FROM ${fromClause(this.table)} ${where} ORDER BY c.created_at ${direction}, c.position ${direction} ${limit}`,
          filter.limit === null ? params : [...params, filter.limit],
        ),
        this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM ${this.table} c ${where}`, params),
      ]);
      return { items: page.rows.map((r) => toItem(r, this.open)), total: Number(count.rows[0]?.total ?? 0) };
    }
    const floor = await this.windowFloor();
    const items: ContactResponseItem[] = [];
    let total = 0;
    for await (const page of this.pages({ ...filter, limit: null }, 1000, floor)) {
      total += page.length;
      for (const item of page) if (filter.limit === null || items.length < filter.limit) items.push(item);
    }
    return floor ? { items, total, searched_newest: UNINDEXED_SEARCH_WINDOW } : { items, total };
  }

  /** The oldest message a search looks at; null when the inbox is no longer than the window. */
  private async windowFloor(): Promise<{ created_at: string | Date; position: string | number } | null> {
    const { rows } = await this.db.query<{ created_at: string | Date; position: string | number }>(
      `SELECT created_at, position FROM ${this.table} ORDER BY created_at DESC, position DESC OFFSET $1 LIMIT 1`,
      [UNINDEXED_SEARCH_WINDOW - 1],
    );
    return rows[0] ?? null;
  }

  /**
   * Every matching row in the chosen order (up to filter.limit), a page at a time, by keyset on
   * (created_at, position): the CSV export streams these, so its memory does not grow with the inbox.
   */
  async *pages(
    filter: ContactResponsesFilter,
    pageSize = 1000,
    floor: { created_at: string | Date; position: string | number } | null = null,
  ): AsyncGenerator<ContactResponseItem[]> {
    const direction = filter.sort === 'oldest' ? 'ASC' : 'DESC';
    let left = filter.limit ?? Number.POSITIVE_INFINITY;
    let after: { createdAt: string | Date; position: string | number } | null = null;
    while (left > 0) {
      const { conditions, params } = respondedFilter(filter);
      if (floor) {
        params.push(floor.created_at, floor.position);
        conditions.push(`(c.created_at, c.position) >= ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
      }
      if (after) {
        params.push(after.createdAt, after.position);
        conditions.push(`(c.created_at, c.position) ${direction === 'ASC' ? '>' : '<'} ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
      }
      params.push(pageSize);
      const { rows } = await this.db.query<SealedContactRow>(
        `SELECT ${COLUMNS} FROM ${fromClause(this.table)} ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY c.created_at ${direction}, c.position ${direction} LIMIT $${params.length}`,
        params,
      );
      if (rows.length === 0) return;
      const items = rows.map((r) => toItem(r, this.open)).filter((item) => filter.q === '' || matches(item, filter.q));
      const page = items.slice(0, Number.isFinite(left) ? left : undefined);
      if (page.length > 0) yield page;
      left -= page.length;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.created_at, position: last.position };
      if (rows.length < pageSize) return;
    }
  }

  async get(id: string): Promise<ContactResponseItem | null> {
    const { rows } = await this.db.query<SealedContactRow>(`SELECT ${COLUMNS} FROM ${fromClause(this.table)} WHERE c.id = $1`, [id]);
    return rows[0] ? toItem(rows[0], this.open) : null;
  }

  /** The current notes record of a message (null for none), as the read model last saw it. */
  async notesRecordOf(id: string): Promise<string | null> {
    const { rows } = await this.db.query<{ notes_record_id: string | null }>(`SELECT notes_record_id FROM ${this.table} WHERE id = $1`, [id]);
    return rows[0]?.notes_record_id ?? null;
  }

  /** Oldest first, leaving out the ids the caller is already handling. */
  async pendingDeliveries(limit: number, except: string[]): Promise<PendingDelivery[]> {
    const { rows } = await this.db.query<SealedContactRow>(
      `SELECT ${COLUMNS} FROM ${fromClause(this.table)}
        WHERE c.delivery_status = 'pending' AND NOT (c.id = ANY($2::text[]))
        ORDER BY c.position LIMIT $1`,
      [limit, except],
    );
    return rows.map((r) => {
      const item = toItem(r, this.open);
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
