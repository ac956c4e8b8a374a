import { settingsDefaults } from '@punchline/domain';
import { databaseKinds } from '../../test-support/test-database';
import { lockAndSave, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('GET /api/settings/preview on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('shows admins the draft merged over live in the public reading, and everyone else live', async () => {
    await lockAndSave(s.a, { site_title: 'Live base', footer_text: 'Live footer' });
    expect((await s.a.post('/api/settings/publish', {})).status).toBe(200);
    await lockAndSave(s.a, { site_title: 'Preview me', theme_bg: '' });

    for (const admin of [s.a, s.b]) {
      const res = await admin.get('/api/settings/preview');
      expect(res.status).toBe(200);
      // A blank colour takes the public default, as the public pages would render it.
      expect(res.body).toMatchObject({ site_title: 'Preview me', footer_text: 'Live footer', theme_bg: settingsDefaults('public').theme_bg });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    for (const outsider of [s.visitor, s.removed]) {
      const res = await outsider.get('/api/settings/preview');
      expect(res.status).toBe(200);
      expect(res.body.site_title).toBe('Live base');
    }
  });
});
