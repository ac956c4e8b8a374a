import { isMaintenanceActive, type SettingsRecord } from '@punchline/domain';
import { api, errorText } from '../../shared/api';
import type { SiteData } from '../site-data';

/**
 * Settings for a public page opened inside the single-page app (coming from the admin area):
 * the draft (merged over live by the server) when asked for and allowed, else live.
 */
export async function loadSiteData(draft: boolean): Promise<SiteData> {
  const result = await api.get(draft ? '/api/settings/preview' : '/api/settings?stage=live');
  if (!result.ok) throw new Error(errorText(result));
  const body = result.body;
  const raw = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  // The server answers normalised settings; re-normalising here would ship the whole rule set to every visitor.
  const settings = raw as SettingsRecord;
  return { settings, stage: draft ? 'draft' : 'live', maintenance: !draft && isMaintenanceActive(settings, new Date()) };
}
