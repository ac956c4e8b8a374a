import type { SettingsRecord } from '../settings';
import { findMediaUsage, mediaRenameReplacements, mediaUsageByPath } from './media-usage';

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
      'draft: Home › hero_image_url',
      'draft: About › about_team[0].photo_url',
      'draft: Media › media_sections[0].items[0].url',
      'live: Home › hero_image_url',
      'live: Media › media_sections[0].items[0].url',
    ]);
    expect(usage[0]).toEqual({ stage: 'draft', location: 'Home › hero_image_url', field: 'hero_image_url', path: 'hero_image_url', url: HERO });
  });

  it('finds nothing for an unused file', () => {
    expect(findMediaUsage({ draft, live }, 'unused.png')).toEqual([]);
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
