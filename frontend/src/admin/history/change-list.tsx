/**
 * A history diff as a person reads it (issue 10): field names in the screens' words, list items
 * numbered from 1, colours as swatches, images as thumbnails, long texts cut.
 */
import { SETTINGS_FIELD_LABELS, mediaPathOf, parseHexColor, toProxyUrl, type JsonChange } from '@punchline/domain';
import { useEffect, useState } from 'react';
import { errorText } from '../../shared/api';
import { historyApi, type HistoryStage } from './history-api';
import './change-list.css';

const TEXT_MAX = 80;

/** '/events_upcoming/2/date' → 'Upcoming events › item 3 › date'. */
export function pathLabel(path: string): string {
  const [field, ...rest] = path
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  const name = (SETTINGS_FIELD_LABELS as Record<string, string>)[field ?? ''] ?? field ?? '';
  return [name, ...rest.map((token) => (/^\d+$/.test(token) ? `item ${Number(token) + 1}` : token.replace(/_/g, ' ')))].join(' › ');
}

/** The media file a value points at when it is one of ours and an image, else null. */
function imagePath(value: string): string | null {
  const path = mediaPathOf(value);
  return path !== null && /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(path) ? path : null;
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="hs-empty">(empty)</span>;
  if (typeof value === 'boolean') return <span>{value ? 'on' : 'off'}</span>;
  if (typeof value === 'string') {
    const colour = /^#[0-9a-f]{3,8}$/i.test(value) ? parseHexColor(value) : null;
    if (colour) {
      return (
        <span className="hs-colour">
          <span className="hs-swatch" style={{ background: colour }} aria-hidden="true" />
          {colour}
        </span>
      );
    }
    const image = imagePath(value);
    if (image) {
      return (
        <span className="hs-image">
          <img src={toProxyUrl(value)} alt="" width={40} height={40} loading="lazy" />
          {image.split('/').pop()}
        </span>
      );
    }
    const chars = [...value.replace(/\s+/g, ' ')];
    return <span>“{chars.length > TEXT_MAX ? `${chars.slice(0, TEXT_MAX - 1).join('')}…` : chars.join('')}”</span>;
  }
  if (typeof value === 'number') return <span>{value}</span>;
  if (Array.isArray(value)) return <span>{value.length === 1 ? '1 item' : `${value.length} items`}</span>;
  const title = (value as Record<string, unknown>).title ?? (value as Record<string, unknown>).name ?? (value as Record<string, unknown>).label;
  return <span>{typeof title === 'string' && title.trim() ? `“${title.trim()}”` : 'an item'}</span>;
}

export function ChangeList({ changes, label }: { changes: JsonChange[]; label: string }) {
  if (changes.length === 0) return <p className="hs-muted">No changes between these points.</p>;
  return (
    <ul className="hs-changes" aria-label={label}>
      {changes.map((change) => (
        <li key={change.path}>
          <span className="hs-path">{pathLabel(change.path)}</span>
          <span className="hs-before-after">
            {change.before === null ? <em>added</em> : <Value value={change.before} />}
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> changed to </span>
            {change.after === null ? <em>removed</em> : <Value value={change.after} />}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The before → after of one history step, loaded when shown (the Audit Log's expanded entries). */
export function LoadedChanges({ stage, from, to, label }: { stage: HistoryStage; from: number; to: number; label: string }) {
  const [state, setState] = useState<{ phase: 'loading' } | { phase: 'ready'; changes: JsonChange[] } | { phase: 'error'; message: string }>({ phase: 'loading' });
  useEffect(() => {
    let current = true;
    void historyApi.diff(stage, from, to).then((result) => {
      if (!current) return;
      if (result.ok && result.body) setState({ phase: 'ready', changes: result.body.changes });
      else setState({ phase: 'error', message: errorText(result, 'Failed to load the changes') });
    });
    return () => {
      current = false;
    };
  }, [stage, from, to]);
  if (state.phase === 'loading') return <p className="hs-muted">Loading the changes…</p>;
  if (state.phase === 'error') return <p role="alert">{state.message}</p>;
  return <ChangeList changes={state.changes} label={label} />;
}
