import { useEffect } from 'react';
import { resolvePageTheme, toProxyUrl } from '@punchline/domain';
import { documentTitle } from '../pages';
import { useSite } from '../site-context';
import { themeStyle } from '../layout/theme-style';

/** SPEC §2, §4: replaces the whole site while maintenance is on (draft views bypass it). */
export function MaintenancePage() {
  const { settings } = useSite();
  const title = documentTitle(settings, 'maintenance');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="site maintenance" style={themeStyle(resolvePageTheme(settings, 'home'))}>
      <main id="main" className="maintenance__panel">
        {settings.logo_url ? <img className="maintenance__logo" src={toProxyUrl(settings.logo_url)} alt={settings.site_title} width={96} height={96} /> : <p className="maintenance__brand">{settings.site_title}</p>}
        <h1 className="maintenance__title">We’ll be right back</h1>
        <p className="maintenance__message">{settings.maintenance_message}</p>
      </main>
    </div>
  );
}
