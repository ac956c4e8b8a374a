import { Inject, Injectable } from '@nestjs/common';
import type { ContactResponseItem, ContactResponsesAnswer, ContactSort } from '@punchline/domain';
import { LIVE_SCHEMA, UNINDEXED_SEARCH_WINDOW, isoTimestamp, qualified, searchCondition, searchUsesIndex, type ContactResponsesTableRow, type Database } from '@punchline/projections';
import { DATABASE } from '../platform/platform.module';

export type { ContactResponseItem };

export interface ContactResponsesFilter {
  /** null: every matching row (the CSV export without a limit). */
  limit: number | null;
  sort: ContactSort;
  q: string;
  responded: boolean | null;
}

/** What the deliverer needs of a message that has no delivery recorded yet. */
export interface PendingDelivery {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  position: number;
}

/** The columns the inbox reads (COLUMNS). */
type Row = Omit<ContactResponsesTableRow, 'position' | 'version'>;

const COLUMNS = 'id, name, email, message, created_at, responded, responded_at, responded_by, notes, delivery_status, delivery_error';

function toItem(row: Row): ContactResponseItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    created_at: isoTimestamp(row.created_at)!,
    responded: row.responded,
    responded_at: isoTimestamp(row.responded_at),
    responded_by: row.responded_by,
    notes: row.notes,
    delivery_status: row.delivery_status,
    delivery_error: row.delivery_error,
  };
}


/** The WHERE conditions of a filter, with their parameters ($1…). */
function filterOf(filter: ContactResponsesFilter): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.responded !== null) {
    params.push(filter.responded);
    conditions.push(`responded = $${params.length}`);
  }
  if (filter.q !== '') {
    const search = searchCondition(filter.q, params.length + 1);
    params.push(...search.params);
    conditions.push(search.condition);
  }
  return { conditions, params };
}

/** Reads of rm.contact_responses. Parameterised SQL only; the table name is a checked identifier. */
@Injectable()
export class ContactResponsesReadService {
  private readonly table = qualified(LIVE_SCHEMA, 'contact_responses');

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * A page of matching rows in the chosen order, and how many match in all. Two queries, not a
   * window count over the page: the page then reads only its rows through the (created_at,
   * position) index, and the count can use the narrowest index (measured on 100,000 messages).
   */
  async list(filter: ContactResponsesFilter): Promise<ContactResponsesAnswer> {
    const { conditions, params } = filterOf(filter);
    // A search the index cannot narrow looks through the newest messages only (the CSV export reads them all).
    const floor = filter.q !== '' && !searchUsesIndex(filter.q) ? await this.windowFloor() : null;
    if (floor) {
      params.push(floor.created_at, floor.position);
      conditions.push(`(created_at, position) >= ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const direction = filter.sort === 'oldest' ? 'ASC' : 'DESC';
    const limit = filter.limit === null ? '' : `LIMIT $${params.length + 1}`;
    // Page and count side by side: on a large inbox the count is the slow half (a frequent word
    // matches every row), and the database has a core for each.
    const [page, count] = await Promise.all([
      this.db.query<Row>(
        `SELECT ${COLUMNS} FROM ${this.table} ${where} ORDER BY created_at ${direction}, position ${direction} ${limit}`,
        filter.limit === null ? params : [...params, filter.limit],
      ),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM ${this.table} ${where}`, params),
    ]);
    const total = Number(count.rows[0]?.total ?? 0);
    return floor ? { items: page.rows.map(toItem), total, searched_newest: UNINDEXED_SEARCH_WINDOW } : { items: page.rows.map(toItem), total };
  }

  /** The oldest message a search without the index looks at; null when the inbox is no longer than the window. */
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
  async *pages(filter: ContactResponsesFilter, pageSize = 1000): AsyncGenerator<ContactResponseItem[]> {
    const direction = filter.sort === 'oldest' ? 'ASC' : 'DESC';
    let left = filter.limit ?? Number.POSITIVE_INFINITY;
    let after: { createdAt: string | Date; position: string | number } | null = null;
    while (left > 0) {
      const { conditions, params } = filterOf(filter);
      if (after) {
        params.push(after.createdAt, after.position);
        conditions.push(`(created_at, position) ${direction === 'ASC' ? '>' : '<'} ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
      }
      params.push(Math.min(pageSize, left));
      const { rows } = await this.db.query<Row & { position: string | number }>(
        `SELECT ${COLUMNS}, position FROM ${this.table} ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY created_at ${direction}, position ${direction} LIMIT $${params.length}`,
        params,
      );
      if (rows.length === 0) return;
      yield rows.map(toItem);
      left -= rows.length;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.created_at, position: last.position };
      if (rows.length < pageSize) return;
    }
  }

  async get(id: string): Promise<ContactResponseItem | null> {
    const { rows } = await this.db.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1`, [id]);
    return rows[0] ? toItem(rows[0]) : null;
  }

  /** Oldest first, leaving out the ids the caller is already handling. */
  async pendingDeliveries(limit: number, except: string[]): Promise<PendingDelivery[]> {
    const { rows } = await this.db.query<{ id: string; name: string; email: string; message: string; created_at: string | Date; position: string | number }>(
      `SELECT id, name, email, message, created_at, position FROM ${this.table}
        WHERE delivery_status = 'pending' AND NOT (id = ANY($2::text[]))
        ORDER BY position LIMIT $1`,
      [limit, except],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, message: r.message, createdAt: isoTimestamp(r.created_at)!, position: Number(r.position) }));
  }
}
