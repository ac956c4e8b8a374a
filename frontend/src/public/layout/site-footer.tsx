import { Link } from 'react-router';
import { PUBLIC_PAGES } from '../pages';
import { useSite } from '../site-context';
import { hrefForStage } from '../stage';
import { SmartLink } from '../components/stage-link';

export function SiteFooter() {
  const site = useSite();
  const { settings } = site;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          {/* The brand mark, not a paragraph nor a section heading (axe p-as-heading, issue 31). */}
          <div className="site-footer__title">{settings.site_title}</div>
          {settings.site_description ? <p className="site-footer__tagline">{settings.site_description}</p> : null}
        </div>
        <nav aria-labelledby="footer-sitemap">
          <h2 id="footer-sitemap" className="site-footer__heading">
            Sitemap
          </h2>
          <ul className="site-footer__list">
            {PUBLIC_PAGES.map((page) => (
              <li key={page.key}>
                <Link to={hrefForStage(page.path, site)}>{page.label}</Link>
              </li>
            ))}
            <li>
              {/* A full navigation into the admin app, and stage=draft is deliberately left behind. */}
              <a href="/admin">Admin Login</a>
            </li>
          </ul>
        </nav>
        {settings.footer_links.length > 0 ? (
          <nav aria-labelledby="footer-connect">
            <h2 id="footer-connect" className="site-footer__heading">
              Connect
            </h2>
            <ul className="site-footer__list">
              {settings.footer_links.map((link, i) => (
                <li key={`${link.url}-${i}`}>
                  <SmartLink href={link.url}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="container site-footer__legal">
        <p>{settings.footer_text}</p>
      </div>
    </footer>
  );
}
