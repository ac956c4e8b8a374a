import { MAX_ADMIN_QUICK_LINKS, type LinkItem, normaliseLinkList } from '@punchline/domain';

/** SPEC §2/§3: the admin's quick links from the live `admin_quick_links`; unsafe or blank links are dropped, at most 4. */
export function quickLinksFrom(body: unknown): LinkItem[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = 'data' in body && typeof (body as { data?: unknown }).data === 'object' ? (body as { data: unknown }).data : body;
  const links = (record as { admin_quick_links?: unknown } | null)?.admin_quick_links;
  return normaliseLinkList(links, { max: Number.POSITIVE_INFINITY, bareToHttps: true })
    .filter((link) => link.label !== '')
    .slice(0, MAX_ADMIN_QUICK_LINKS);
}

/** Links that leave the site open in a new tab; same-site paths stay in this one. */
export function isExternalLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
