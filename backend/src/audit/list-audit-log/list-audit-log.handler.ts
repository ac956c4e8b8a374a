import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LIVE_SCHEMA, UNINDEXED_SEARCH_WINDOW, isoTimestamp, qualified, searchCondition, searchUsesIndex, type Database } from '@punchline/projections';
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
    let searchedNewest: number | undefined;
    if (filter.q !== '') {
      const search = searchCondition(filter.q, params.length + 1);
      params.push(...search.params);
      where.push(search.condition);
      const floor = searchUsesIndex(filter.q) ? null : await this.windowFloor();
      if (floor !== null) {
        params.push(floor);
        where.push(`position >= $${params.length}`);
        searchedNewest = UNINDEXED_SEARCH_WINDOW;
      }
    }
    params.push(filter.limit);
    // The page and both filter lists side by side (three short reads, one round trip of waiting).
    const [items, actors, actions] = await Promise.all([
      this.db.query<Row>(
        `SELECT position, event_id, occurred_at, actor_email, action, meta FROM ${this.table}
         ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY position ${filter.direction === 'asc' ? 'ASC' : 'DESC'} LIMIT $${params.length}`,
        params,
      ),
      this.distinct('actor_email'),
      this.distinct('action'),
    ]);
    const answer: AuditAnswer = { items: items.rows.map(toItem), actors, actions };
    if (searchedNewest !== undefined) answer.searched_newest = searchedNewest;
    return answer;
  }

  /** Position of the oldest entry a search without the index looks at; null when the log is no longer than the window. */
  private async windowFloor(): Promise<number | null> {
    const { rows } = await this.db.query<{ position: string | number }>(`SELECT position FROM ${this.table} ORDER BY position DESC OFFSET $1 LIMIT 1`, [
      UNINDEXED_SEARCH_WINDOW - 1,
    ]);
    return rows[0] ? Number(rows[0].position) : null;
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
