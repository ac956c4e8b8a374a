import type { RecordedEvent } from '@punchline/domain';
import { foldMediaRows, type MediaFileRow } from './media-files.projection';

let position = 0;
function event(type: string, data: Record<string, unknown>, occurredAt: string): RecordedEvent {
  position += 1;
  return {
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type,
    data,
    metadata: { actorEmail: 'ana@example.com', correlationId: 'c', causationId: null, occurredAt },
    streamId: 'media',
    streamRevision: position - 1,
    globalPosition: position,
    schemaVersion: 1,
    recordedAt: '2025-04-01T00:00:00.000Z',
  };
}

const upload = (path: string, at: string) => event('MediaUploaded', { path, name: path, originalName: path, size: 10, mimeType: 'image/png', kind: 'image' }, at);

describe('foldMediaRows', () => {
  it('follows a file through upload, rename and delete within one batch', () => {
    const rows = new Map<string, MediaFileRow | null>();
    const events = [
      upload('a.png', '2025-04-01T10:00:00Z'),
      event('MediaRenamed', { fromPath: 'a.png', toPath: 'b.png', fromName: 'a.png', toName: 'b.png' }, '2025-04-01T11:00:00Z'),
      upload('a.png', '2025-04-01T12:00:00Z'),
      upload('c.png', '2025-04-01T13:00:00Z'),
      event('MediaDeleted', { path: 'c.png', name: 'c.png', size: 10, mimeType: 'image/png' }, '2025-04-01T14:00:00Z'),
    ];
    foldMediaRows(rows, events);
    expect(rows.get('c.png')).toBeNull();
    expect(rows.get('b.png')).toEqual({
      path: 'b.png',
      name: 'b.png',
      size: 10,
      mimeType: 'image/png',
      createdAt: '2025-04-01T10:00:00.000Z',
      updatedAt: '2025-04-01T11:00:00.000Z',
      uploadedBy: 'ana@example.com',
      position: events[1].globalPosition,
      width: null,
      height: null,
      variants: [],
      imageError: null,
    });
    expect(rows.get('a.png')).toMatchObject({ createdAt: '2025-04-01T12:00:00.000Z', position: events[2].globalPosition });
  });

  it('renames a row that came from the table, and falls back to the recording time for a bad occurredAt', () => {
    const existing: MediaFileRow = { path: 'x.gif', name: 'x.gif', size: 5, mimeType: 'image/gif', createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z', uploadedBy: null, position: 1, width: null, height: null, variants: [], imageError: null };
    const rows = new Map<string, MediaFileRow | null>([['x.gif', existing], ['y.gif', null]]);
    foldMediaRows(rows, [event('MediaRenamed', { fromPath: 'x.gif', toPath: 'y.gif', fromName: 'x.gif', toName: 'y.gif' }, 'not a date')]);
    expect(rows.get('x.gif')).toBeNull();
    expect(rows.get('y.gif')).toMatchObject({ name: 'y.gif', createdAt: existing.createdAt, updatedAt: '2025-04-01T00:00:00.000Z', uploadedBy: null });
  });

  it('records what the image pipeline made of a file: dimensions, variants, a cleaned size, or why it failed', () => {
    const rows = new Map<string, MediaFileRow | null>();
    const variant = { width: 320, height: 240, format: 'webp', key: `_variants/${'a'.repeat(64)}/320.webp`, size: 900 };
    const events = [
      upload('a.png', '2025-04-01T10:00:00Z'),
      upload('b.png', '2025-04-01T10:00:00Z'),
      event('MediaImageProcessed', { path: 'a.png', contentSha256: 'a'.repeat(64), width: 640, height: 480, variants: [variant], cleanedSize: 7 }, '2025-04-01T10:01:00Z'),
      event('MediaImageFailed', { path: 'b.png', reason: 'The image is incomplete.' }, '2025-04-01T10:01:00Z'),
    ];
    foldMediaRows(rows, events);
    expect(rows.get('a.png')).toMatchObject({ size: 7, width: 640, height: 480, variants: [variant], imageError: null });
    expect(rows.get('b.png')).toMatchObject({ size: 10, width: null, variants: [], imageError: 'The image is incomplete.' });
  });
});
