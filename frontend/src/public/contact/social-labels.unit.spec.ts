import { contactSocialLinks, mailtoHref, socialHref, telHref } from './social-labels';

describe('contact links', () => {
  it('lists only the socials that are set, in a fixed order, with their labels', () => {
    expect(contactSocialLinks({ youtube: 'https://youtube.com/@punch', instagram: 'https://instagram.com/punch', tiktok: '' })).toEqual([
      { key: 'instagram', label: 'Instagram', url: 'https://instagram.com/punch' },
      { key: 'youtube', label: 'YouTube', url: 'https://youtube.com/@punch' },
    ]);
  });

  it('turns a bare @handle into the profile link of its platform', () => {
    expect(socialHref('instagram', '@punch.line')).toBe('https://www.instagram.com/punch.line');
    expect(socialHref('tiktok', '@punch')).toBe('https://www.tiktok.com/@punch');
    expect(socialHref('twitter', 'https://x.com/punch')).toBe('https://x.com/punch');
  });

  it('builds tel: and mailto: links', () => {
    expect(telHref('+1 (555) 010-2030')).toBe('tel:+15550102030');
    expect(mailtoHref('mailto:hi@punchline.test')).toBe('mailto:hi@punchline.test');
    expect(mailtoHref('hi@punchline.test')).toBe('mailto:hi@punchline.test');
  });
});
