import { createContext, useContext, type ReactNode } from 'react';
import type { SiteData } from './site-data';

const SiteDataContext = createContext<SiteData | null>(null);

/** The settings a public page renders from: embedded by the server, or fetched on a client-side visit. */
export function SiteDataProvider({ data, children }: { data: SiteData | null; children: ReactNode }) {
  return <SiteDataContext.Provider value={data}>{children}</SiteDataContext.Provider>;
}

export function useSiteDataOrNull(): SiteData | null {
  return useContext(SiteDataContext);
}

/** Inside the public layout the data is always there (the layout waits for it). */
export function useSite(): SiteData {
  const data = useContext(SiteDataContext);
  if (!data) throw new Error('useSite() outside the public layout');
  return data;
}
