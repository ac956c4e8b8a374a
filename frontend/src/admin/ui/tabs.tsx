/** WAI-ARIA tabs: one tab stop for the list, arrow keys / Home / End move between tabs and select them. */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  // Which sides hide tabs (a phone shows four of six): those get a fade and an arrow (issue 12 point 7).
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  }, []);
  // The tabs are watched as well as the row: a web font or a stylesheet arriving late widens the
  // tabs while the row keeps its width, and only the tabs' own boxes report that.
  const tabsKey = tabs.map((t) => `${t.key}\u0000${t.label}`).join('\u0001');
  useEffect(() => {
    measure();
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    for (const tab of Array.from(list.children)) observer.observe(tab);
    return () => observer.disconnect();
  }, [measure, tabsKey]);
  // The selected tab is always in view, also when chosen with the arrow keys (only the tab row
  // scrolls: scrollIntoView would move the page too).
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(selected);
    if (!list || !tab) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft - 8;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth + 8;
  }, [selected]);
  const scrollBy = (direction: 1 | -1) => listRef.current?.scrollBy({ left: direction * listRef.current.clientWidth * 0.7, behavior: 'smooth' });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.key === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next].key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div className="kit-tabs">
      <div className={`kit-tabs__bar${more.start ? ' has-more-start' : ''}${more.end ? ' has-more-end' : ''}`}>
        {/* Pointer help only: keyboard users move through the tabs with the arrow keys. */}
        {more.start ? (
          <button type="button" className="kit-tabs__scroll kit-tabs__scroll--start" tabIndex={-1} aria-hidden="true" onClick={() => scrollBy(-1)}>
            ‹
          </button>
        ) : null}
        {more.end ? (
          <button type="button" className="kit-tabs__scroll kit-tabs__scroll--end" tabIndex={-1} aria-hidden="true" onClick={() => scrollBy(1)}>
            ›
          </button>
        ) : null}
        <div className="kit-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown} ref={listRef} onScroll={measure}>
          {tabs.map((tab) => {
            const active = tab.key === selected;
            return (
              <button
                key={tab.key}
                ref={(el) => {
                  if (el) refs.current.set(tab.key, el);
                  else refs.current.delete(tab.key);
                }}
                type="button"
                role="tab"
                id={tabId(tab.key)}
                className={`kit-tabs__tab${active ? ' is-active' : ''}`}
                aria-selected={active}
                aria-controls={panelId}
                tabIndex={active ? 0 : -1}
                onClick={() => onSelect(tab.key)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <div className="kit-tabs__panel" role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
