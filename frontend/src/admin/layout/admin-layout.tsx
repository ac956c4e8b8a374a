import { useEffect, useId, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { LinkItem } from '@punchline/domain';
import { apiRequest } from '../../shared/api';
import { InactivityGuard } from '../session/inactivity-guard';
import { useSession } from '../../shared/session';
import { pendingBadgeText, usePendingResponses } from './pending-responses';
import { isExternalLink, quickLinksFrom } from './quick-links';
import { UserBox } from './user-box';
import './admin-layout.css';

/** SPEC §2: the five admin screens, in sidebar order. */
export const ADMIN_NAV = [
  { to: '/admin/general', label: 'General Settings', also: ['/admin'] },
  { to: '/admin/page-configurations', label: 'Page Configurations', also: [] },
  { to: '/admin/media', label: 'Media Manager', also: [] },
  { to: '/admin/contact-responses', label: 'Contact Responses', also: [] },
  { to: '/admin/audit', label: 'Audit Log', also: [] },
] as const;

/** DESIGN §15: what an auditor's sidebar offers (read-only). */
export const AUDITOR_NAV = [
  { to: '/admin/audit', label: 'Audit Log', also: [] },
  { to: '/admin/history', label: 'Site history', also: [] },
] as const;

function useQuickLinks(): LinkItem[] {
  const [links, setLinks] = useState<LinkItem[]>([]);
  useEffect(() => {
    let cancelled = false;
    void apiRequest('GET', '/api/settings?stage=live').then((result) => {
      // No settings yet (or an error) simply means no quick links.
      if (!cancelled && result.ok) setLinks(quickLinksFrom(result.body));
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return links;
}

/**
 * After moving to another admin screen, keyboard and screen-reader users land on the new screen's
 * heading instead of the top of the page (issue 12 point 7); the first screen keeps the browser's
 * own focus. The heading becomes focusable by script only (tabindex -1), not a tab stop.
 */
function useFocusOnScreenChange(pathname: string): void {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // One frame later: the new screen has rendered its heading.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById('admin-main');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      (heading ?? main)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** The admin frame (SPEC §2): sidebar with the five screens, quick links, the user box, and the screen. */
export function AdminLayout() {
  const location = useLocation();
  const { isAuditor } = useSession();
  const pending = pendingBadgeText(usePendingResponses(!isAuditor));
  const nav: readonly { to: string; label: string; also: readonly string[] }[] = isAuditor ? AUDITOR_NAV : ADMIN_NAV;
  const quickLinks = useQuickLinks();
  const [menuOpen, setMenuOpen] = useState(false);
  const sidebarId = useId();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useFocusOnScreenChange(location.pathname);

  return (
    <InactivityGuard>
      <div className={`admin-shell${menuOpen ? ' is-menu-open' : ''}`}>
        <a className="admin-skip" href="#admin-main">
          Skip to content
        </a>
        <header className="admin-topbar">
          <span className="admin-brand">Punchline Admin</span>
          <button type="button" className="admin-menu-toggle" aria-expanded={menuOpen} aria-controls={sidebarId} onClick={() => setMenuOpen((open) => !open)}>
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
            <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </header>
        <aside className="admin-sidebar" id={sidebarId}>
          <span className="admin-brand admin-sidebar__brand">Punchline Admin</span>
          <nav aria-label="Admin">
            <ul className="admin-nav">
              {nav.map((item) => {
                const current = location.pathname === item.to || (item.also as readonly string[]).includes(location.pathname);
                const badge = item.to === '/admin/contact-responses' ? pending : null;
                return (
                  <li key={item.to}>
                    <Link to={item.to} className={`admin-nav__link${current ? ' is-active' : ''}`} aria-current={current ? 'page' : undefined}>
                      <span>{item.label}</span>
                      {badge ? (
                        <span className="admin-nav__badge">
                          {badge}
                          <span className="visually-hidden"> unanswered</span>
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {quickLinks.length > 0 ? (
            <nav aria-labelledby={`${sidebarId}-quick`} className="admin-quick">
              <h2 id={`${sidebarId}-quick`} className="admin-quick__title">
                Quick Links
              </h2>
              <ul className="admin-quick__list">
                {quickLinks.map((link) => (
                  <li key={`${link.label}|${link.url}`}>
                    {isExternalLink(link.url) ? (
                      <a href={link.url} target="_blank" rel="noopener noreferrer">
                        {link.label}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <a href={link.url}>{link.label}</a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <a className="admin-view-site" href="/" target="_blank" rel="noopener">
            View site
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <UserBox />
        </aside>
        <main className="admin-main" id="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </InactivityGuard>
  );
}
