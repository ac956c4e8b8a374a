import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AUDIT_SEARCH_TEXT, LIVE_SCHEMA, containsPattern, isoTimestamp, qualified, type Database } from '@punchline/projections';
import { TRAFFIC_EVENT_TYPES, summarizeEvent } from '@punchline/domain';
import { DATABASE } from '../../platform/platform.module';
import { ListAuditLogQuery, type AuditAnswer, type AuditItem } from './list-audit-log.query';

interface Row {
  position: string | number;
  event_id: string;
  occurred_at: string | Date;
  actor_email: string | null;
  action: string;
  meta: unknown;
}


const toItem = (row: Row): AuditItem => ({
  id: row.event_id,
  position: Number(row.position),
  occurred_at: isoTimestamp(row.occurred_at),
  actor_email: row.actor_email,
  action: row.action,
  meta: row.meta,
  summary: summarizeEvent(row.action, row.meta),
});

/**
 * Reads rm.audit_log (written by the audit projection for every event). Parameterised SQL only.
 * Order is the global position: the order things happened in, even within one millisecond.
 */
@QueryHandler(ListAuditLogQuery)
export class ListAuditLogHandler implements IQueryHandler<ListAuditLogQuery> {
  private readonly table = qualified(LIVE_SCHEMA, 'audit_log');

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ filter }: ListAuditLogQuery): Promise<AuditAnswer> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.actor !== null) {
      params.push(filter.actor);
      where.push(`actor_email = $${params.length}`);
    }
    if (filter.action !== null) {
      params.push(filter.action);
      where.push(`action = $${params.length}`);
    }
    if (filter.contentOnly) {
      params.push([...TRAFFIC_EVENT_TYPES]);
      where.push(`action <> ALL($${params.length}::text[])`);
    }
    if (filter.q !== '') {
      params.push(containsPattern(filter.q));
      const p = `$${params.length}`;
      where.push(`${AUDIT_SEARCH_TEXT} ILIKE ${p}`);
    }
    params.push(filter.limit);
    const items = await this.db.query<Row>(
      `SELECT position, event_id, occurred_at, actor_email, action, meta FROM ${this.table}
       ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY position ${filter.direction === 'asc' ? 'ASC' : 'DESC'} LIMIT $${params.length}`,
      params,
    );
    const [actors, actions] = [await this.distinct('actor_email'), await this.distinct('action')];
    return { items: items.rows.map(toItem), actors, actions };
  }

  /**
   * Distinct values of an indexed column by skipping through the index (a "loose index scan"): one
   * probe per distinct value instead of reading the whole log, which grows with every click.
   */
  private async distinct(column: 'actor_email' | 'action'): Promise<string[]> {
    const { rows } = await this.db.query<{ value: string | null }>(
      `WITH RECURSIVE d(value) AS (
         (SELECT ${column} FROM ${this.table} WHERE ${column} IS NOT NULL ORDER BY ${column} LIMIT 1)
         UNION ALL
         SELECT (SELECT ${column} FROM ${this.table} WHERE ${column} > d.value ORDER BY ${column} LIMIT 1) FROM d WHERE d.value IS NOT NULL
       )
       SELECT value FROM d WHERE value IS NOT NULL`,
    );
    return rows.map((r) => r.value!);
  }
}
