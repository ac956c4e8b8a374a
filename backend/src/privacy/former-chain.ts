import type { PersonalDataMovedOutOfLogData } from '@punchline/domain';
import { eventHash, type ChainRecord } from '@punchline/projections';

export interface FormerHeadCheck {
  ok: boolean;
  /** The former chain's hash at the held head's position, recomputed from the current log. */
  recomputed: string | null;
  reason: string | null;
}

/**
 * What an auditor holding a head from before the start-up migration checks (ARCHITECTURE "Forgetting
 * a person"): walking the current log in position order, the former chain is the current one up to
 * the first rewritten event; from there a rewritten event's former hash is the one
 * PersonalDataMovedOutOfLog lists, and every other event's former hash is sha256(former previous ‖
 * the event as it is now), since the migration changed nothing else. The held head verifies when the
 * recomputed former hash at its position equals the hash written down. `records` are the events in
 * position order from position 1 (an export's lines, or the stored log), up to the held position at least.
 */
export function checkFormerHead(records: Iterable<ChainRecord>, migration: PersonalDataMovedOutOfLogData, held: { position: number; hash: string }): FormerHeadCheck {
  if (held.position > migration.previousHead.position) return { ok: false, recomputed: null, reason: 'the held head is newer than the migration: compare it with the log directly' };
  const formerHash = new Map(migration.rewritten.map((r) => [r.position, r]));
  const first = migration.rewritten[0]?.position ?? Number.POSITIVE_INFINITY;
  let former = '';
  for (const record of records) {
    if (record.globalPosition > held.position) break;
    const listed = formerHash.get(record.globalPosition);
    if (listed) {
      if (listed.eventId !== record.eventId) return { ok: false, recomputed: null, reason: `position ${record.globalPosition} holds another event than the migration rewrote` };
      former = listed.hash;
    } else if (record.globalPosition < first) {
      former = record.hash;
    } else {
      former = eventHash(former, record);
    }
    if (record.globalPosition === held.position) {
      return former === held.hash
        ? { ok: true, recomputed: former, reason: null }
        : { ok: false, recomputed: former, reason: `the former chain at position ${held.position} is ${former}, not the hash held` };
    }
  }
  return { ok: false, recomputed: null, reason: `the log has no event at position ${held.position}` };
}
