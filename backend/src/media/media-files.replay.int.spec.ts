import { mediaFilesProjection, replay } from '@punchline/projections';
import { databaseKinds } from '../test-support/test-database';
import { FIXTURES, startMediaApp, upload, type MediaApp } from './test-support/media-app.test-kit';

describe.each(databaseKinds())('rm.media_files rebuilt from the log on %s', (kind) => {
  let m: MediaApp;
  beforeAll(async () => {
    m = await startMediaApp(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('equals the live table after uploads, renames, deletes and a name taken again, in batches of two', async () => {
    for (const name of ['a.png', 'b.png', 'c.gif']) expect((await upload(m, name, name.endsWith('gif') ? FIXTURES.gif : FIXTURES.png)).status).toBe(201);
    expect((await m.admin.post('/api/storage/rename', { fromPath: 'a.png', toName: 'd' })).status).toBe(200);
    expect((await m.admin.post('/api/storage/delete', { path: 'b.png' })).status).toBe(200);
    expect((await upload(m, 'b.png', FIXTURES.png)).status).toBe(201);
    expect((await m.admin.post('/api/storage/rename', { fromPath: 'd.png', toName: 'a' })).status).toBe(200);

    const result = await replay({ db: m.app.db, store: m.app.runtime.store, projections: [mediaFilesProjection], batchSize: 2 });
    expect(result.tables).toEqual([{ projection: 'media_files', name: 'media_files', equal: true, liveRows: 3, replayRows: 3 }]);
    const names = (await m.admin.get('/api/storage/list?sort=name&direction=asc')).body.items.map((i: { name: string }) => i.name);
    expect(names).toEqual(['a.png', 'b.png', 'c.gif']);
  });
});
