import { MEDIA_STREAM, isMediaEventType, occurredAtOf, type ImageVariant, type MediaEvent, type RecordedEvent } from '@punchline/domain';
import { isoTimestamp, type SqlClient } from '../ports/database.port';
import { qualified, type Projection } from '../projection';

/** One row of rm.media_files: SPEC §3 "Media file" (the URL is derived from the path when read). */
export interface MediaFileRow {
  path: string;
  name: string;
  size: number;
  mimeType: string;
  createdAt: string;
  updatedAt: string;
  uploadedBy: string | null;
  /** Global position of the event that last changed the row. */
  position: number;
  /** Raster images: upright dimensions, once known (issue 13). */
  width: number | null;
  height: number | null;
  variants: ImageVariant[];
  /** Why the image pipeline could not process the file. */
  imageError: string | null;
}

/** A row of rm.media_files as the database hands it back (what readers of the table select from). */
export interface MediaFilesTableRow {
  path: string;
  name: string;
  size: number | string;
  mime_type: string;
  created_at: string | Date;
  updated_at: string | Date;
  uploaded_by: string | null;
  position: number | string;
  width: number | null;
  height: number | null;
  variants: ImageVariant[];
  image_error: string | null;
}

/**
 * Folds media events onto the rows they touch (`rows` holds the current row or null per touched
 * path, and is updated in place). Pure, so the same batch always gives the same rows.
 */
export function foldMediaRows(rows: Map<string, MediaFileRow | null>, events: RecordedEvent[]): void {
  for (const event of events) {
    const e = event as unknown as MediaEvent;
    const at = occurredAtOf(event);
    switch (e.type) {
      case 'MediaUploaded':
        rows.set(e.data.path, {
          path: e.data.path,
          name: e.data.name,
          size: e.data.size,
          mimeType: e.data.mimeType,
          createdAt: at,
          updatedAt: at,
          uploadedBy: event.metadata?.actorEmail ?? null,
          position: event.globalPosition,
          width: e.data.image?.width ?? null,
          height: e.data.image?.height ?? null,
          variants: [],
          imageError: null,
        });
        break;
      case 'MediaRenamed': {
        const row = rows.get(e.data.fromPath) ?? null;
        rows.set(e.data.fromPath, null);
        if (row) rows.set(e.data.toPath, { ...row, path: e.data.toPath, name: e.data.toName, updatedAt: at, position: event.globalPosition });
        break;
      }
      case 'MediaDeleted':
        rows.set(e.data.path, null);
        break;
      case 'MediaImageProcessed': {
        const row = rows.get(e.data.path) ?? null;
        if (row) {
          rows.set(e.data.path, {
            ...row,
            size: e.data.cleanedSize ?? row.size,
            width: e.data.width,
            height: e.data.height,
            variants: e.data.variants,
            imageError: null,
            position: event.globalPosition,
          });
        }
        break;
      }
      case 'MediaImageVariantsAdded': {
        const row = rows.get(e.data.path) ?? null;
        if (row) rows.set(e.data.path, { ...row, variants: [...row.variants, ...e.data.variants], position: event.globalPosition });
        break;
      }
      case 'MediaImageFailed': {
        const row = rows.get(e.data.path) ?? null;
        if (row) rows.set(e.data.path, { ...row, imageError: e.data.reason, position: event.globalPosition });
        break;
      }
      default: {
        const _exhaustive: never = e;
        throw new Error(`Unhandled media event ${JSON.stringify(_exhaustive)}`);
      }
    }
  }
}

function touchedPaths(events: RecordedEvent[]): string[] {
  const paths = new Set<string>();
  for (const event of events) {
    const e = event as unknown as MediaEvent;
    if (e.type === 'MediaRenamed') {
      paths.add(e.data.fromPath);
      paths.add(e.data.toPath);
    } else {
      paths.add(e.data.path);
    }
  }
  return [...paths];
}


/**
 * The media library list (SPEC §2 Media Manager, §7 `GET /api/storage/list`): one row per stored
 * file. A batch reads the rows it touches, folds its events in memory, then deletes and re-inserts
 * those rows in two statements, so a rename chain or an upload after a delete in one batch comes out right.
 */
export const mediaFilesProjection: Projection = {
  name: 'media_files',
  version: 2,
  tables: [{ name: 'media_files', primaryKey: ['path'] }],

  async migrate(tx: SqlClient, schema: string): Promise<void> {
    const table = qualified(schema, 'media_files');
    await tx.query(`
      CREATE TABLE IF NOT EXISTS ${table} (
        path text PRIMARY KEY,
        name text NOT NULL,
        size bigint NOT NULL,
        mime_type text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        uploaded_by text NULL,
        position bigint NOT NULL,
        width integer NULL,
        height integer NULL,
        variants jsonb NOT NULL DEFAULT '[]',
        image_error text NULL
      );
      CREATE INDEX IF NOT EXISTS media_files_updated_at_idx ON ${table} (updated_at, path);
    `);
  },

  async apply(tx: SqlClient, schema: string, events: RecordedEvent[]): Promise<void> {
    const media = events.filter((e) => e.streamId === MEDIA_STREAM && isMediaEventType(e.type));
    if (media.length === 0) return;
    const table = qualified(schema, 'media_files');
    const paths = touchedPaths(media);
    const existing = await tx.query<MediaFilesTableRow>(
      `SELECT path, name, size, mime_type, created_at, updated_at, uploaded_by, position, width, height, variants, image_error FROM ${table} WHERE path = ANY($1::text[])`,
      [paths],
    );
    const rows = new Map<string, MediaFileRow | null>(paths.map((p) => [p, null]));
    for (const r of existing.rows) {
      rows.set(r.path, {
        path: r.path,
        name: r.name,
        size: Number(r.size),
        mimeType: r.mime_type,
        createdAt: isoTimestamp(r.created_at),
        updatedAt: isoTimestamp(r.updated_at),
        uploadedBy: r.uploaded_by,
        position: Number(r.position),
        width: r.width,
        height: r.height,
        variants: r.variants,
        imageError: r.image_error,
      });
    }
    foldMediaRows(rows, media);
    const final = [...rows.values()].filter((r): r is MediaFileRow => r !== null);
    await tx.query(`DELETE FROM ${table} WHERE path = ANY($1::text[])`, [paths]);
    if (final.length === 0) return;
    await tx.query(
      `INSERT INTO ${table} (path, name, size, mime_type, created_at, updated_at, uploaded_by, position, width, height, variants, image_error)
       SELECT u.path, u.name, u.size, u.mime_type, u.created_at, u.updated_at, u.uploaded_by, u.position, u.width, u.height, u.variants::jsonb, u.image_error
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[], $8::bigint[], $9::int[], $10::int[], $11::text[], $12::text[])
           AS u(path, name, size, mime_type, created_at, updated_at, uploaded_by, position, width, height, variants, image_error)`,
      [
        final.map((r) => r.path),
        final.map((r) => r.name),
        final.map((r) => r.size),
        final.map((r) => r.mimeType),
        final.map((r) => r.createdAt),
        final.map((r) => r.updatedAt),
        final.map((r) => r.uploadedBy),
        final.map((r) => r.position),
        final.map((r) => r.width),
        final.map((r) => r.height),
        final.map((r) => JSON.stringify(r.variants)),
        final.map((r) => r.imageError),
      ],
    );
  },
};
