import type { Readable } from 'node:stream';

/** What the store knows about one object. */
export interface StoredObjectInfo {
  path: string;
  size: number;
  /** As stored (S3) or from the extension (local folder). */
  contentType: string;
  /** Strong validator for conditional requests, quoted as HTTP sends it. */
  etag: string;
  lastModified: Date;
}

/** Inclusive byte range, already checked against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

/** How a caller will read a stream (`read`'s third argument). */
export interface ReadOptions {
  /**
   * Bytes per read from a local folder: one reader going through whole files as fast as it can (a
   * backup) asks for 1 MB; the default (64 KB) keeps what each of many visitors' downloads holds
   * small. S3 streams as the bytes arrive, whatever is asked.
   */
  chunkBytes?: number;
}

export interface StoredObjectStream {
  info: StoredObjectInfo;
  body: Readable;
}

/**
 * Where media bytes live (DESIGN §10 STORAGE): a folder under DATA_DIR/media, or an S3 bucket.
 * Paths are the library's paths ('hero.png', '2024/poster.jpg'); callers check them with
 * `isSafeMediaPath` first, and adapters refuse anything that would leave their root anyway.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `path`, replacing whatever was there. */
  put(path: string, body: Buffer, contentType: string): Promise<StoredObjectInfo>;
  /** The same from a stream of exactly `size` bytes, never held whole in memory (restore of a backup, issue 29). */
  putStream(path: string, body: Readable, size: number, contentType: string): Promise<StoredObjectInfo>;
  /** null when there is no such object. */
  head(path: string): Promise<StoredObjectInfo | null>;
  /** The bytes (or `range` of them) as a stream; null when there is no such object. */
  read(path: string, range?: ByteRange, options?: ReadOptions): Promise<StoredObjectStream | null>;
  /** Every object whose path starts with `prefix`, in path order. */
  list(prefix?: string): Promise<StoredObjectInfo[]>;
  /** Moves an object to a new path (S3: copy, then delete); refuses a missing source. */
  move(fromPath: string, toPath: string): Promise<void>;
  /** Removes the object; removing a missing one is not an error. */
  delete(path: string): Promise<void>;
  close(): Promise<void>;
}

export class StoredObjectMissingError extends Error {
  constructor(readonly path: string) {
    super(`No stored object at ${JSON.stringify(path)}`);
    this.name = 'StoredObjectMissingError';
  }
}
