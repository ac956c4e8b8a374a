import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { BootFailedBoundary } from './shared/boot-failed';
import { SessionProvider } from './shared/session';
import { SiteDataProvider } from './public/site-context';
import { readSiteData } from './public/site-data';
import './shared/shared.css';
import './public/public.css';

// Server-rendered pages set this in their head before the first paint (seo/head-tags.ts); a page
// that arrives without it (Vite's dev server hands out index.html as it is) gets it here, so the
// phone menu sits behind its button there too instead of the no-script layout.
document.documentElement.classList.add('js');

const root = document.getElementById('root');
if (!root) throw new Error('Failed to locate the #root element. The page is missing its mount point.');

const data = readSiteData(document);
// The boundary sits outside the providers too, so a failure anywhere below it still shows SPEC §8's text.
const app = (
  <StrictMode>
    <BootFailedBoundary>
      <BrowserRouter>
        <SessionProvider>
          <SiteDataProvider data={data}>
            <App />
          </SiteDataProvider>
        </SessionProvider>
      </BrowserRouter>
    </BootFailedBoundary>
  </StrictMode>
);

// Server-rendered public pages hydrate; the admin shell arrives empty and renders on the client.
if (data && root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
