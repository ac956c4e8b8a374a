import { Inject, Injectable } from '@nestjs/common';
import {
  SITE_STREAM,
  diffJson,
  diffSettings,
  evolveSite,
  initialSiteState,
  isSiteEventType,
  inFieldOrder,
  jsonEqual,
  mergeDraftOverLive,
  normaliseSettings,
  occurredAtOf,
  summarizeEvent,
  type EventStore,
  type FieldProvenance,
  type HistoryItem,
  type HistoryStage,
  type JsonChange,
  type RecordedEvent,
  type SettingsRecord,
  type SiteEvent,
  type SiteState,
  type StoredSettings,
} from '@punchline/domain';
import { EVENT_STORE } from '../platform/platform.module';

export type { FieldProvenance, HistoryItem, HistoryStage } from '@punchline/domain';


/** One event of the site stream as history indexes it: who, when, and which fields of each stage it changed. */
interface IndexedEvent {
  position: number;
  revision: number;
  occurredAt: string;
  actorEmail: string | null;
  type: string;
  summary: string;
  fields: Record<HistoryStage, string[]>;
}

interface Checkpoint {
  revision: number;
  state: SiteState;
}


export interface HistoryState {
  position: number;
  occurred_at: string | null;
  settings: SettingsRecord;
}


/** A full fold every this many site events; a state at any point folds at most this many more. */
const CHECKPOINT_EVERY = 200;
const READ_PAGE = 500;

export const HISTORY_TEXTS = {
  badStage: 'stage must be live or draft.',
  badPosition: 'position must be a whole number of 0 or more.',
  badTime: 'at must be an ISO-8601 time such as 2025-05-12T21:04:00Z.',
  notAPublish: 'That point is not a publish of live; roll back to a publish.',
} as const;

/**
 * The site as it was at any point (DESIGN §13), computed from the site stream and nothing else:
 * an in-memory index of every site event (position, time, actor, the fields it changed on each
 * stage) plus a full state every CHECKPOINT_EVERY events, caught up from the last revision before
 * each question, like the aggregate. A state at a point folds from the nearest checkpoint; event
 * bodies are read again from the store for that stretch only, so memory holds checkpoints, not the log.
 */
@Injectable()
export class SiteHistory {
  private readonly index: IndexedEvent[] = [];
  private readonly checkpoints: Checkpoint[] = [{ revision: -1, state: initialSiteState }];
  private tip: SiteState = initialSiteState;
  private readonly lastChange: Record<HistoryStage, Map<string, IndexedEvent>> = { live: new Map(), draft: new Map() };
  private catching: Promise<void> | null = null;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async timeline(stage: HistoryStage, options: { limit: number; before?: number }): Promise<{ items: HistoryItem[]; next_before: number | null }> {
    await this.catchUp();
    const items: HistoryItem[] = [];
    for (let i = this.index.length - 1; i >= 0 && items.length <= options.limit; i -= 1) {
      const event = this.index[i]!;
      if (options.before !== undefined && event.position >= options.before) continue;
      if (event.fields[stage].length === 0) continue;
      items.push(itemOf(event, stage));
    }
    const more = items.length > options.limit;
    const page = items.slice(0, options.limit);
    return { items: page, next_before: more ? page[page.length - 1]!.position : null };
  }

  /** The stage as it read right after point `position` (the defaults before the first site event). */
  async stateAt(stage: HistoryStage, point: { position: number } | { at: string }): Promise<HistoryState> {
    await this.catchUp();
    const event = 'position' in point ? this.lastAtOrBefore((e) => e.position <= point.position) : this.lastAtOrBefore((e) => Date.parse(e.occurredAt) <= Date.parse(point.at));
    if (!event) return { position: 0, occurred_at: null, settings: readAs(stage, {}) };
    const state = await this.foldTo(event.revision);
    return { position: event.position, occurred_at: event.occurredAt, settings: readAs(stage, stageRecord(state, stage)) };
  }

  /** The stored (not normalised) record of a stage at a point, for a rollback or restore to write back. */
  async storedAt(stage: HistoryStage, position: number): Promise<{ event: IndexedEvent | null; settings: StoredSettings }> {
    await this.catchUp();
    const event = this.lastAtOrBefore((e) => e.position <= position);
    if (!event) return { event: null, settings: {} };
    return { event, settings: stageRecord(await this.foldTo(event.revision), stage) };
  }

  /** The site event at exactly `position`, if there is one. */
  async eventAt(position: number): Promise<IndexedEvent | null> {
    await this.catchUp();
    const event = this.lastAtOrBefore((e) => e.position <= position);
    return event && event.position === position ? event : null;
  }

  /**
   * The changes of a stage between two points, as the stage reads, limited to the fields whose
   * stored values differ (issue 25): a value the reading derives (the editor's badge label follows
   * the site title, the header text colour follows its background) is not a change anyone made, so
   * an audit entry lists what was sent, not the derived defaults that moved with it.
   */
  async diff(stage: HistoryStage, from: number, to: number): Promise<{ from: number; to: number; changes: JsonChange[] }> {
    const [before, after] = await Promise.all([this.storedAt(stage, from), this.storedAt(stage, to)]);
    const stored = new Set(Object.keys(diffSettings(before.settings, after.settings)));
    const { updated_at: _a, ...b } = readAs(stage, before.settings);
    const { updated_at: _b, ...a } = readAs(stage, after.settings);
    return { from, to, changes: diffJson(b, a).filter((change) => stored.has(topField(change.path))) };
  }

  /**
   * Earlier publishes (not the current live version) whose live record satisfies `uses`, newest
   * first, looking back over the last `lookBack` publishes (issue 13: a file about to be deleted
   * that a rollback would bring back).
   */
  async publishesWhere(uses: (live: StoredSettings) => boolean, lookBack = 50): Promise<{ position: number; occurred_at: string }[]> {
    await this.catchUp();
    const publishes = this.index.filter((e) => e.type === 'Published');
    const found: { position: number; occurred_at: string }[] = [];
    for (const event of publishes.slice(-lookBack - 1, -1).reverse()) {
      const [recorded] = await this.store.readStream(SITE_STREAM, { fromRevision: event.revision, maxCount: 1 });
      const live = (recorded?.data as { settings?: StoredSettings } | undefined)?.settings;
      if (live && uses(live)) found.push({ position: event.position, occurred_at: event.occurredAt });
    }
    return found;
  }

  async fields(stage: HistoryStage): Promise<Record<string, FieldProvenance>> {
    await this.catchUp();
    const out: Record<string, FieldProvenance> = {};
    for (const [field, event] of [...this.lastChange[stage]].sort(([a], [b]) => a.localeCompare(b))) {
      out[field] = { position: event.position, occurred_at: event.occurredAt, actor_email: event.actorEmail, action: event.type };
    }
    return out;
  }

  private lastAtOrBefore(isAtOrBefore: (event: IndexedEvent) => boolean): IndexedEvent | null {
    // Positions and (by the aggregate's clock rule) times do not decrease along the stream: binary search.
    let lo = 0;
    let hi = this.index.length - 1;
    let found: IndexedEvent | null = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (isAtOrBefore(this.index[mid]!)) {
        found = this.index[mid]!;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  private async foldTo(revision: number): Promise<SiteState> {
    let checkpoint = this.checkpoints[0]!;
    for (const c of this.checkpoints) if (c.revision <= revision) checkpoint = c;
    let state = checkpoint.state;
    let next = checkpoint.revision + 1;
    while (next <= revision) {
      const events = await this.store.readStream(SITE_STREAM, { fromRevision: next, maxCount: Math.min(READ_PAGE, revision - next + 1) });
      if (events.length === 0) break;
      for (const event of events) state = foldOne(state, event);
      next = events[events.length - 1]!.streamRevision + 1;
    }
    return state;
  }

  private catchUp(): Promise<void> {
    this.catching ??= this.readNew().finally(() => {
      this.catching = null;
    });
    return this.catching;
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const from = this.index.length === 0 ? 0 : this.index[this.index.length - 1]!.revision + 1;
      const events = await this.store.readStream(SITE_STREAM, { fromRevision: from, maxCount: READ_PAGE });
      for (const event of events) this.add(event);
      if (events.length < READ_PAGE) return;
    }
  }

  private add(event: RecordedEvent): void {
    if (!isSiteEventType(event.type)) throw new Error(`Unexpected event ${event.type} in stream ${SITE_STREAM}`);
    const before = this.tip;
    const after = sharingUnchanged(before, foldOne(before, event));
    const indexed: IndexedEvent = {
      position: event.globalPosition,
      revision: event.streamRevision,
      occurredAt: occurredAtOf(event),
      actorEmail: event.metadata?.actorEmail ?? null,
      type: event.type,
      summary: summarizeEvent(event.type, event.data),
      fields: {
        live: inFieldOrder(Object.keys(diffSettings(stageRecord(before, 'live'), stageRecord(after, 'live')))),
        draft: inFieldOrder(Object.keys(diffSettings(stageRecord(before, 'draft'), stageRecord(after, 'draft')))),
      },
    };
    this.index.push(indexed);
    for (const stage of ['live', 'draft'] as const) for (const field of indexed.fields[stage]) this.lastChange[stage].set(field, indexed);
    this.tip = after;
    if ((event.streamRevision + 1) % CHECKPOINT_EVERY === 0) this.checkpoints.push({ revision: event.streamRevision, state: after });
  }
}

/**
 * The next state with every field that did not change taken from the previous one: a publish
 * carries the whole live record, parsed afresh, and the checkpoints would otherwise each hold
 * their own copy of every list (hundreds of MB on a long history, and slower collections).
 */
function sharingUnchanged(before: SiteState, after: SiteState): SiteState {
  const share = (previous: StoredSettings, next: StoredSettings): StoredSettings => {
    if (previous === next) return next;
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(next)) {
      const was = (previous as Record<string, unknown>)[field];
      out[field] = jsonEqual(was, value) ? was : value;
    }
    return out as StoredSettings;
  };
  return { ...after, live: share(before.live, after.live), draft: share(before.draft, after.draft) };
}

/** Folds with the aggregate's own evolve; snapshots and schedules are not part of what a stage reads. */
function foldOne(state: SiteState, event: RecordedEvent): SiteState {
  const next = evolveSite(state, event as unknown as SiteEvent);
  return { ...next, lock: null, snapshots: [], schedules: [] };
}

function stageRecord(state: SiteState, stage: HistoryStage): StoredSettings {
  return stage === 'live' ? state.live : mergeDraftOverLive(state.live, state.draft);
}

/** As GET /api/settings answers it: live in the public reading, the draft as the editor reads it. */
function readAs(stage: HistoryStage, record: StoredSettings): SettingsRecord {
  return normaliseSettings(record, stage === 'live' ? 'public' : 'editor');
}

/** '/events_upcoming/2/date' → 'events_upcoming'. */
function topField(path: string): string {
  return (path.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
}

function itemOf(event: IndexedEvent, stage: HistoryStage): HistoryItem {
  return { position: event.position, occurred_at: event.occurredAt, actor_email: event.actorEmail, action: event.type, fields: event.fields[stage], summary: event.summary };
}
