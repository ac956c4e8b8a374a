import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { SessionProvider } from './shared/session';
import faviconUrl from './public/assets/favicon.svg';
import { publicPageOf } from './public/pages';
import { headTags } from './public/seo/head-tags';
import { SiteDataProvider } from './public/site-context';
import { siteDataScript, type SiteData } from './public/site-data';

export { PUBLIC_PAGES, PUBLIC_PATHS, publicPageOf } from './public/pages';
export type { SiteData, SiteStage } from './public/site-data';

export interface RenderInput {
  /** Path and query of the request ('/events?stage=draft'). */
  url: string;
  data: SiteData;
  /** External origin for canonical links (PUBLIC_BASE_URL). */
  baseUrl: string;
}

/** The three pieces the server puts into index.html's <!--app-head-->, <!--app-html--> and <!--app-data--> markers. */
export interface RenderResult {
  head: string;
  html: string;
  data: string;
}

/** Renders a public page (or the maintenance page) to HTML on the server (DESIGN §9). */
export function render({ url, data, baseUrl }: RenderInput): RenderResult {
  const pathname = url.split(/[?#]/, 1)[0] || '/';
  const page = data.maintenance ? 'maintenance' : (publicPageOf(pathname)?.key ?? 'home');
  const html = renderToString(
    <StaticRouter location={url}>
      <SessionProvider>
        <SiteDataProvider data={data}>
          <App />
        </SiteDataProvider>
      </SessionProvider>
    </StaticRouter>,
  );
  return { head: headTags({ settings: data.settings, page, baseUrl, defaultFaviconUrl: faviconUrl, images: data.images }), html, data: siteDataScript(data) };
}

/** The <head> of the client-rendered admin shell: no content worth indexing. */
export function adminShellHead(): string {
  return `<title>Admin</title>\n    <meta name="robots" content="noindex">\n    <link rel="icon" href="${faviconUrl}">`;
}
