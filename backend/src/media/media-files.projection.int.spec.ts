import { MEDIA_STREAM, type MediaEvent } from '@punchline/domain';
import { mediaFilesProjection } from '@punchline/projections';
import { GIVEN, projectionSpecification, type GivenEvent } from '../test-support/projection-specification';
import { databaseKinds } from '../test-support/test-database';
import { MediaFilesRead } from './media-files.read';

const ROWS = 'SELECT path, name, size, mime_type, created_at, updated_at, uploaded_by, position, width, height, variants, image_error FROM rm.media_files ORDER BY path';

const upload = (path: string, occurredAt = GIVEN.occurredAt): GivenEvent<MediaEvent> => ({
  type: 'MediaUploaded',
  data: { path, name: path, originalName: path, size: 10, mimeType: 'image/png', kind: 'image' },
  metadata: { occurredAt },
});

describe.each(databaseKinds())('media files projection (rm.media_files) on %s', (kind) => {
  const given = projectionSpecification<MediaEvent>(mediaFilesProjection, { kind, streamId: MEDIA_STREAM });

  it('adds a row per upload, with who uploaded it and its upright dimensions when known', () =>
    given(upload('a.png'), {
      type: 'MediaUploaded',
      data: { path: 'b.jpg', name: 'b.jpg', originalName: 'B.JPG', size: 2048, mimeType: 'image/jpeg', kind: 'image', image: { width: 640, height: 480 } },
      metadata: { actorEmail: null, occurredAt: '2025-03-02T09:30:00+01:00' },
    }).then(ROWS, [
      { path: 'a.png', name: 'a.png', size: 10, mime_type: 'image/png', created_at: GIVEN.occurredAt, updated_at: GIVEN.occurredAt, uploaded_by: GIVEN.actorEmail, position: 1, width: null, height: null, variants: [], image_error: null },
      { path: 'b.jpg', name: 'b.jpg', size: 2048, mime_type: 'image/jpeg', created_at: '2025-03-02T08:30:00.000Z', updated_at: '2025-03-02T08:30:00.000Z', uploaded_by: null, position: 2, width: 640, height: 480, variants: [], image_error: null },
    ]));

  it('moves a stored row on rename and drops it on delete, in a later batch', () =>
    given(upload('a.png', '2025-04-01T10:00:00.000Z'), upload('b.png'))
      .given(
        { type: 'MediaRenamed', data: { fromPath: 'a.png', toPath: 'c.png', fromName: 'a.png', toName: 'c.png' }, metadata: { occurredAt: '2025-04-01T11:00:00.000Z' } },
        { type: 'MediaDeleted', data: { path: 'b.png', name: 'b.png', size: 10, mimeType: 'image/png' } },
      )
      .then('SELECT path, name, created_at, updated_at, position FROM rm.media_files ORDER BY path', [
        { path: 'c.png', name: 'c.png', created_at: '2025-04-01T10:00:00.000Z', updated_at: '2025-04-01T11:00:00.000Z', position: 3 },
      ]));

  it('follows a rename chain and a name taken again within one batch', () =>
    given(
      upload('a.png', '2025-04-01T10:00:00.000Z'),
      { type: 'MediaRenamed', data: { fromPath: 'a.png', toPath: 'b.png', fromName: 'a.png', toName: 'b.png' } },
      upload('a.png', '2025-04-01T12:00:00.000Z'),
    ).then('SELECT path, created_at, position FROM rm.media_files ORDER BY path', [
      { path: 'a.png', created_at: '2025-04-01T12:00:00.000Z', position: 3 },
      { path: 'b.png', created_at: '2025-04-01T10:00:00.000Z', position: 2 },
    ]));

  it('records what the image pipeline made of a file: dimensions, variants, a cleaned size, or why it failed', () => {
    const webp = { width: 320, height: 240, format: 'webp' as const, key: `_variants/${'a'.repeat(64)}/320.webp`, size: 900 };
    const avif = { ...webp, format: 'avif' as const, key: `_variants/${'a'.repeat(64)}/320.avif`, size: 700 };
    return given(upload('a.png'), upload('b.png'))
      .given(
        { type: 'MediaImageProcessed', data: { path: 'a.png', contentSha256: 'a'.repeat(64), width: 640, height: 480, variants: [webp], cleanedSize: 7 } },
        { type: 'MediaImageFailed', data: { path: 'b.png', reason: 'The image is incomplete.' } },
      )
      .given({ type: 'MediaImageVariantsAdded', data: { path: 'a.png', contentSha256: 'a'.repeat(64), variants: [avif] } })
      .then('SELECT path, size, width, height, variants, image_error, position FROM rm.media_files ORDER BY path', [
        { path: 'a.png', size: 7, width: 640, height: 480, variants: [webp, avif], image_error: null, position: 5 },
        { path: 'b.png', size: 10, width: null, height: null, variants: [], image_error: 'The image is incomplete.', position: 4 },
      ]);
  });

  it('is what the media library lists', () =>
    given(upload('b.png', '2025-04-01T10:00:00.000Z'), upload('a.png', '2025-04-01T11:00:00.000Z')).then(
      (db) => new MediaFilesRead(db).list(),
      [
        { name: 'a.png', path: 'a.png', url: '/api/storage/proxy?bucket=media&path=a.png', size: 10, mime_type: 'image/png', created_at: '2025-04-01T11:00:00.000Z', updated_at: '2025-04-01T11:00:00.000Z', width: null, height: null, thumbnail_url: null, processing_error: null },
        { name: 'b.png', path: 'b.png', url: '/api/storage/proxy?bucket=media&path=b.png', size: 10, mime_type: 'image/png', created_at: '2025-04-01T10:00:00.000Z', updated_at: '2025-04-01T10:00:00.000Z', width: null, height: null, thumbnail_url: null, processing_error: null },
      ],
    ));

  it('reads only the media stream', () =>
    given({ ...upload('elsewhere.png'), streamId: 'site' }, upload('a.png')).then('SELECT path, position FROM rm.media_files', [{ path: 'a.png', position: 2 }]));
});
