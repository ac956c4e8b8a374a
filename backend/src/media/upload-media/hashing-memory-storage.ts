import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';

/** The file multer hands over from this storage: memoryStorage's buffer, plus the SHA-256 of its bytes. */
export type HashedFile = Express.Multer.File & { sha256?: string };

/**
 * multer's memory storage, hashing the bytes as they arrive (issue 25): a duplicate upload is
 * answered from the hash of the bytes as sent, so the hash is ready when the last byte is, and the
 * 409 needs only a lookup (no image is ever decoded for it). Limits stay multer's (fileSize, files).
 */
export function hashingMemoryStorage(): StorageEngine {
  return {
    _handleFile(_req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<HashedFile>) => void): void {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      file.stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        chunks.push(chunk);
      });
      file.stream.once('error', (error) => callback(error));
      file.stream.once('end', () => {
        const buffer = Buffer.concat(chunks);
        callback(null, { buffer, size: buffer.length, sha256: hash.digest('hex') });
      });
    },
    _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
      (file as Partial<HashedFile>).buffer = undefined;
      callback(null);
    },
  };
}
