import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LIVE_SCHEMA, UNINDEXED_SEARCH_WINDOW, isoTimestamp, qualified, searchCondition, searchUsesIndex, type AuditTableRow, type Database } from '@punchline/projections';
import { FOLDED_LOCK_EVENTS, TRAFFIC_EVENT_TYPES, lockHoldingSummary, summarizeEvent, type LockHoldingView } from '@punchline/domain';
import { DATABASE } from '../../platform/platform.module';
import { Clock } from '../../platform/event-sourcing/clock';
import { ListAuditLogQuery, type AuditAnswer, type AuditItem } from './list-audit-log.query';

/** The columns the list reads. */
type Row = Omit<AuditTableRow, 'stream_id'>;

/** How far back from the newest entry each range of a search ends (see page()). */
const SEARCH_RANGE_ENDS = [25_000, 100_000, 400_000];

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

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly clock: Clock,
  ) {}

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
    // Issue 25: a holding of the draft lock is one entry (its LockAcquired) unless every lock event
    // is asked for, or the filter names a lock event the holding would hide.
    const fold = filter.locks === 'folded' && (filter.action === null || !FOLDED_LOCK_EVENTS.includes(filter.action));
    if (fold) {
      params.push([...FOLDED_LOCK_EVENTS]);
      where.push(`action <> ALL($${params.length}::text[])`);
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
    // The page and both filter lists side by side (short reads, one round trip of waiting).
    const [items, actors, actions] = await Promise.all([
      this.page(where, params, filter.limit, filter.direction, filter.q !== '' && searchedNewest === undefined),
      this.distinct('actor_email'),
      this.distinct('action'),
    ]);
    const answer: AuditAnswer = { items: fold ? await this.withHoldings(items) : items.map(toItem), actors, actions };
    if (searchedNewest !== undefined) answer.searched_newest = searchedNewest;
    return answer;
  }

  /**
   * One page in position order. A search is read as position ranges side by side (the newest
   * 25,000, the next 75,000, the next 300,000, the rest), each range in order, and the ranges
   * joined in order: a word that is frequent in older entries but missing from the newest ones
   * otherwise makes one newest-first scan walk through every newer row before its first match
   * (measured on a million events: 140–200 ms; with the ranges 75 ms, as both cores share the walk
   * and each range's plan is chosen for it alone). Finer ranges were slower: each one pays its own
   * trigram index scan.
   */
  private async page(where: string[], params: unknown[], limit: number, direction: 'asc' | 'desc', inRanges: boolean): Promise<Row[]> {
    const order = direction === 'asc' ? 'ASC' : 'DESC';
    const read = async (range: string[], rangeParams: unknown[]): Promise<Row[]> => {
      const all = [...params, ...rangeParams, limit];
      const conditions = [...where, ...range];
      const { rows } = await this.db.query<Row>(
        `SELECT position, event_id, occurred_at, actor_email, action, meta FROM ${this.table}
         ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY position ${order} LIMIT $${all.length}`,
        all,
      );
      return rows;
    };
    if (!inRanges) return read([], []);
    const { rows } = await this.db.query<{ head: string | number | null }>(`SELECT max(position) AS head FROM ${this.table}`);
    const head = Number(rows[0]?.head ?? 0);
    // Cuts from newest to oldest; range i is (cuts[i], cuts[i-1]], the first open above, the last below.
    const cuts = SEARCH_RANGE_ENDS.map((span) => head - span).filter((cut) => cut > 0);
    const p = params.length + 1;
    const ranges = [
      ...cuts.map((cut, i) => (i === 0 ? read([`position > $${p}`], [cut]) : read([`position > $${p}`, `position <= $${p + 1}`], [cut, cuts[i - 1]]))),
      cuts.length === 0 ? read([], []) : read([`position <= $${p}`], [cuts[cuts.length - 1]]),
    ];
    const newestFirst = await Promise.all(ranges);
    return (direction === 'asc' ? newestFirst.reverse() : newestFirst).flat().slice(0, limit);
  }

  /**
   * The LockAcquired entries of a page as the holdings they began: how it ended (the next
   * LockReleased or LockAcquired, whichever comes first), the renewals in between and the last
   * expiry they set. Each is a few probes of the (action, position) index, so a page costs the
   * same on a log of a million events.
   */
  private async withHoldings(rows: Row[]): Promise<AuditItem[]> {
    const starts = rows.filter((r) => r.action === 'LockAcquired').map((r) => Number(r.position));
    if (starts.length === 0) return rows.map(toItem);
    const t = this.table;
    const { rows: found } = await this.db.query<{ start: string | number; renewals: string | number; last_expires: string | null; end_action: string | null; end_reason: string | null; end_at: string | Date | null }>(
      `SELECT a.start, r.renewals, r.last_expires, e.action AS end_action, e.meta->>'reason' AS end_reason, e.occurred_at AS end_at
         FROM unnest($1::bigint[]) AS a(start)
         CROSS JOIN LATERAL (SELECT LEAST(
             (SELECT min(position) FROM ${t} WHERE action = 'LockAcquired' AND position > a.start),
             (SELECT min(position) FROM ${t} WHERE action = 'LockReleased' AND position > a.start)) AS position) AS next
         LEFT JOIN ${t} AS e ON e.position = next.position
         CROSS JOIN LATERAL (SELECT count(*) AS renewals,
             (SELECT meta->>'expiresAt' FROM ${t} WHERE action = 'LockRefreshed' AND position > a.start AND position < coalesce(next.position, 9223372036854775807) ORDER BY position DESC LIMIT 1) AS last_expires
           FROM ${t} WHERE action = 'LockRefreshed' AND position > a.start AND position < coalesce(next.position, 9223372036854775807)) AS r`,
      [starts],
    );
    const byStart = new Map(found.map((f) => [Number(f.start), f]));
    const now = this.clock.now().getTime();
    return rows.map((row) => {
      const item = toItem(row);
      const f = byStart.get(item.position);
      if (row.action !== 'LockAcquired' || !f) return item;
      const meta = (row.meta ?? {}) as { acquiredAt?: string; expiresAt?: string };
      const lastExpiry = f.last_expires ?? meta.expiresAt ?? item.occurred_at;
      const releasedAt = f.end_at === null ? null : isoTimestamp(f.end_at);
      let holding: LockHoldingView;
      if (f.end_action === 'LockReleased' && releasedAt !== null && Date.parse(releasedAt) <= Date.parse(lastExpiry)) {
        const reason = f.end_reason === 'page-closed' || f.end_reason === 'signed-out' ? f.end_reason : 'released';
        holding = { from: item.occurred_at, to: releasedAt, renewals: Number(f.renewals), end: reason };
      } else {
        // Not released before its expiry: it ran out then (or, read before that moment and not yet taken by anyone, still holds).
        const held = f.end_action === null && Date.parse(lastExpiry) > now;
        holding = { from: item.occurred_at, to: lastExpiry, renewals: Number(f.renewals), end: held ? 'held' : 'expired' };
      }
      return { ...item, lock_holding: holding, summary: lockHoldingSummary(holding) };
    });
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
