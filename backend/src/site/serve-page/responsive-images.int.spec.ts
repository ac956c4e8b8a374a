import { databaseKinds } from '../../test-support/test-database';
import { type MediaApp, saveDraft, startMediaApp, uploaded } from '../../media/test-support/media-app.test-kit';
import { phonePhoto } from '../../media/test-support/photo-fixture';

/** Issue 13 point 3: public pages draw processed library images as <picture> with srcset and sizes; the hero is preloaded. */
describe.each(databaseKinds())('responsive images on the public pages on %s', (kind) => {
  let m: MediaApp;
  beforeAll(async () => {
    m = await startMediaApp(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  const page = async (path: string) => (await fetch(`${m.app.baseUrl}${path}`)).text();

  it('renders the hero and the who image as <picture> once their variants exist, and preloads the hero in AVIF', async () => {
    const { url } = await uploaded(m, 'hero.jpg', await phonePhoto({ width: 1700, height: 1300 }));
    await saveDraft(m.admin, { hero_image_url: url, who_image_url: url });
    expect((await m.admin.post('/api/settings/publish', {})).status).toBe(200);

    // Until processed the page shows the (clean) original; then it is rendered again with WebP and
    // the fallback, and once more when the AVIF step has run.
    // Generous: on a loaded CI machine the two steps of one photo can take tens of seconds.
    const deadline = Date.now() + 90_000;
    let html = await page('/');
    while (!html.includes('format=avif') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      html = await page('/');
    }
    expect(html).toContain('format=avif');
    const heroPicture = /<picture>(?:(?!<\/picture>).)*class="hero__image"(?:(?!<\/picture>).)*<\/picture>/s.exec(html)?.[0] ?? '';
    expect(heroPicture).toContain('<source type="image/avif" srcSet="/api/storage/proxy?bucket=media&amp;path=hero.jpg&amp;w=320&amp;format=avif 320w');
    expect(heroPicture).toContain('<source type="image/webp"');
    expect(heroPicture).toMatch(/<img[^>]+srcSet="[^"]*format=jpeg 1300w"[^>]+sizes="\(min-width: 1180px\) 560px, \(min-width: 900px\) 46vw, 92vw"/);
    expect(heroPicture).toMatch(/fetchPriority="high"/);
    expect(html).toMatch(/<link rel="preload" as="image" type="image\/avif" imagesrcset="[^"]*w=1280&amp;format=avif 1280w" imagesizes="[^"]+" fetchpriority="high">/);
    expect(html).toMatch(/<picture>(?:(?!<\/picture>).)*class="who__image"/s);
    // Each srcset entry answers the variant it names.
    const first = /srcSet="([^" ]+) 320w/.exec(heroPicture)![1]!.replace(/&amp;/g, '&');
    const res = await fetch(`${m.app.baseUrl}${first}`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/avif']);
    // Other pages carry no hero preload.
    expect(await page('/about')).not.toContain('rel="preload" as="image"');
  });
});
