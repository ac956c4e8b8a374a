import { auditProjection } from './audit/audit.projection';
import { mediaFilesProjection } from './media/media-files.projection';
import { contactResponsesProjection } from './contact/contact-responses.projection';
import type { Projection } from './projection';
import { siteSettingsProjection } from './settings/site-settings.projection';

/** Every read model the projector maintains and replay rebuilds. Names must be unique. */
export function allProjections(): Projection[] {
  return [auditProjection, siteSettingsProjection, contactResponsesProjection, mediaFilesProjection];
}
