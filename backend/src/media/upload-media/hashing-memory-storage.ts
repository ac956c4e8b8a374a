import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { DomainError, extensionOf } from '@punchline/domain';
import { SVG_LIMIT_TEXTS, SVG_MAX_BYTES } from './svg-check';

/**
 * The file multer hands over from this storage: its bytes as they arrived (not joined: see below),
 * their count and their SHA-256. multer's own `buffer` stays unset.
 */
export type HashedFile = Omit<Express.Multer.File, 'buffer'> & { chunks?: Buffer[]; sha256?: string };

/**
 * multer's memory storage, hashing the bytes as they arrive (issue 25): a duplicate upload is
 * answered from the hash of the bytes as sent, so the hash is ready when the last byte is, and the
 * 409 needs only a lookup (no image is ever decoded for it). Limits are multer's (fileSize, files),
 * and a file named .svg stops at SVG_MAX_BYTES as it arrives: the SVG check refuses anything
 * larger, so the rest of 20 MB is never held in memory (multer discards the rest of the request).
 *
 * The chunks are handed over as they came, not joined into one buffer: a duplicate never needs its
 * bytes in one piece, and joining them allocated the file's size a second time outside the heap.
 * V8 counts that memory, and each further ~64 MB of it starts a full collection of the heap, whose
 * cost grows with the heap (the app's caches grow with the history): with a 100,000-event history,
 * ten 10 MB duplicates set off four full collections when each was joined, two when not (issue 26).
 */
export function hashingMemoryStorage(): StorageEngine {
  return {
    _handleFile(_req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<HashedFile>) => void): void {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      const cap = extensionOf(Buffer.from(file.originalname, 'latin1').toString('utf8')) === 'svg' ? SVG_MAX_BYTES : Infinity;
      let size = 0;
      let answered = false;
      const answer = (error: unknown, info?: Partial<HashedFile>): void => {
        if (answered) return;
        answered = true;
        callback(error, info);
      };
      file.stream.on('data', (chunk: Buffer) => {
        if (answered) return;
        size += chunk.length;
        if (size > cap) {
          chunks.length = 0;
          file.stream.resume();
          return answer(new DomainError('INVALID_INPUT', SVG_LIMIT_TEXTS.tooLarge));
        }
        hash.update(chunk);
        chunks.push(chunk);
      });
      file.stream.once('error', (error) => answer(error));
      file.stream.once('end', () => answer(null, { chunks, size, sha256: hash.digest('hex') }));
    },
    _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
      (file as Partial<HashedFile>).chunks = undefined;
      callback(null);
    },
  };
}

/** The first `count` bytes of pieces (all of them when fewer), copying no more than the pieces that hold them. */
export function headOf(chunks: readonly Buffer[], count: number): Buffer {
  const first = chunks[0];
  if (first && first.length >= count) return first;
  const taken: Buffer[] = [];
  let length = 0;
  for (const chunk of chunks) {
    if (length >= count) break;
    taken.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(taken);
}
