/** Content for the public-site browser tests: a full season of a comedy collective, published through the real API. */

export const SEEDED_SETTINGS = {
  site_title: 'Punchline Collective',
  site_description: 'Stand-up, sketch and improv nights from a comedy production collective in Chicago.',
  site_keywords: 'comedy, stand-up, improv, Chicago',
  footer_text: '© 2025 Punchline Collective. Made with bad puns.',
  footer_links: [
    { label: 'Instagram', url: 'https://instagram.com/punchline' },
    { label: 'Newsletter', url: 'https://punchline.example/newsletter' },
  ],
  hero_title: 'Comedy that hits different',
  hero_subtext: 'Monthly stand-up showcases, late-night improv and sketch premieres from the funniest people we know.',
  hero_badge_enabled: true,
  hero_badge_label: 'Now booking spring shows',
  hero_image_url: 'https://images.invalid/hero.jpg',
  featured_video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  who_title: 'Six comics, one shared notebook',
  who_body: 'We started as an open-mic carpool and became a production company. Every show is written, rehearsed and produced by the collective.',
  who_cta_label: 'Meet the Team',
  who_cta_url: '/about',
  events_title: 'Shows & Tickets',
  events_intro: 'Grab a seat before they go: our rooms are small and the laughs are loud.',
  events_upcoming: [
    { title: 'Punchline Presents: Spring Showcase', date: 'April 12, 2026', venue: 'The Lantern Room, Chicago', link: 'https://tickets.example/spring' },
    { title: 'Late Night Improv Jam', date: 'April 19, 2026', venue: 'Second Floor Theatre', link: 'https://tickets.example/jam' },
    { title: 'Sketch Premiere: Office Hours', date: 'May 3, 2026', venue: 'Hideout Stage', link: '/contact' },
    { title: 'New Material Night', date: 'May 17, 2026', venue: 'The Lantern Room, Chicago', link: 'https://tickets.example/new' },
  ],
  events_past: [{ title: 'Winter Roast', date: 'December 14, 2025', venue: 'Hideout Stage', link: '' }],
  media_title: 'Clips & Photos',
  media_intro: 'Highlights from the stage, the green room and the occasional disaster.',
  media_sections: [
    {
      title: 'Stand-up Clips',
      items: [
        { type: 'video', title: 'Spring Showcase opener', url: 'https://vimeo.com/76979871' },
        { type: 'image', title: 'Backstage at the Lantern Room', url: 'https://images.invalid/backstage.jpg' },
        { type: 'image', title: 'Coming soon', url: '' },
      ],
    },
    { title: 'Archive', items: [{ type: 'image', title: 'Old flyer (hidden)', url: 'https://images.invalid/old.jpg' }] },
  ],
  merch_title: 'Merch',
  merch_intro: 'Wear the joke.',
  merch_items: [
    { title: 'Heckler Tee', price: '25', description: 'Soft cotton tee with our mic logo.', image_url: 'https://images.invalid/tee.jpg', buy_url: 'https://shop.example/tee' },
    { title: 'Tote of Shame', price: '$18', description: 'Carries groceries and regrets.', image_url: '', buy_url: 'https://shop.example/tote' },
  ],
  about_title: 'About the Collective',
  about_body: 'Punchline is a comedy production collective staging live stand-up, sketch and improv across Chicago.',
  about_mission_title: 'Our Mission',
  about_mission_body: 'Make rooms full of strangers laugh together, and pay comics fairly while we do it.',
  about_team_intro: 'The people writing, producing and occasionally bombing.',
  about_team: [
    { name: 'Maya Brooks', title: 'Artistic Director', bio: 'Stand-up, producer, owner of too many notebooks.', photo_url: '', socials: [{ label: 'Instagram', url: 'https://instagram.com/maya' }] },
    { name: 'Theo Park', title: 'Head Writer', bio: 'Sketch writer and reluctant morning person.', photo_url: 'https://images.invalid/theo.jpg', socials: [] },
  ],
  contact_title: 'Get in Touch',
  contact_intro: 'Bookings, press or a joke you cannot keep to yourself.',
  contactemail: 'hello@punchline.example',
  contactphone: '+1 (312) 555-0142',
  contact_socials: { instagram: 'https://instagram.com/punchline', youtube: 'https://youtube.com/@punchline' },
  contact_cards: [
    { title: 'Private events', description: 'Corporate parties, weddings and roasts.', link_label: 'Email bookings', link_url: 'mailto:bookings@punchline.example' },
    { title: 'Press', description: 'Interviews and review tickets.', link_label: '', link_url: '' },
  ],
};

interface Json {
  status: number;
  body: any;
}

async function call(baseUrl: string, cookie: string, method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { origin: baseUrl, cookie, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Saves `settings` over the draft and publishes it, as an admin in the General Settings screen would. */
export async function publishSettings(baseUrl: string, cookie: string, settings: Record<string, unknown>): Promise<void> {
  await saveDraftSettings(baseUrl, cookie, settings);
  const published = await call(baseUrl, cookie, 'POST', '/api/settings/publish', {});
  if (published.status !== 200) throw new Error(`publish answered ${published.status}: ${JSON.stringify(published.body)}`);
}

/** Saves `settings` over the current draft (holding the lock), without publishing. */
export async function saveDraftSettings(baseUrl: string, cookie: string, settings: Record<string, unknown>): Promise<void> {
  const lock = await call(baseUrl, cookie, 'POST', '/api/settings/lock/acquire', { ttlSeconds: 300 });
  if (lock.status !== 200) throw new Error(`lock answered ${lock.status}: ${JSON.stringify(lock.body)}`);
  const draft = await call(baseUrl, cookie, 'GET', '/api/settings?stage=draft');
  const { updated_at: _ignored, ...current } = draft.body as Record<string, unknown>;
  const saved = await call(baseUrl, cookie, 'PUT', '/api/settings?stage=draft', { ...current, ...settings });
  if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
}
