/** SPEC §2: stage=draft is kept on internal navigation links and dropped by 'Admin Login'. */
import type { SiteStage } from './site-data';

/** An internal href for the stage shown: '/events' becomes '/events?stage=draft' in the draft view. */
export function hrefForStage(href: string, stage: SiteStage): string {
  if (stage !== 'draft' || !href.startsWith('/') || href.startsWith('//')) return href;
  const hashAt = href.indexOf('#');
  const [beforeHash, hash] = hashAt === -1 ? [href, ''] : [href.slice(0, hashAt), href.slice(hashAt)];
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  params.set('stage', 'draft');
  return `${path}?${params.toString()}${hash}`;
}

/** Whether a link from settings points inside this site (and so goes through the router). */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}
