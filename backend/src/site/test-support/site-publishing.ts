import { http } from '../../test-support/test-app';

type Client = ReturnType<typeof http>;

/** Holds the draft lock and saves `patch` over the draft, as the General Settings screen does. */
export async function saveDraft(admin: Client, patch: Record<string, unknown>): Promise<void> {
  const lock = await admin.post('/api/settings/lock/acquire', { ttlSeconds: 300 });
  if (lock.status !== 200) throw new Error(`lock: ${lock.status} ${JSON.stringify(lock.body)}`);
  const draft = await admin.get('/api/settings?stage=draft');
  const { updated_at: _readOnly, ...current } = draft.body as Record<string, unknown>;
  const saved = await admin.put('/api/settings?stage=draft', { ...current, ...patch });
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
}

/** Saves `patch` into the draft and publishes it to live through the real API. */
export async function publish(admin: Client, patch: Record<string, unknown>): Promise<void> {
  await saveDraft(admin, patch);
  const published = await admin.post('/api/settings/publish', {});
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
}
