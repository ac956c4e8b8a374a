/** Page Configurations (SPEC §2): the content of the six public pages, one tab each, under the shared editing header. */
import { useSearchParams } from 'react-router';
import { EditorFields, EditorScreen } from '../editor/editor-screen';
import type { LockTiming } from '../editor/draft-lock';
import { Tabs } from '../ui/tabs';
import { AboutTab } from './about-tab';
import { ContactTab } from './contact-tab';
import { EventsTab } from './events-tab';
import { HomeTab } from './home-tab';
import { MediaTab } from './media-tab';
import { MerchTab } from './merch-tab';

export const PAGE_TABS = [
  { key: 'home', label: 'Home' },
  { key: 'about', label: 'About' },
  { key: 'events', label: 'Events' },
  { key: 'media', label: 'Media' },
  { key: 'merch', label: 'Merch' },
  { key: 'contact', label: 'Contact' },
] as const;

export type PageTabKey = (typeof PAGE_TABS)[number]['key'];

export function pageTabFrom(value: string | null): PageTabKey {
  return PAGE_TABS.find((tab) => tab.key === value)?.key ?? 'home';
}

const TAB_CONTENT: Record<PageTabKey, () => React.JSX.Element> = {
  home: HomeTab,
  about: AboutTab,
  events: EventsTab,
  media: MediaTab,
  merch: MerchTab,
  contact: ContactTab,
};

export function PageConfigurationsPage({ timing }: { timing?: Partial<LockTiming> }) {
  // The tab lives in the URL, so a reload or a shared link opens the same tab.
  const [params, setParams] = useSearchParams();
  const tab = pageTabFrom(params.get('tab'));
  const Content = TAB_CONTENT[tab];
  const label = PAGE_TABS.find((t) => t.key === tab)?.label ?? 'Home';
  return (
    <EditorScreen screen="pages" timing={timing}>
      <Tabs
        label="Pages"
        tabs={PAGE_TABS}
        selected={tab}
        onSelect={(key) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
      >
        <EditorFields legend={`${label} page fields`}>
          <Content />
        </EditorFields>
      </Tabs>
    </EditorScreen>
  );
}
