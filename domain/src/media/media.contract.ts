/**
 * HTTP answer shapes of the media library (SPEC §3 "Media file", §7 storage calls), once for the
 * server that writes them and the screens that read them.
 */

/** One file of `GET /api/storage/list` and of the upload's answer. */
export interface MediaFileView {
  name: string;
  path: string;
  /** The proxy URL (SPEC §7), relative to the site. */
  url: string;
  size: number;
  mime_type: string;
  created_at: string;
  updated_at: string;
  /** Raster images (issue 13): upright size in pixels, once known. */
  width: number | null;
  height: number | null;
  /** A small WebP for grids and pickers: null until the pipeline has made it, and for other files. */
  thumbnail_url: string | null;
  /** Why the image pipeline could not process the file (the tile says so instead of a broken image). */
  processing_error: string | null;
}

/** In the answer of a draft save: a file the save named by a former path, now named where it is (issue 13 point 5). */
export interface MediaRenamedInSave {
  /** The former path, and the current one. */
  from: string;
  to: string;
  /** The proxy URL the draft now holds. */
  url: string;
}

/**
 * `GET /api/storage/usage?path=` also answers where a file is kept beyond draft and live (issue 13
 * point 6): snapshots and earlier publishes that link to it. Not a reason to refuse a delete, but a
 * warning: restoring or rolling back to them later would show a missing file.
 */
export interface MediaHistoryUsage {
  snapshots: { id: string; label: string | null; created_at: string }[];
  publishes: { position: number; occurred_at: string }[];
}
