/** SPEC §2: stage=draft (and DESIGN §13's at=N) is kept on internal navigation links and dropped by 'Admin Login'. */
import type { SiteData } from './site-data';

/**
 * An internal href for the view shown: '/events' becomes '/events?stage=draft' in the draft view,
 * '/events?at=42' when looking at history.
 */
export function hrefForStage(href: string, view: Pick<SiteData, 'stage' | 'asOf'>): string {
  const keep: [string, string] | null = view.asOf ? ['at', String(view.asOf.position)] : view.stage === 'draft' ? ['stage', 'draft'] : null;
  if (keep === null || !href.startsWith('/') || href.startsWith('//')) return href;
  const hashAt = href.indexOf('#');
  const [beforeHash, hash] = hashAt === -1 ? [href, ''] : [href.slice(0, hashAt), href.slice(hashAt)];
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  params.set(keep[0], keep[1]);
  return `${path}?${params.toString()}${hash}`;
}

/** Whether a link from settings points inside this site (and so goes through the router). */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}
