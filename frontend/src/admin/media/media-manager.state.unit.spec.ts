import type { MediaHistoryUsage, MediaUsage } from '@punchline/domain';
import { formatWhen } from '../../shared/format-when';
import type { MediaItem } from './media-api';
import {
  type DeleteAction,
  type DeleteFlow,
  type NoticeAction,
  type NoticeState,
  deleteFlowReducer,
  initialDeleteFlow,
  initialNotice,
  keptLines,
  noticeReducer,
  renamedText,
  uploadedNotice,
} from './media-manager.state';
import type { UploadResult } from './use-uploader';

const item = (name: string): MediaItem => ({ name, path: name, url: `/api/storage/proxy?bucket=media&path=${name}`, size: 2048, mime_type: 'image/png', created_at: '2025-04-01T10:00:00Z', updated_at: '2025-04-01T10:00:00Z', width: null, height: null, thumbnail_url: null, processing_error: null });
const file = (name: string) => ({ name }) as File;
const stored = (name: string, storedAs = name): UploadResult => ({ ok: true, value: { url: `/m/${storedAs}`, item: item(storedAs) }, fileName: name, file: file(name) });
const failed = (name: string, error: string): UploadResult => ({ ok: false, status: 413, error, fileName: name, file: file(name) });
const identical = (name: string): UploadResult => ({ ok: false, status: 409, error: 'The same file is already in the library as “a.png”.', existing: { url: '/m/a.png', item: item('a.png') }, fileName: name, file: file(name) });
const used: MediaUsage = { stage: 'draft', location: 'Home › hero_image_url', field: 'hero_image_url', path: 'hero_image_url', url: '/m/a.png' };
const noHistory: MediaHistoryUsage = { snapshots: [], publishes: [] };
const history: MediaHistoryUsage = { snapshots: [{ id: 's1', label: 'Before launch', created_at: '2025-04-01T10:00:00Z' }], publishes: [{ position: 7, occurred_at: '2025-04-02T10:00:00Z' }] };

const notices = (...actions: NoticeAction[]): NoticeState => actions.reduce(noticeReducer, initialNotice);
const deleting = (...actions: DeleteAction[]): DeleteFlow => actions.reduce(deleteFlowReducer, initialDeleteFlow);

describe('upload notice', () => {
  it('names one stored file by the name the server gave it, and counts several', () => {
    expect(uploadedNotice([stored('Sunset Stage.png', 'sunset-stage.png')]).notice).toEqual({ tone: 'success', text: 'Uploaded “sunset-stage.png”.' });
    expect(uploadedNotice([stored('a.png'), stored('b.png')]).notice).toEqual({ tone: 'success', text: 'Uploaded 2 files.' });
  });

  it('prefixes failures with the file name only when several were sent, after the stored count', () => {
    expect(uploadedNotice([failed('a.png', 'Too large.')]).notice).toEqual({ tone: 'error', text: 'Too large.' });
    expect(uploadedNotice([stored('a.png'), failed('b.png', 'Too large.')]).notice).toEqual({ tone: 'error', text: 'Uploaded 1. b.png: Too large.' });
  });

  it('treats identical bytes as no error and offers those files as copies (issue 12 point 6)', () => {
    const state = uploadedNotice([identical('again.png')]);
    expect(state.notice?.tone).toBe('success');
    expect(state.identical.map((f) => f.name)).toEqual(['again.png']);
    expect(uploadedNotice([identical('again.png'), failed('b.png', 'Too large.')]).notice?.tone).toBe('error');
  });

  it('keeps the offer when another notice replaces the text, and drops both on dismiss', () => {
    const shown = notices({ type: 'uploaded', results: [identical('again.png')] }, { type: 'show', notice: { tone: 'error', text: 'Could not copy the URL.' } });
    expect(shown.notice?.text).toBe('Could not copy the URL.');
    expect(shown.identical).toHaveLength(1);
    expect(noticeReducer(shown, { type: 'dismiss' })).toEqual(initialNotice);
  });
});

describe('texts', () => {
  it('says what a rename changed', () => {
    expect(renamedText({ path: 'media/b.png', url: '/m/b.png', totalUpdated: 0, replacements: { draft: 0, live: 0 } })).toBe('Renamed to “b.png”. No links needed updating.');
    expect(renamedText({ path: 'b.png', url: '/m/b.png', totalUpdated: 1, replacements: { draft: 1, live: 0 } })).toBe('Renamed to “b.png”. Updated 1 link (draft 1, live 0).');
    expect(renamedText({ path: 'b.png', url: '/m/b.png', totalUpdated: 3, replacements: { draft: 1, live: 2 } })).toBe('Renamed to “b.png”. Updated 3 links (draft 1, live 2).');
  });

  it('names the snapshots, then the publishes, that keep a file', () => {
    expect(keptLines(history)).toEqual([`Snapshot “Before launch” of ${formatWhen('2025-04-01T10:00:00Z')}`, `The live site as published on ${formatWhen('2025-04-02T10:00:00Z')}`]);
    expect(keptLines(noHistory)).toEqual([]);
  });
});

describe('delete flow (SPEC §5)', () => {
  const a = item('a.png');

  it('checks first, then blocks a used file with its places', () => {
    expect(deleting({ type: 'check', path: 'a.png' }).checking).toBe('a.png');
    const state = deleting({ type: 'check', path: 'a.png' }, { type: 'checked', item: a, usage: [used], history });
    expect(state).toEqual({ ...initialDeleteFlow, inUse: { item: a, usage: [used] } });
    expect(deleteFlowReducer(state, { type: 'close-in-use' })).toEqual(initialDeleteFlow);
  });

  it('warns about a file only the history keeps, and confirms after Delete anyway', () => {
    const warned = deleting({ type: 'check', path: 'a.png' }, { type: 'checked', item: a, usage: [], history });
    expect(warned.kept).toEqual({ item: a, lines: keptLines(history) });
    expect(deleteFlowReducer(warned, { type: 'delete-anyway' })).toEqual({ ...initialDeleteFlow, confirming: a });
    expect(deleteFlowReducer(warned, { type: 'close-kept' })).toEqual(initialDeleteFlow);
  });

  it('confirms an unused file straight away; Cancel and a failed check leave nothing open', () => {
    const confirming = deleting({ type: 'check', path: 'a.png' }, { type: 'checked', item: a, usage: [], history: noHistory });
    expect(confirming).toEqual({ ...initialDeleteFlow, confirming: a });
    expect(deleteFlowReducer(confirming, { type: 'cancel' })).toEqual(initialDeleteFlow);
    expect(deleting({ type: 'check', path: 'a.png' }, { type: 'check-failed' })).toEqual(initialDeleteFlow);
  });

  it('is busy while deleting, closes after, and turns a 409 into the in-use alert', () => {
    const started = deleting({ type: 'checked', item: a, usage: [], history: noHistory }, { type: 'delete-started' });
    expect(started).toEqual({ ...initialDeleteFlow, confirming: a, deleting: true });
    expect(deleteFlowReducer(started, { type: 'delete-finished', item: a, usage: null })).toEqual(initialDeleteFlow);
    expect(deleteFlowReducer(started, { type: 'delete-finished', item: a, usage: [] })).toEqual(initialDeleteFlow);
    expect(deleteFlowReducer(started, { type: 'delete-finished', item: a, usage: [used] })).toEqual({ ...initialDeleteFlow, inUse: { item: a, usage: [used] } });
  });
});
