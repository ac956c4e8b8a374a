/**
 * Field provenance (issue 10): beside a field, a quiet 'changed by X, 3 days ago' from the history
 * of the draft (DESIGN §13 /history/fields), linking to that field's history. The data comes from
 * `useProvenanceData` (api/editor-queries), read when the editor loads or saves.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEditor } from './editor-context';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '3 days ago', 'just now'. */
export function relativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const diff = ms - now.getTime();
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
  return 'just now';
}

/** The hint of a field with its provenance added (null when there is neither). */
export function useHintWithProvenance(field: string, hint: ReactNode): ReactNode {
  const { provenance } = useEditor();
  const entry = provenance[field];
  if (!entry) return hint ?? null;
  const note = (
    <span className="ed-provenance">
      Changed by {entry.actor_email ?? 'the system'}, <time dateTime={entry.occurred_at}>{relativeTime(entry.occurred_at)}</time>
      {' · '}
      <Link to={`/admin/history?stage=draft&field=${encodeURIComponent(field)}`}>history</Link>
    </span>
  );
  return hint ? (
    <>
      {hint} {note}
    </>
  ) : (
    note
  );
}
