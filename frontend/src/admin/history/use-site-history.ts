/** The Site history screen's state (issue 10, DESIGN §13): the timeline, the two ticked points, restore and rollback. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { JsonChange } from '@punchline/domain';
import { errorText } from '../../shared/api';
import { queryKeys } from '../data/api-query';
import { formatWhen } from '../../shared/format-when';
import { holderDisplayName } from '../editor/draft-lock';
import { lockFrom } from '../editor/settings-api';
import { historyApi, type HistoryItem, type HistoryStage, type VerifyResult } from './history-api';

export type Notice = { tone: 'success' | 'error'; text: string } | null;
export type Pending = { kind: 'rollback' | 'restore'; item: HistoryItem; changes: JsonChange[] | null } | null;
export type VerifyState = VerifyResult | { error: string } | 'running' | null;

/** The timeline of one stage, newest first, 50 at a time ('Show older changes' loads the next page). */
export function useTimeline(stage: HistoryStage) {
  const [items, setItems] = useState<HistoryItem[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  // Only the newest request's answer is taken: switching Live → Draft while the live page is still
  // on its way must not let it land over the draft's (or clear the draft's error).
  const latest = useRef(0);

  const load = useCallback(async (which: HistoryStage, before?: number) => {
    const mine = ++latest.current;
    setLoading(true);
    const result = await historyApi.timeline(which, before);
    if (mine !== latest.current) return;
    setLoading(false);
    if (!result.ok || !result.body) {
      setLoadError(errorText(result, 'Failed to load the site history'));
      return;
    }
    setLoadError(null);
    setItems((current) => (before === undefined ? result.body!.items : [...current, ...result.body!.items]));
    setNextBefore(result.body.next_before);
  }, []);

  useEffect(() => {
    void load(stage);
  }, [stage, load]);

  return { items, nextBefore, loadError, loading, load };
}

/** Two ticked points of the timeline and what changed from the older to the newer; a new stage clears them. */
export function useComparePoints(stage: HistoryStage) {
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ from: number; to: number; changes: JsonChange[] } | { error: string } | null>(null);

  useEffect(() => {
    setPicked([]);
    setDiff(null);
  }, [stage]);

  useEffect(() => {
    if (picked.length !== 2) {
      setDiff(null);
      return;
    }
    const [from, to] = [Math.min(...picked), Math.max(...picked)];
    let current = true;
    void historyApi.diff(stage, from, to).then((result) => {
      if (!current) return;
      setDiff(result.ok && result.body ? result.body : { error: errorText(result, 'Failed to compare the two points') });
    });
    return () => {
      current = false;
    };
  }, [picked, stage]);

  const toggle = (position: number) =>
    setPicked((current) => (current.includes(position) ? current.filter((p) => p !== position) : [...current, position].slice(-2)));

  return { picked, diff, toggle };
}

/**
 * Restore a point into the draft or roll live back to a publish: ask (listing what changes against
 * the newest point), then confirm; the outcome is a notice and the timeline reloads.
 */
export function usePointActions(stage: HistoryStage, items: HistoryItem[], reload: () => void) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  const ask = async (kind: 'rollback' | 'restore', item: HistoryItem) => {
    setPending({ kind, item, changes: null });
    const head = items[0]?.position ?? item.position;
    const result = await historyApi.diff(kind === 'rollback' ? 'live' : 'draft', head, item.position);
    setPending((current) => (current && current.item === item ? { ...current, changes: result.ok && result.body ? result.body.changes : [] } : current));
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const result = pending.kind === 'rollback' ? await historyApi.rollback(pending.item.position) : await historyApi.restore(pending.item.position, stage);
    setBusy(false);
    const when = formatWhen(pending.item.occurred_at, { seconds: true });
    setPending(null);
    if (!result.ok) {
      setNotice({ tone: 'error', text: result.status === 423 ? lockedText(result.errorBody, pending.kind) : errorText(result, pending.kind === 'rollback' ? 'Failed to roll back live' : 'Failed to restore into the draft') });
      return;
    }
    setNotice({ tone: 'success', text: pending.kind === 'rollback' ? `Live rolled back to the publish of ${when}.` : `The draft now holds the ${stage} site as it was on ${when}.` });
    reload();
    // Both append events, so the log's checkpoint has grown; a rollback also changes what live reads (the shell's quick links).
    void client.invalidateQueries({ queryKey: queryKeys.logCheckpoint });
    if (pending.kind === 'rollback') void client.invalidateQueries({ queryKey: queryKeys.liveSettings });
  };

  return { notice, pending, busy, ask, confirm, cancel: () => setPending(null) };
}

/** 'Verify integrity': the whole log's hash chain, checked by the server. */
export function useVerify() {
  const [verify, setVerify] = useState<VerifyState>(null);
  const runVerify = async () => {
    setVerify('running');
    const result = await historyApi.verify();
    setVerify(result.ok && result.body ? result.body : { error: errorText(result, 'Failed to verify the log') });
  };
  return { verify, runVerify };
}

/**
 * A 423 names who holds the draft lock (issue 25): the restore takes a free lock by itself, so the
 * only way it is refused is another admin editing; a rollback likewise waits for them.
 */
function lockedText(body: unknown, kind: 'rollback' | 'restore'): string {
  // A rollback's 423 carries the decider's {holderEmail, expiresAt}; a restore's the named lock.
  const raw = (body ?? {}) as { holderEmail?: unknown; expiresAt?: unknown };
  const lock =
    lockFrom(body) ?? (typeof raw.holderEmail === 'string' ? { holder_email: raw.holderEmail, expires_at: typeof raw.expiresAt === 'string' ? raw.expiresAt : undefined } : null);
  const who = holderDisplayName(lock) ?? 'Another admin';
  const email = lock?.holder_name?.trim() && lock.holder_email ? ` (${lock.holder_email})` : '';
  const until = lock?.expires_at ? ` Their lock lapses at ${formatWhen(lock.expires_at)} unless they keep editing.` : '';
  const what = kind === 'restore' ? 'so this point cannot be restored into the draft now' : 'so live cannot be rolled back now';
  return `${who}${email} is editing the draft and holds its lock, ${what}. Try again when they are done, or ask them to release the lock.${until}`;
}
