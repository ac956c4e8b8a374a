import { useId } from 'react';
import { formatBytes, formatKilobytes, type MediaUsage } from '@punchline/domain';
import type { MediaItem } from './media-api';
import { displayDate, usageLines, usageSummary } from './media-library';
import { MEDIA_TEXTS } from './media-texts';
import { MediaThumb } from './media-thumb';

export interface MediaCardProps {
  item: MediaItem;
  usage: MediaUsage[] | undefined;
  copied: boolean;
  checking: boolean;
  onCopy: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** One file of the Media Manager's grid: preview, name, size, dimensions, date, where it is used, and its actions. */
export function MediaCard({ item, usage, copied, checking, onCopy, onRename, onDelete }: MediaCardProps) {
  const nameId = useId();
  const summary = usageSummary(usage);
  return (
    <li className="md-card" aria-labelledby={nameId}>
      <a className="md-card__preview" href={item.url} target="_blank" rel="noopener noreferrer" tabIndex={-1} aria-hidden="true">
        <MediaThumb item={item} />
      </a>
      <div className="md-card__body">
        {/* A heading per file, so a screen reader can move from card to card (and axe's p-as-heading holds). */}
        <h2 className="md-card__name" id={nameId} title={item.name}>
          {item.name}
        </h2>
        <p className="md-card__meta">
          <span title={formatBytes(item.size)}>{formatKilobytes(item.size)}</span>
          {item.width && item.height ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>
                {item.width} × {item.height}
                <span className="visually-hidden"> pixels</span>
              </span>
            </>
          ) : null}
          <span aria-hidden="true"> · </span>
          <time dateTime={item.updated_at}>{displayDate(item.updated_at)}</time>
        </p>
        {item.processing_error ? <p className="md-card__problem">Not processed: {item.processing_error}</p> : null}
        {summary && usage ? (
          // 'Used in 2 places' opens the list of places, in the screens' words (issue 12 point 5).
          <details className="md-card__usage">
            <summary>
              {summary}
              <span className="visually-hidden"> ({item.name})</span>
            </summary>
            <ul>
              {usageLines(usage).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      <div className="md-card__actions">
        <button type="button" className="kit-button kit-button--small" onClick={onCopy}>
          <span aria-live="polite">{copied ? MEDIA_TEXTS.copied : 'Copy URL'}</span>
          <span className="visually-hidden"> of {item.name}</span>
        </button>
        <button type="button" className="kit-button kit-button--small" onClick={onRename}>
          Rename<span className="visually-hidden"> {item.name}</span>
        </button>
        <button type="button" className="kit-button kit-button--small kit-button--danger-ghost" onClick={onDelete} disabled={checking}>
          {checking ? 'Checking…' : 'Delete'}
          <span className="visually-hidden"> {item.name}</span>
        </button>
      </div>
    </li>
  );
}
