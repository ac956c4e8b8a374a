/**
 * Field provenance (issue 10): beside a field, a quiet 'changed by X, 3 days ago' from the history
 * of the draft (DESIGN §13 /history/fields), linking to that field's history. Read when the editor
 * loads or saves; a failed read shows nothing rather than an error beside every field.
 */
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { historyApi, type FieldProvenance } from '../history/history-api';
import { useEditor } from './editor-context';

export type ProvenanceMap = Record<string, FieldProvenance>;

/** Loads the draft's provenance again whenever `version` (the loaded draft's updated_at) changes. */
export function useProvenanceData(version: string | null | undefined, enabled: boolean): ProvenanceMap {
  const [map, setMap] = useState<ProvenanceMap>({});
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    void historyApi.fields('draft').then((result) => {
      if (current && result.ok && result.body) setMap(result.body.fields);
    });
    return () => {
      current = false;
    };
  }, [version, enabled]);
  return map;
}

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
