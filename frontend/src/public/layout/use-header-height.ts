import { useEffect, type RefObject } from 'react';

const PROPERTY = '--site-header-height';

/**
 * Publishes the sticky header's height, with the mobile menu closed, as --site-header-height on
 * <html>: public.css turns it into the page's scroll-padding (a focused control stops below the
 * header) and into the open menu's height limit. The height changes with the title's lines, the
 * admin badges and the viewport, so it is measured, not assumed.
 */
export function usePublishedHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    // The phone menu, open, makes the header taller; its own limit is what is left below the closed header.
    const phoneMenuOpen = () => {
      const toggle = element.querySelector('.nav-toggle');
      return !!element.querySelector('.site-nav.is-open') && !!toggle && getComputedStyle(toggle).display !== 'none';
    };
    const observer = new ResizeObserver(() => {
      if (!phoneMenuOpen()) root.style.setProperty(PROPERTY, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(PROPERTY);
    };
  }, [header]);
}
