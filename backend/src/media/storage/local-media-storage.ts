import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isSafeMediaPath, mimeTypeForName } from '@punchline/domain';
import { type ByteRange, type MediaStorage, type ReadOptions, type StoredObjectInfo, type StoredObjectStream, StoredObjectMissingError } from './media-storage.port';

/** Temporary files of unfinished writes: never listed, never served. */
const TEMP_PREFIX = '.upload-';

/**
 * Media in a folder (default DATA_DIR/media). Writes go to a temporary file that is renamed into
 * place, so a reader never sees half a file. The ETag is derived from size and modification time,
 * as static file servers do: it changes whenever the bytes are replaced.
 */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private fileOf(path: string): string {
    const file = resolve(this.root, path);
    // Defence in depth: the path rule already excludes '..' and absolute paths.
    if (!isSafeMediaPath(path) || !file.startsWith(this.root + sep)) throw new Error(`Unsafe media path ${JSON.stringify(path)}`);
    return file;
  }

  private infoOf(path: string, size: number, mtime: Date): StoredObjectInfo {
    return { path, size, contentType: mimeTypeForName(path), etag: `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`, lastModified: mtime };
  }

  async put(path: string, body: Buffer, _contentType: string): Promise<StoredObjectInfo> {
    return this.writeThroughTemp(path, (temp) => writeFile(temp, body));
  }

  async putStream(path: string, body: Readable, size: number, _contentType: string): Promise<StoredObjectInfo> {
    return this.writeThroughTemp(path, async (temp) => {
      await pipeline(body, createWriteStream(temp));
      const written = await stat(temp);
      if (written.size !== size) throw new Error(`${path}: ${written.size} bytes arrived, ${size} expected`);
    });
  }

  /** Writes `path` whole or not at all: into a temporary file beside it (removed on failure), then renamed over it. */
  private async writeThroughTemp(path: string, write: (temp: string) => Promise<void>): Promise<StoredObjectInfo> {
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    const temp = join(dirname(file), `${TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
    try {
      await write(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const s = await stat(file);
    return this.infoOf(path, s.size, s.mtime);
  }

  async head(path: string): Promise<StoredObjectInfo | null> {
    try {
      const s = await stat(this.fileOf(path));
      return s.isFile() ? this.infoOf(path, s.size, s.mtime) : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async read(path: string, range?: ByteRange, options: ReadOptions = {}): Promise<StoredObjectStream | null> {
    const info = await this.head(path);
    if (!info) return null;
    const body = createReadStream(this.fileOf(path), { ...(range ? { start: range.start, end: range.end } : {}), ...(options.chunkBytes ? { highWaterMark: options.chunkBytes } : {}) });
    return { info, body };
  }

  async list(prefix = ''): Promise<StoredObjectInfo[]> {
    const found: StoredObjectInfo[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile() && !entry.name.startsWith(TEMP_PREFIX)) {
          const path = relative(this.root, full).split(sep).join('/');
          if (!path.startsWith(prefix)) continue;
          const s = await stat(full);
          found.push(this.infoOf(path, s.size, s.mtime));
        }
      }
    };
    await walk(this.root);
    return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  async move(fromPath: string, toPath: string): Promise<void> {
    const from = this.fileOf(fromPath);
    const to = this.fileOf(toPath);
    if (!(await this.head(fromPath))) throw new StoredObjectMissingError(fromPath);
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  }

  async delete(path: string): Promise<void> {
    await rm(this.fileOf(path), { force: true });
  }

  async close(): Promise<void> {
    // Nothing held open between calls.
  }
}
