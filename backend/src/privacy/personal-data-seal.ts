import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '@punchline/domain';

/**
 * One record of personal data, sealed: AES-256-GCM under the subject's key, the record id as
 * additional data (a record cannot be moved under another id), and a salted digest for the log.
 * Layout: iv (12) ‖ tag (16) ‖ ciphertext of `{"salt": hex, "data": …}`.
 */
export interface Sealed {
  sealed: Buffer;
  digest: string;
}

const IV = 12;
const TAG = 16;

/** sha256(salt ‖ canonical JSON of the data): the commitment the log keeps (ContactMessageReceived.personal.digest). */
export function personalDigest(salt: Buffer, data: unknown): string {
  return createHash('sha256').update(salt).update(canonicalJson(data), 'utf8').digest('hex');
}

export function sealPersonalData(key: Buffer, recordId: string, data: unknown): Sealed {
  const salt = randomBytes(16);
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(recordId, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify({ salt: salt.toString('hex'), data }), 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]), digest: personalDigest(salt, data) };
}

/** The data and its digest (recomputed, so a caller can check it against the log's); throws on a wrong key or altered bytes. */
export function openPersonalData<T>(key: Buffer, recordId: string, sealed: Buffer): { data: T; digest: string } {
  const { salt, data } = unseal<T>(key, recordId, sealed);
  return { data, digest: personalDigest(Buffer.from(salt, 'hex'), data) };
}

/**
 * The data alone, for reads that show it and need no commitment: the digest (canonical JSON and a
 * sha256) cost as much again as the decryption (~10 µs a record each), and the inbox's search opens
 * up to 20,000 records.
 */
export function readPersonalData<T>(key: Buffer, recordId: string, sealed: Buffer): T {
  return unseal<T>(key, recordId, sealed).data;
}

function unseal<T>(key: Buffer, recordId: string, sealed: Buffer): { salt: string; data: T } {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAAD(Buffer.from(recordId, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  const text = Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as { salt: string; data: T };
}
