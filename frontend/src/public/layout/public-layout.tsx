import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { resolvePageTheme } from '@punchline/domain';
import { documentTitle, publicPageOf } from '../pages';
import { SiteDataProvider, useSiteDataOrNull } from '../site-context';
import type { SiteData } from '../site-data';
import { MaintenancePage } from '../maintenance/maintenance-page';
import { loadSiteData } from './load-site-data';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { themeStyle } from './theme-style';

/**
 * The public chrome around the six pages. Server-rendered pages arrive with their settings; a
 * client-side visit from the admin area fetches them first.
 */
export function PublicLayout() {
  const embedded = useSiteDataOrNull();
  const location = useLocation();
  const [fetched, setFetched] = useState<SiteData | null>(null);
  const wantsDraft = new URLSearchParams(location.search).get('stage') === 'draft';
  const data = embedded ?? fetched;

  useEffect(() => {
    if (embedded) return;
    let cancelled = false;
    loadSiteData(wantsDraft).then((d) => !cancelled && setFetched(d), () => undefined);
    return () => {
      cancelled = true;
    };
  }, [embedded, wantsDraft]);

  if (!data) return <div className="site-loading" aria-busy="true" />;
  return (
    <SiteDataProvider data={data}>
      {data.maintenance ? <MaintenancePage /> : <PublicChrome pathname={location.pathname} />}
    </SiteDataProvider>
  );
}

function PublicChrome({ pathname }: { pathname: string }) {
  const data = useSiteDataOrNull() as SiteData;
  const page = publicPageOf(pathname)?.key ?? 'home';
  const title = documentTitle(data.settings, page);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    // A client-side page change starts at the top, like a page load would.
    window.scrollTo(0, 0);
  }, [pathname]);

  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    // After a client-side page change (not the first load), focus would stay on the link that was
    // followed, far down the old page, and nothing would be read out: it goes to the new page's heading.
    const target = main.current?.querySelector<HTMLElement>('h1') ?? main.current;
    target?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={`site site--${page}`} style={themeStyle(resolvePageTheme(data.settings, page))}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {data.asOf ? <HistoryBanner asOf={data.asOf} /> : null}
      <SiteHeader current={page} />
      <main id="main" tabIndex={-1} ref={main}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** DESIGN §13: an admin looking at live as it was; the way back to today is one click. */
function HistoryBanner({ asOf }: { asOf: NonNullable<SiteData['asOf']> }) {
  const when = asOf.occurredAt ? new Date(asOf.occurredAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' }) : 'before the first change';
  return (
    <div className="history-banner" role="status">
      <span>
        Viewing the site as it was on <time dateTime={asOf.occurredAt ?? undefined}>{when}</time>.
      </span>{' '}
      <a href="/">See the site as it is now</a>
    </div>
  );
}
