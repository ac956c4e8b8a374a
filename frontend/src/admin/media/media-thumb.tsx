import { useState } from 'react';
import { mediaKindOf } from '@punchline/domain';
import type { MediaItem } from './media-api';

/**
 * A file's preview: images scaled down by CSS (the original, loaded lazily; no thumbnails are
 * generated), videos as an icon, so a grid of clips downloads nothing until one is opened.
 */
export function MediaThumb({ item }: { item: MediaItem }) {
  const kind = mediaKindOf({ name: item.name, mime_type: item.mime_type });
  const [failed, setFailed] = useState(false);
  if (kind === 'image' && !failed) {
    return (
      <div className="md-thumb">
        <img src={item.url} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
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
