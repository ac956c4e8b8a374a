/**
 * Image and video fields (SPEC §2): a URL field, remove, open current. Choosing from the library and
 * uploading plug in through MediaFieldActionsContext, so the media issue adds them without touching the forms.
 */
import { mediaPathOf } from '@punchline/domain';
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { UrlControl } from '../ui/form-controls';

export type MediaKind = 'image' | 'video';

export interface MediaFieldActionArgs {
  kind: MediaKind;
  label: string;
  /** Puts the chosen or uploaded file's URL into the field. */
  select: (url: string) => void;
  disabled: boolean;
}

export interface MediaFieldActions {
  /** Extra buttons beside Remove and Open current (Select from library, Upload). */
  render: (args: MediaFieldActionArgs) => ReactNode;
}

/** Provided by the Media Manager feature; without it the field offers URL, remove and open current. */
export const MediaFieldActionsContext = createContext<MediaFieldActions | null>(null);

export interface MediaControlProps {
  label: string;
  kind: MediaKind;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  disabled?: boolean;
}

export function MediaControl({ label, kind, value, onChange, hint, disabled = false }: MediaControlProps) {
  const actions = useContext(MediaFieldActionsContext);
  const previewId = useId();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = kind === 'image' && value !== '' && failedUrl !== value;
  // A library file is named as the Media Manager names it, not by its proxy URL (issue 12 point 5).
  const libraryPath = value === '' ? null : mediaPathOf(value);
  return (
    <div className="ed-media">
      <div className="ed-media__preview" id={previewId} aria-hidden={value === '' ? true : undefined}>
        {showImage ? (
          <img src={value} alt={`Current ${label.toLowerCase()}`} loading="lazy" onError={() => setFailedUrl(value)} />
        ) : (
          <span className="ed-media__placeholder">{value === '' ? `No ${kind}` : kind === 'video' ? 'Video' : 'No preview'}</span>
        )}
      </div>
      <div className="ed-media__body">
        {libraryPath ? (
          <p className="ed-media__file">
            <span className="visually-hidden">{label}: </span>
            {libraryPath.split('/').pop()}
            <span className="ed-media__file-note"> · from the media library</span>
          </p>
        ) : null}
        {/* Issue 25: a library file is shown by name and thumbnail; its proxy URL is the machine's
            business, so the address field folds away (one click opens it to paste another). */}
        <details className="ed-media__url" open={libraryPath === null ? true : undefined}>
          <summary className="ed-media__url-summary" hidden={libraryPath === null}>
            Web address<span className="visually-hidden"> of the {label.toLowerCase()}</span>
          </summary>
          <UrlControl label={label} value={value} onChange={onChange} hint={hint} placeholder={kind === 'video' ? 'https://youtube.com/… or /media/clip.mp4' : 'https://… or /media/photo.jpg'} />
        </details>
        <div className="ed-media__actions">
          {actions?.render({ kind, label, select: onChange, disabled })}
          <button type="button" className="kit-button kit-button--small" onClick={() => onChange('')} disabled={disabled || value === ''}>
            Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
          {value !== '' ? (
            <a className="kit-button kit-button--small kit-button--ghost" href={value} target="_blank" rel="noopener noreferrer">
              Open current<span className="visually-hidden"> {label.toLowerCase()} (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
