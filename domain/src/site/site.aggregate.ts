import type { Decider } from '../events/decider';
import type { SiteCommand } from './site.commands';
import { decideSite } from './site.decider';
import { type SiteEvent, isSiteEventType } from './site.events';
import { type SiteState, evolveSite, initialSiteState } from './site.state';

/** The site aggregate (DESIGN §5): lock, draft, live and snapshots on the one site stream. */
export const siteDecider: Decider<SiteState, SiteCommand, SiteEvent> = {
  initialState: initialSiteState,
  decide: decideSite,
  evolve: evolveSite,
  isEventType: isSiteEventType,
};
