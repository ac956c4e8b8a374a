import type { SettingsRecord } from '../settings';
import { findMediaUsage, mediaRenameReplacements, mediaUsageByPath, referenceLocation } from './media-usage';

const HERO = '/api/storage/proxy?bucket=media&path=hero.png';
const live: Partial<SettingsRecord> = {
  hero_image_url: HERO,
  logo_url: 'https://media.s3.amazonaws.com/logo.png',
  media_sections: [{ title: 'Photos', items: [{ type: 'image', title: '', url: 'https://abc.supabase.co/storage/v1/object/public/media/hero.png' }] }],
};
const draft: Partial<SettingsRecord> = {
  ...live,
  about_team: [{ name: 'Ana', title: '', bio: '', photo_url: 'https://punchline.example/api/storage/proxy?bucket=media&path=hero.png', socials: [] }],
  who_image_url: '/api/storage/proxy?bucket=media&path=other.png',
};

describe('findMediaUsage', () => {
  it('lists each stage and location that uses the file, in any URL form', () => {
    const usage = findMediaUsage({ draft, live }, 'hero.png', { ownOrigins: ['https://punchline.example'] });
    expect(usage.map((u) => `${u.stage}: ${u.location}`)).toEqual([
      'draft: Home › Hero image',
      'draft: About › item 1 (Ana) › Photo',
      'draft: Media › item 1 (Photos) › item 1 › Link',
      'live: Home › Hero image',
      'live: Media › item 1 (Photos) › item 1 › Link',
    ]);
    expect(usage[0]).toEqual({ stage: 'draft', location: 'Home › Hero image', field: 'hero_image_url', path: 'hero_image_url', url: HERO });
  });

  it('finds nothing for an unused file', () => {
    expect(findMediaUsage({ draft, live }, 'unused.png')).toEqual([]);
  });
});

describe('referenceLocation (issue 12 point 5: words, not paths)', () => {
  it('counts items from 1 and names them by their own title', () => {
    const merch = { merch_items: [{}, {}, { title: 'Canvas Tote', price: '', description: '', image_url: 'x', buy_url: '' }] } as unknown as Partial<SettingsRecord>;
    expect(referenceLocation('merch', merch, 'merch_items[2].image_url')).toBe('Merch › item 3 (Canvas Tote) › Image');
    expect(referenceLocation('branding', {}, 'logo_url')).toBe('Branding › Logo');
  });

  it("names a team member by their name, else by their role (their 'title'), else by position alone", () => {
    const member = (name: string, title: string) => ({ name, title, bio: '', photo_url: 'x', socials: [] });
    const about = { about_team: [member('Grace QA', 'Host'), member('', 'Producer'), member(' ', '')] } as unknown as Partial<SettingsRecord>;
    expect(referenceLocation('about', about, 'about_team[0].photo_url')).toBe('About › item 1 (Grace QA) › Photo');
    expect(referenceLocation('about', about, 'about_team[1].photo_url')).toBe('About › item 2 (Producer) › Photo');
    expect(referenceLocation('about', about, 'about_team[2].photo_url')).toBe('About › item 3 › Photo');
  });
});

describe('mediaUsageByPath', () => {
  it('groups the usage of every referenced file by path', () => {
    const byPath = mediaUsageByPath({ draft, live });
    expect([...byPath.keys()].sort()).toEqual(['hero.png', 'logo.png', 'other.png']);
    expect(byPath.get('logo.png')!.map((u) => u.stage)).toEqual(['draft', 'live']);
  });
});

describe('mediaRenameReplacements', () => {
  it('maps every stored form of the old file, and its proxy URL, to the proxy URL of the new one', () => {
    const to = '/api/storage/proxy?bucket=media&path=poster.png';
    expect(mediaRenameReplacements({ draft, live }, 'hero.png', 'poster.png', { ownOrigins: ['https://punchline.example'] })).toEqual([
      { from: HERO, to },
      { from: 'https://punchline.example/api/storage/proxy?bucket=media&path=hero.png', to },
      { from: 'https://abc.supabase.co/storage/v1/object/public/media/hero.png', to },
    ]);
  });
});
