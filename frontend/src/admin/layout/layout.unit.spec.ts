import { ADMIN_NAV, AUDITOR_NAV } from './admin-layout';
import { pendingBadgeText, pendingTotalFrom } from './pending-responses';
import { isExternalLink, quickLinksFrom } from './quick-links';

describe('contact responses badge (SPEC §2, §9)', () => {
  it('shows the count, 99+ above 99, nothing at zero', () => {
    expect(pendingBadgeText(0)).toBeNull();
    expect(pendingBadgeText(7)).toBe('7');
    expect(pendingBadgeText(99)).toBe('99');
    expect(pendingBadgeText(100)).toBe('99+');
    expect(pendingBadgeText(Number.NaN)).toBeNull();
  });

  it('reads {total}; anything else counts as 0', () => {
    expect(pendingTotalFrom({ total: 12, items: [] })).toBe(12);
    expect(pendingTotalFrom({ items: [] })).toBe(0);
    expect(pendingTotalFrom(null)).toBe(0);
  });
});

describe('quick links (SPEC §2, §5)', () => {
  it('keeps at most 4 labelled, safe links, normalising bare domains', () => {
    const links = quickLinksFrom({
      admin_quick_links: [
        { label: 'Analytics', url: 'analytics.example.com' },
        { label: 'Evil', url: 'javascript:alert(1)' },
        { label: 'Events', url: '/events' },
        { label: '', url: '/nameless' },
        { label: 'Mail', url: 'crew@example.com' },
        { label: 'Tickets', url: 'https://tickets.example.com' },
        { label: 'Fifth', url: 'https://fifth.example.com' },
        { label: 7, url: '/not-a-string-label' },
      ],
    });
    expect(links).toEqual([
      { label: 'Analytics', url: 'https://analytics.example.com' },
      { label: 'Events', url: '/events' },
      { label: 'Mail', url: 'mailto:crew@example.com' },
      { label: 'Tickets', url: 'https://tickets.example.com' },
    ]);
    expect(quickLinksFrom({ data: { admin_quick_links: [{ label: 'A', url: '/a' }] } })).toEqual([{ label: 'A', url: '/a' }]);
    expect(quickLinksFrom(null)).toEqual([]);
  });

  it('opens absolute web links in a new tab only', () => {
    expect(isExternalLink('https://x.example')).toBe(true);
    expect(isExternalLink('/events')).toBe(false);
    expect(isExternalLink('mailto:a@b.c')).toBe(false);
  });
});

describe('sidebar (SPEC §2, DESIGN §15)', () => {
  it("keeps SPEC's five links, named and ordered as they are; Site history is listed under the Audit Log, for admins and auditors alike", () => {
    expect(ADMIN_NAV.map((item) => item.label)).toEqual(['General Settings', 'Page Configurations', 'Media Manager', 'Contact Responses', 'Audit Log']);
    expect(ADMIN_NAV.flatMap((item) => (item.sub ?? []).map((sub) => `${item.label} › ${sub.label} (${sub.to})`))).toEqual(['Audit Log › Site history (/admin/history)']);
    expect(AUDITOR_NAV.flatMap((item) => [item.label, ...(item.sub ?? []).map((sub) => sub.label)])).toEqual(['Audit Log', 'Site history']);
  });
});
