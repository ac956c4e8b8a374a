import { useState } from 'react';
import { isRasterImage, mediaKindOf } from '@punchline/domain';
import type { MediaItem } from './media-api';

/**
 * A file's preview: photos by their small WebP variant (issue 13: a grid of 200 phone photos must
 * not download 200 originals), SVGs as they are, videos as an icon, so a grid of clips downloads
 * nothing until one is opened. A photo still being processed, or one that could not be, says so.
 */
export function MediaThumb({ item }: { item: MediaItem }) {
  const kind = mediaKindOf({ name: item.name, mime_type: item.mime_type });
  const [failed, setFailed] = useState(false);
  const raster = isRasterImage(item.mime_type);
  const src = raster ? item.thumbnail_url : item.url;
  if (kind === 'image' && raster && item.processing_error && !src) {
    return (
      <div className="md-thumb md-thumb--icon md-thumb--problem">
        <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
          <path d="M12 3 2.5 20h19Z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M12 9.5v5M12 16.8v.2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span className="md-thumb__kind">Not processed</span>
      </div>
    );
  }
  if (kind === 'image' && raster && !src) {
    return (
      <div className="md-thumb md-thumb--icon">
        <span className="md-thumb__kind">Preparing preview…</span>
      </div>
    );
  }
  if (kind === 'image' && src && !failed) {
    return (
      <div className="md-thumb">
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      </div>
    );
  }
  return (
    <div className="md-thumb md-thumb--icon">
      {kind === 'video' ? (
        <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
          <rect x="2.5" y="5" width="14" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M16.5 10.2 21.5 7v10l-5-3.2Z" fill="currentColor" />
          <path d="M7.5 9.5v5l4-2.5Z" fill="currentColor" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
          <path d="M6 3h8l5 5v13H6Z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M14 3v5h5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
      )}
      <span className="md-thumb__kind">{kind === 'video' ? 'Video' : 'File'}</span>
    </div>
  );
}
