/**
 * The storage calls of SPEC §7 as the Media Manager and the picker make them. JSON calls go through
 * the shared client; the upload uses XMLHttpRequest because fetch cannot report upload progress.
 */
import type { MediaFileView, MediaHistoryUsage, MediaUsage } from '@punchline/domain';
import { api } from '../../shared/api';
import { MEDIA_TEXTS } from './media-texts';

/** A file of the library as the server answers it (domain/src/media/media.contract.ts). */
export type MediaItem = MediaFileView;

export type MediaSortKey = 'updated_at' | 'name' | 'size';
export type SortDirection = 'asc' | 'desc';

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

export function listQuery(options: { sort?: MediaSortKey; direction?: SortDirection; q?: string }): string {
  const params = new URLSearchParams();
  if (options.sort) params.set('sort', options.sort);
  if (options.direction) params.set('direction', options.direction);
  if (options.q && options.q.trim() !== '') params.set('q', options.q.trim());
  const query = params.toString();
  return `/api/storage/list${query ? `?${query}` : ''}`;
}

/** The server's error when it sent one; else 'List failed: {status}', or 'Failed to load media' when the network failed. */
export async function listMedia(options: { sort?: MediaSortKey; direction?: SortDirection; q?: string }, signal?: AbortSignal): Promise<Outcome<MediaItem[]>> {
  const res = await api.get<{ items?: unknown; error?: string }>(listQuery(options), { signal });
  if (!res.ok || !res.body || !Array.isArray(res.body.items)) {
    return { ok: false, status: res.status, error: res.error ?? (res.status > 0 && !res.ok ? MEDIA_TEXTS.listFailed(res.status) : MEDIA_TEXTS.loadFailed) };
  }
  return { ok: true, value: res.body.items as MediaItem[] };
}

/** Where each used file is used; with `path`, only that file (an empty list: unused). */
export async function fetchUsage(path?: string, signal?: AbortSignal): Promise<Outcome<Map<string, MediaUsage[]>>> {
  const res = await api.get<{ items?: { path: string; usage: MediaUsage[] }[] }>(`/api/storage/usage${path ? `?path=${encodeURIComponent(path)}` : ''}`, { signal });
  if (!res.ok || !res.body || !Array.isArray(res.body.items)) return { ok: false, status: res.status, error: MEDIA_TEXTS.usageFailed };
  return { ok: true, value: new Map(res.body.items.map((i) => [i.path, i.usage])) };
}

/** Where one file is used: draft and live (blocking a delete) and the site's history (a warning). */
export async function fetchFileUsage(path: string): Promise<Outcome<{ usage: MediaUsage[]; history: MediaHistoryUsage }>> {
  const res = await api.get<{ items?: { path: string; usage: MediaUsage[] }[]; history?: MediaHistoryUsage }>(`/api/storage/usage?path=${encodeURIComponent(path)}`);
  if (!res.ok || !res.body || !Array.isArray(res.body.items)) return { ok: false, status: res.status, error: MEDIA_TEXTS.usageFailed };
  return { ok: true, value: { usage: res.body.items.find((i) => i.path === path)?.usage ?? [], history: res.body.history ?? { snapshots: [], publishes: [] } } };
}

export interface RenameResult {
  totalUpdated: number;
  replacements: { draft: number; live: number };
  path: string;
  url: string;
}

export async function renameMedia(fromPath: string, toName: string): Promise<Outcome<RenameResult>> {
  const res = await api.post<RenameResult>('/api/storage/rename', { fromPath, toName });
  if (!res.ok || !res.body) return { ok: false, status: res.status, error: res.error ?? MEDIA_TEXTS.renameFailed };
  return { ok: true, value: res.body };
}

export type DeleteOutcome = { ok: true } | { ok: false; status: number; error: string; usage: MediaUsage[] | null };

/** A 409 carries where the file is used (someone started using it after the check). */
export async function deleteMedia(path: string): Promise<DeleteOutcome> {
  const res = await api.post('/api/storage/delete', { path });
  if (res.ok) return { ok: true };
  const usage = (res.errorBody as { usage?: unknown } | null)?.usage;
  return { ok: false, status: res.status, error: res.error ?? MEDIA_TEXTS.deleteFailed(res.status), usage: Array.isArray(usage) ? (usage as MediaUsage[]) : null };
}

/** An upload's outcome; a 409 for identical bytes names the file already in the library (issue 12 point 6). */
export type UploadOutcome = { ok: true; value: { url: string; item: MediaItem | null } } | { ok: false; status: number; error: string; existing?: { url: string; item: MediaItem | null } };

export interface UploadHandle {
  done: Promise<UploadOutcome>;
  abort(): void;
}

/** Reads an upload answer: SPEC §5 wants a url string; anything else is an error. */
export function readUploadAnswer(status: number, text: string): UploadOutcome {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const record = typeof body === 'object' && body !== null ? (body as { url?: unknown; item?: unknown; error?: unknown; existing?: { url?: unknown; item?: unknown } }) : {};
  if (status < 200 || status >= 300) {
    const error = typeof record.error === 'string' && record.error.trim() !== '' ? record.error : MEDIA_TEXTS.uploadFailed;
    const existing = record.existing;
    if (status === 409 && existing && typeof existing.url === 'string') {
      return { ok: false, status, error, existing: { url: existing.url, item: typeof existing.item === 'object' && existing.item !== null ? (existing.item as MediaItem) : null } };
    }
    return { ok: false, status, error };
  }
  if (typeof record.url !== 'string' || record.url === '') return { ok: false, status, error: MEDIA_TEXTS.uploadMissingUrl };
  return { ok: true, value: { url: record.url, item: typeof record.item === 'object' && record.item !== null ? (record.item as MediaItem) : null } };
}

/** POST /api/storage/upload (multipart field `file`), reporting progress from 0 to 1. */
export function uploadMedia(file: File, onProgress?: (fraction: number) => void, options: { keepDuplicate?: boolean } = {}): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.open('POST', options.keepDuplicate ? '/api/storage/upload?duplicate=keep' : '/api/storage/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.total > 0 ? event.loaded / event.total : 0);
    };
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ ok: false, status: 0, error: MEDIA_TEXTS.uploadFailed });
    xhr.onabort = () => resolve({ ok: false, status: 0, error: MEDIA_TEXTS.uploadFailed });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

