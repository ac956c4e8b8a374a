import { Inject, Injectable } from '@nestjs/common';
import type { ContactResponseItem } from '@punchline/domain';
import { ContactResponsesQueries, type Database, type SealedContactRow } from '@punchline/projections';
import { openPersonalData } from '../privacy';
import { DATABASE } from '../platform/platform.module';

export type { ContactResponseItem };
export type { ContactResponsesFilter, PendingDelivery } from '@punchline/projections';

type Bytes = Buffer | Uint8Array;
const asBuffer = (bytes: Bytes): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** Opens a message's words and notes under the subject's key, in the process (an erased message reads with empty words). */
function openSealed(row: SealedContactRow): { words: { name: string; email: string; message: string } | null; notes: string } {
  const key = row.key ? asBuffer(row.key) : null;
  const words = key && row.m_sealed && row.record_id ? openPersonalData<{ name: string; email: string; message: string }>(key, row.record_id, asBuffer(row.m_sealed)).data : null;
  const notes = key && row.n_sealed && row.notes_record_id ? openPersonalData<{ notes: string }>(key, row.notes_record_id, asBuffer(row.n_sealed)).data.notes : '';
  return { words, notes };
}

/** The contact feature's handle on the inbox reads (the queries live beside the projection, projections/src/contact). */
@Injectable()
export class ContactResponsesReadService extends ContactResponsesQueries {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, openSealed);
  }
}
