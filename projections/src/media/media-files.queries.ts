import { THUMBNAIL_WIDTH, mediaProxyUrl, mediaVariantUrl, pickVariant, type MediaFileView } from '@punchline/domain';
import { isoTimestamp, type SqlClient } from '../ports/database.port';
import { qualified } from '../projection';
import { LIVE_SCHEMA } from '../runner/read-models';
import type { MediaFilesTableRow } from './media-files.projection';

/**
 * The reads of rm.media_files, beside the projection that writes it (media-files.projection.ts):
 * the Media Manager's list and one file, as the screens show them (domain's MediaFileView).
 */

export const MEDIA_SORTS = ['updated_at', 'name', 'size'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/** The columns the reads select (the projection owns the table's row type). */
type Row = Omit<MediaFilesTableRow, 'uploaded_by' | 'position'>;

const COLUMNS = 'path, name, size, mime_type, created_at, updated_at, width, height, variants, image_error';

function toView(r: Row): MediaFileView {
  const thumbnail = pickVariant(r.variants, THUMBNAIL_WIDTH, 'webp');
  return {
    name: r.name,
    path: r.path,
    url: mediaProxyUrl(r.path),
    size: Number(r.size),
    mime_type: r.mime_type,
    created_at: isoTimestamp(r.created_at),
    updated_at: isoTimestamp(r.updated_at),
    width: r.width,
    height: r.height,
    thumbnail_url: thumbnail ? mediaVariantUrl(r.path, THUMBNAIL_WIDTH, 'webp') : null,
    processing_error: r.image_error,
  };
}

/** Sorted as asked, ties broken by path so the order is stable; `q` matches names, case-insensitively. */
export async function listMediaFiles(db: SqlClient, options: { sort?: MediaSort; direction?: SortDirection; q?: string } = {}): Promise<MediaFileView[]> {
  const direction = options.direction === 'asc' ? 'ASC' : 'DESC';
  const order = options.sort === 'name' ? `lower(name) ${direction}, name ${direction}` : options.sort === 'size' ? `size ${direction}` : `updated_at ${direction}`;
  const params: unknown[] = [];
  let where = '';
  const q = options.q?.trim() ?? '';
  if (q !== '') {
    // LIKE wildcards in the search text are literal characters.
    params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where = `WHERE name ILIKE $1 ESCAPE '\\'`;
  }
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM ${qualified(LIVE_SCHEMA, 'media_files')} ${where} ORDER BY ${order}, path ${direction}`, params);
  return rows.map(toView);
}

/** One file by its path, or null. */
export async function getMediaFile(db: SqlClient, path: string): Promise<MediaFileView | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM ${qualified(LIVE_SCHEMA, 'media_files')} WHERE path = $1`, [path]);
  return rows[0] ? toView(rows[0]) : null;
}
