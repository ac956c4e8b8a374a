import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * BACKUP_PASSPHRASE (DESIGN §17): a backup file encrypted with AES-256-GCM, the key derived from
 * the passphrase with scrypt, written as a sequence of independently authenticated records so that
 * a 5 GB archive is encrypted and decrypted as a stream (one record in memory at a time).
 *
 *   header  = MAGIC ‖ salt (16) ‖ log2 N (1) ‖ r (1) ‖ p (1) ‖ nonce prefix (4)
 *   record  = length (4, big-endian; top bit set on the last record) ‖ ciphertext ‖ tag (16)
 *
 * Each record's nonce is the prefix ‖ its index (8 bytes), and its additional data is the header ‖
 * index ‖ last flag. So a record edited, swapped, dropped or moved fails its tag, and a file cut
 * after any record lacks the record marked last: truncation is an error, never a shorter archive.
 */
export const ENCRYPTED_MAGIC = Buffer.from('PUNCHLINE-BACKUP-AES256GCM-1\n', 'latin1');
const SALT_BYTES = 16;
const NONCE_PREFIX_BYTES = 4;
const HEADER_BYTES = ENCRYPTED_MAGIC.length + SALT_BYTES + 3 + NONCE_PREFIX_BYTES;
const TAG_BYTES = 16;
const LAST_FLAG = 0x8000_0000;
/** Plaintext per record: large enough that the 20 bytes of framing cost nothing. */
const RECORD_BYTES = 1024 * 1024;
/** scrypt cost: N = 2^15, r = 8 (32 MB of memory, ~100 ms once per file). */
const DEFAULT_PARAMS = { log2N: 15, r: 8, p: 1 };

export class BackupDecryptionError extends Error {}

function deriveKey(passphrase: string, salt: Buffer, params: { log2N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** params.log2N, r: params.r, p: params.p, maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve, reject) => scryptCallback(passphrase.normalize('NFC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))));
}

function recordAad(header: Buffer, index: bigint, last: boolean): Buffer {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(index, 0);
  tail[8] = last ? 1 : 0;
  return Buffer.concat([header, tail]);
}

function recordNonce(prefix: Buffer, index: bigint): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeBigUInt64BE(index, 4);
  return nonce;
}

/** Whether the file starts like an encrypted backup (so restore asks for the passphrase instead of reading tar). */
export function looksEncrypted(firstBytes: Buffer): boolean {
  return firstBytes.length >= ENCRYPTED_MAGIC.length && firstBytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);
}

/** Encrypts a stream; the key is derived once, before the first byte goes out. */
export async function encryptingStream(passphrase: string, params = DEFAULT_PARAMS): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const prefix = randomBytes(NONCE_PREFIX_BYTES);
  const header = Buffer.concat([ENCRYPTED_MAGIC, salt, Buffer.from([params.log2N, params.r, params.p]), prefix]);
  const key = await deriveKey(passphrase, salt, params);
  let index = 0n;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let headerSent = false;
  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, recordNonce(prefix, index));
    cipher.setAAD(recordAad(header, index, last));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE((plain.length | (last ? LAST_FLAG : 0)) >>> 0);
    index += 1n;
    return Buffer.concat([length, body, cipher.getAuthTag()]);
  };
  const start = (push: (b: Buffer) => void): void => {
    if (!headerSent) push(header);
    headerSent = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      start((b) => this.push(b));
      pending.push(chunk);
      pendingBytes += chunk.length;
      // A record is sealed only when more bytes follow it, so the last one can carry the flag.
      while (pendingBytes > RECORD_BYTES) {
        const all = Buffer.concat(pending);
        this.push(seal(all.subarray(0, RECORD_BYTES), false));
        const rest = all.subarray(RECORD_BYTES);
        pending = [rest];
        pendingBytes = rest.length;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      start((b) => this.push(b));
      this.push(seal(Buffer.concat(pending), true));
      pending = [];
      callback();
    },
  });
}

/**
 * Decrypts a stream made by encryptingStream. A wrong passphrase, an altered or reordered record
 * and a file cut short are each an error naming what is wrong (BackupDecryptionError).
 */
export function decryptingStream(passphrase: string): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let header: Buffer | null = null;
  let key: Buffer | null = null;
  let prefix: Buffer | null = null;
  let index = 0n;
  let finished = false;
  const fail = (message: string) => new BackupDecryptionError(message);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      void (async () => {
        if (!header) {
          if (buffered.length < HEADER_BYTES) return;
          if (!looksEncrypted(buffered)) throw fail('not an encrypted Punchline backup');
          header = Buffer.from(buffered.subarray(0, HEADER_BYTES));
          let at = ENCRYPTED_MAGIC.length;
          const salt = header.subarray(at, (at += SALT_BYTES));
          const params = { log2N: header[at]!, r: header[at + 1]!, p: header[at + 2]! };
          at += 3;
          prefix = header.subarray(at, at + NONCE_PREFIX_BYTES);
          if (params.log2N < 10 || params.log2N > 22 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) throw fail('the encryption header is damaged (scrypt parameters out of range)');
          key = await deriveKey(passphrase, salt, params);
          buffered = buffered.subarray(HEADER_BYTES);
        }
        while (buffered.length >= 4) {
          if (finished) throw fail('bytes follow the last encrypted record (appended or damaged file)');
          const word = buffered.readUInt32BE(0);
          const last = (word & LAST_FLAG) !== 0;
          const length = word & ~LAST_FLAG;
          if (length > RECORD_BYTES) throw fail(`encrypted record ${index} is damaged (length ${length})`);
          if (buffered.length < 4 + length + TAG_BYTES) return;
          const decipher = createDecipheriv('aes-256-gcm', key!, recordNonce(prefix!, index));
          decipher.setAAD(recordAad(header, index, last));
          decipher.setAuthTag(buffered.subarray(4 + length, 4 + length + TAG_BYTES));
          let plain: Buffer;
          try {
            plain = Buffer.concat([decipher.update(buffered.subarray(4, 4 + length)), decipher.final()]);
          } catch {
            throw fail(index === 0n ? 'cannot decrypt: wrong BACKUP_PASSPHRASE, or the file is damaged' : `encrypted record ${index} does not authenticate (the file was altered or damaged)`);
          }
          this.push(plain);
          buffered = buffered.subarray(4 + length + TAG_BYTES);
          index += 1n;
          if (last) finished = true;
        }
      })().then(() => callback(), (error: unknown) => callback(error as Error));
    },
    flush(callback: TransformCallback) {
      if (!header) return callback(fail('the encrypted file is cut short (no complete header)'));
      if (!finished || buffered.length > 0) return callback(fail(`the encrypted file is cut short after record ${index} (truncated)`));
      callback();
    },
  });
}
