import { findLinkReferences, listLinkReferences, rewriteLinkReferences } from './media-references';
import type { StoredSettings } from './settings-record';

const settings: StoredSettings = {
  logo_url: '/media/logo.png',
  hero_image_url: '/media/hero.jpg',
  site_title: '/media/logo.png',
  footer_links: [{ label: 'Logo', url: '/media/logo.png' }],
  about_team: [{ name: 'A', title: '', bio: '', photo_url: '/media/a.jpg', socials: [{ label: 'x', url: 'https://x.example' }] }],
  media_sections: [{ title: 'S', items: [{ type: 'image', title: '', url: '/media/logo.png' }, { type: 'image', title: '', url: '' }] }],
  merch_items: [{ title: 'T', price: '1', description: '', image_url: '/media/tee.png', buy_url: '' }],
  contact_socials: { instagram: 'https://instagram.com/p' },
};

describe('listLinkReferences', () => {
  it('lists every non-empty link with its field and path, and no text fields', () => {
    expect(listLinkReferences(settings).map((r) => r.path)).toEqual([
      'logo_url',
      'footer_links[0].url',
      'hero_image_url',
      'about_team[0].photo_url',
      'about_team[0].socials[0].url',
      'media_sections[0].items[0].url',
      'merch_items[0].image_url',
      'contact_socials.instagram',
    ]);
  });
});

describe('findLinkReferences', () => {
  it('finds the places a file is used', () => {
    expect(findLinkReferences(settings, (url) => url.endsWith('/logo.png'))).toEqual([
      { field: 'logo_url', path: 'logo_url', url: '/media/logo.png' },
      { field: 'footer_links', path: 'footer_links[0].url', url: '/media/logo.png' },
      { field: 'media_sections', path: 'media_sections[0].items[0].url', url: '/media/logo.png' },
    ]);
    expect(findLinkReferences(settings, (url) => url === '/media/unused.png')).toEqual([]);
  });
});

describe('rewriteLinkReferences', () => {
  it('replaces whole-value matches and reports the changed fields and count', () => {
    const result = rewriteLinkReferences(settings, [{ from: '/media/logo.png', to: '/media/brand.png' }]);
    expect(result.count).toBe(3);
    expect(result.fields).toEqual(['logo_url', 'footer_links', 'media_sections']);
    expect(result.settings.logo_url).toBe('/media/brand.png');
    expect(result.settings.site_title).toBe('/media/logo.png');
    expect(result.settings.media_sections?.[0].items[0].url).toBe('/media/brand.png');
    expect(result.changes.logo_url).toBe('/media/brand.png');
    expect(settings.logo_url).toBe('/media/logo.png');
  });
  it('changes nothing when nothing matches', () => {
    const result = rewriteLinkReferences(settings, [{ from: '/media/none.png', to: '/media/x.png' }]);
    expect(result).toEqual({ settings, changes: {}, fields: [], count: 0 });
  });
});

describe('a show image (issue 31)', () => {
  const img = '/api/storage/proxy?bucket=media&path=show.jpg';
  const settings: StoredSettings = {
    events_upcoming: [
      { title: 'A', date: 'June 1, 2031', venue: 'V', link: '', image_url: img },
      { title: 'B', date: 'June 2, 2031', venue: 'V', link: '' },
    ],
  };

  it('is a reference the Media Manager sees and renames; a show without one stays without the key', () => {
    expect(findLinkReferences(settings, (url) => url === img)).toEqual([{ field: 'events_upcoming', path: 'events_upcoming[0].image_url', url: img }]);
    const renamed = rewriteLinkReferences(settings, [{ from: img, to: '/api/storage/proxy?bucket=media&path=renamed.jpg' }]);
    expect(renamed.count).toBe(1);
    expect(renamed.settings.events_upcoming?.[0]?.image_url).toBe('/api/storage/proxy?bucket=media&path=renamed.jpg');
    expect(Object.keys(renamed.settings.events_upcoming![1]!)).toEqual(['title', 'date', 'venue', 'link']);
  });
});
