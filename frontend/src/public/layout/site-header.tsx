import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toProxyUrl, type ThemedPage } from '@punchline/domain';
import { PUBLIC_PAGES } from '../pages';
import { useSite } from '../site-context';
import { hrefForStage } from '../stage';
import { AdminIndicator } from './admin-indicator';
import { ResponsivePicture } from '../components/fallback-image';
import { usePublishedHeaderHeight } from './use-header-height';

export function SiteHeader({ current }: { current: ThemedPage }) {
  const site = useSite();
  const { settings, stage } = site;
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  usePublishedHeaderHeight(header);

  useEffect(() => {
    if (!open) return;
    // The disclosure navigation pattern: the open menu closes on Escape (focus back on its button),
    // on a tap outside it, and when focus moves on past it, so nothing focused is left behind it.
    const inMenu = (target: EventTarget | null) => target instanceof Node && (!!nav.current?.contains(target) || !!toggle.current?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (!inMenu(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  return (
    <header className="site-header" ref={header}>
      <div className="site-header__bar container">
        <Link className="brand" to={hrefForStage('/', site)} aria-label={`${settings.site_title} home`}>
          {settings.logo_url ? (
            <ResponsivePicture image={site.images?.[settings.logo_url]} sizes="40px">
              <img className="brand__logo" src={toProxyUrl(settings.logo_url)} alt="" width={40} height={40} />
            </ResponsivePicture>
          ) : null}
          <span className="brand__title" title={settings.site_title}>
            {settings.site_title}
          </span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="nav-toggle__icon" aria-hidden="true" />
          <span className="nav-toggle__label">{open ? 'Close' : 'Menu'}</span>
        </button>
        <nav ref={nav} id="site-nav" className={`site-nav${open ? ' is-open' : ''}`} aria-label="Main">
          <ul>
            {PUBLIC_PAGES.map((page) => (
              <li key={page.key}>
                <Link to={hrefForStage(page.path, site)} aria-current={page.key === current ? 'page' : undefined} onClick={() => setOpen(false)}>
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* After the menu in reading order, so Tab goes from the menu button straight into the menu. */}
        <AdminIndicator draft={stage === 'draft'} />
      </div>
    </header>
  );
}
