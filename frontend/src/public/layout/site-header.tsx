import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toProxyUrl, type ThemedPage } from '@punchline/domain';
import { PUBLIC_PAGES } from '../pages';
import { useSite } from '../site-context';
import { hrefForStage } from '../stage';
import { AdminIndicator } from './admin-indicator';
import { ResponsivePicture } from '../components/fallback-image';

export function SiteHeader({ current }: { current: ThemedPage }) {
  const site = useSite();
  const { settings, stage } = site;
  const [open, setOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="site-header">
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
        {stage === 'draft' ? <span className="draft-flag">Draft preview</span> : null}
        <AdminIndicator />
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="nav-toggle__icon" aria-hidden="true" />
          <span className="nav-toggle__label">{open ? 'Close' : 'Menu'}</span>
        </button>
        <nav id="site-nav" className={`site-nav${open ? ' is-open' : ''}`} aria-label="Main">
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
      </div>
    </header>
  );
}
