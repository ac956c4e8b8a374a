import { Inject, Injectable } from '@nestjs/common';
import type { ContactResponseItem, ContactSort, DeliveryStatus } from '@punchline/domain';
import { CONTACT_SEARCH_TEXT, LIVE_SCHEMA, containsPattern, qualified, type Database, isoTimestamp } from '@punchline/projections';
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

interface Row {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string | Date;
  responded: boolean;
  responded_at: string | Date | null;
  responded_by: string | null;
  notes: string;
  delivery_status: DeliveryStatus;
  delivery_error: string | null;
  total?: string | number;
}

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


/** Reads of rm.contact_responses. Parameterised SQL only; the table name is a checked identifier. */
@Injectable()
export class ContactResponsesReadService {
  private readonly table = qualified(LIVE_SCHEMA, 'contact_responses');

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Matching rows in the chosen order, and how many match in all (one query: the count is a window over the same filter). */
  async list(filter: ContactResponsesFilter): Promise<{ items: ContactResponseItem[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.responded !== null) {
      params.push(filter.responded);
      where.push(`responded = $${params.length}`);
    }
    if (filter.q !== '') {
      params.push(containsPattern(filter.q));
      const p = `$${params.length}`;
      where.push(`${CONTACT_SEARCH_TEXT} ILIKE ${p}`);
    }
    const direction = filter.sort === 'oldest' ? 'ASC' : 'DESC';
    let limit = '';
    if (filter.limit !== null) {
      params.push(filter.limit);
      limit = `LIMIT $${params.length}`;
    }
    const { rows } = await this.db.query<Row>(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${this.table}
       ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at ${direction}, position ${direction} ${limit}`,
      params,
    );
    if (rows.length > 0) return { items: rows.map(toItem), total: Number(rows[0]!.total) };
    // No row on this page: there may still be matches only when the limit is 0, which is refused, so none.
    return { items: [], total: 0 };
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
