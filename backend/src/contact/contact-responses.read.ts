import { Inject, Injectable } from '@nestjs/common';
import type { ContactResponseItem } from '@punchline/domain';
import { ContactResponsesQueries, contactSearchText, type Database, type OpenContactRows } from '@punchline/projections';
import { OpenedRecordsCache, PrivacyStore } from '../privacy';
import { DATABASE } from '../platform/platform.module';

export type { ContactResponseItem };
export type { ContactResponsesFilter, PendingDelivery } from '@punchline/projections';

type Words = { name: string; email: string; message: string };

/**
 * Opens rows' words and notes through this instance's cache of opened records; what it lacks is
 * fetched from the privacy store in one query. A row whose references are null, or whose record is
 * gone, reads with empty words. The search text of words without notes is kept beside the cached
 * words (a weak map on the very object the cache holds), so a search lower-cases each message once.
 */
function openRows(store: PrivacyStore, opened: OpenedRecordsCache): OpenContactRows {
  const texts = new WeakMap<Words, string>();
  const textOf = (words: Words | null, notes: string): string => {
    if (!words || notes !== '') return contactSearchText(words, notes);
    let text = texts.get(words);
    if (text === undefined) texts.set(words, (text = contactSearchText(words, '')));
    return text;
  };
  return async (rows, options) => {
    const ids: string[] = [];
    // Where each row's records are in `ids` (-1: none).
    const at = rows.map((r) => [r.record_id ? ids.push(r.record_id) - 1 : -1, r.notes_record_id ? ids.push(r.notes_record_id) - 1 : -1] as const);
    const records = await opened.readAll<Words | { notes: string }>(ids, (missing) => store.sealedRecords(missing), options);
    return at.map(([m, n]) => {
      const words = m < 0 ? null : ((records[m] as Words | undefined) ?? null);
      const notes = n < 0 ? '' : ((records[n] as { notes: string } | undefined)?.notes ?? '');
      return { words, notes, text: textOf(words, notes) };
    });
  };
}

/** The contact feature's handle on the inbox reads (the queries live beside the projection, projections/src/contact). */
@Injectable()
export class ContactResponsesReadService extends ContactResponsesQueries {
  constructor(@Inject(DATABASE) db: Database, store: PrivacyStore, opened: OpenedRecordsCache) {
    super(db, openRows(store, opened));
  }
}
