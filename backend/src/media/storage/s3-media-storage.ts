import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Logger } from '@nestjs/common';
import { isSafeMediaPath, mimeTypeForName } from '@punchline/domain';
import { S3_ANSWER_MS, type S3Deadline, answerMsWithBody, callS3 } from '../../platform/s3-calls';
import { type ByteRange, type MediaStorage, type StoredObjectInfo, type StoredObjectStream, StoredObjectMissingError } from './media-storage.port';

export interface S3MediaStorageOptions {
  bucket: string;
  region: string;
  /** MinIO, s3rver or another S3-compatible server; unset for Amazon S3. */
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** How long the bucket may leave a call without a sign of life (S3_ANSWER_MS; tests shorten it). */
  answerMs?: number;
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.$metadata?.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  const name = (error as { name?: string })?.name;
  return name === 'NotFound' || name === 'NoSuchKey';
}

/** A server-side copy (a rename) answers once the object is copied: minutes for some GB. */
const COPY_ANSWER_MS = 5 * 60_000;

/** The text a client sees when the bucket's server cannot be reached or fails (for a read or a write alike). */
export const MEDIA_STORAGE_UNAVAILABLE_TEXT = 'The media storage is not reachable right now, so this could not be done. Please try again in a moment.';

const quoted = (etag: string | undefined, fallback: string): string => (etag ? (etag.startsWith('"') || etag.startsWith('W/') ? etag : `"${etag}"`) : `"${fallback}"`);

/** Media in an S3 bucket (DESIGN §10, §11: app instances stay stateless). */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly logger = new Logger('media-storage');
  private readonly answerMs: number;

  constructor(options: S3MediaStorageOptions) {
    this.bucket = options.bucket;
    this.answerMs = options.answerMs ?? S3_ANSWER_MS;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // Checksums on every PUT would make S3-compatible servers without CRC support refuse uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Every call to the bucket: an unreachable or failing server becomes 503 with a text that names the media storage. */
  private send<T>(call: (deadline: S3Deadline) => Promise<T>, answerMs = this.answerMs): Promise<T> {
    return callS3(call, MEDIA_STORAGE_UNAVAILABLE_TEXT, this.logger, answerMs);
  }

  private key(path: string): string {
    if (!isSafeMediaPath(path)) throw new Error(`Unsafe media path ${JSON.stringify(path)}`);
    return path;
  }

  async put(path: string, body: Buffer, contentType: string): Promise<StoredObjectInfo> {
    const out = await this.send(
      (deadline) => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(path), Body: body, ContentType: contentType, ContentLength: body.length }), { abortSignal: deadline.signal }),
      answerMsWithBody(this.answerMs, body.length),
    );
    return { path, size: body.length, contentType, etag: quoted(out.ETag, `${body.length}`), lastModified: new Date() };
  }

  async putStream(path: string, body: Readable, size: number, contentType: string): Promise<StoredObjectInfo> {
    // A stream body with its length: one PutObject, streamed (objects up to 5 GB).
    const out = await this.send((deadline) => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(path), Body: deadline.body(body), ContentType: contentType, ContentLength: size }), { abortSignal: deadline.signal }));
    return { path, size, contentType, etag: quoted(out.ETag, `${size}`), lastModified: new Date() };
  }

  async head(path: string): Promise<StoredObjectInfo | null> {
    try {
      const out = await this.send((deadline) => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(path) }), { abortSignal: deadline.signal }));
      const lastModified = out.LastModified ?? new Date(0);
      return {
        path,
        size: Number(out.ContentLength ?? 0),
        contentType: out.ContentType || mimeTypeForName(path),
        etag: quoted(out.ETag, `${out.ContentLength}-${lastModified.getTime()}`),
        lastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(path: string, range?: ByteRange): Promise<StoredObjectStream | null> {
    const info = await this.head(path);
    if (!info) return null;
    try {
      const out = await this.send((deadline) => this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(path), Range: range ? `bytes=${range.start}-${range.end}` : undefined, IfMatch: info.etag }), { abortSignal: deadline.signal }));
      const body = out.Body;
      if (!(body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
      return { info, body };
    } catch (error) {
      // Replaced or deleted between the two calls: read it as gone rather than mix two versions.
      if (isNotFound(error) || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412) return null;
      throw error;
    }
  }

  async list(prefix = ''): Promise<StoredObjectInfo[]> {
    const found: StoredObjectInfo[] = [];
    let token: string | undefined;
    do {
      const out = await this.send((deadline) => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }), { abortSignal: deadline.signal }));
      for (const o of out.Contents ?? []) {
        if (!o.Key) continue;
        const lastModified = o.LastModified ?? new Date(0);
        found.push({ path: o.Key, size: Number(o.Size ?? 0), contentType: mimeTypeForName(o.Key), etag: quoted(o.ETag, `${o.Size}-${lastModified.getTime()}`), lastModified });
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  async move(fromPath: string, toPath: string): Promise<void> {
    const from = this.key(fromPath);
    const to = this.key(toPath);
    try {
      // CopySource is "bucket/key", URL-encoded (S3 decodes it). The server copies before it
      // answers, as long as the object is big (a video of some GB): this call waits for that.
      await this.send(
        (deadline) => this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${encodeURIComponent(from)}` }), { abortSignal: deadline.signal }),
        COPY_ANSWER_MS,
      );
    } catch (error) {
      if (isNotFound(error)) throw new StoredObjectMissingError(fromPath);
      throw error;
    }
    await this.send((deadline) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from }), { abortSignal: deadline.signal }));
  }

  async delete(path: string): Promise<void> {
    await this.send((deadline) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(path) }), { abortSignal: deadline.signal }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
