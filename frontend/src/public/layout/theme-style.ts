/**
 * A page theme as CSS custom properties on the page's root element. Values go through React's
 * style object (never CSS text), each re-parsed as a hex colour, and derived ink colours keep text
 * readable whatever colours an admin picks.
 */
import type { CSSProperties } from 'react';
import { contrastRatio, contrastingTextColor, mixColors, parseHexColor, type PageTheme } from '@punchline/domain';

const AA = 4.5;

/** `color` if it reads at AA on `background`, else `color` moved toward `ink` until it does. */
export function readableOn(color: string, background: string, ink: string): string {
  for (let step = 0; step <= 10; step += 1) {
    const candidate = mixColors(color, ink, step / 10) ?? ink;
    if ((contrastRatio(candidate, background) ?? 0) >= AA) return candidate;
  }
  return ink;
}

export function themeStyle(theme: PageTheme): CSSProperties {
  const accent = parseHexColor(theme.accent) ?? '#FFD700';
  const bg = parseHexColor(theme.background) ?? '#050505';
  const headerBg = parseHexColor(theme.headerBackground) ?? '#000000';
  const headerInk = parseHexColor(theme.headerText) ?? contrastingTextColor(headerBg);
  const footerBg = parseHexColor(theme.footerBackground) ?? '#000000';
  const ink = contrastingTextColor(bg);
  const footerInk = contrastingTextColor(footerBg);
  return {
    '--accent': accent,
    '--accent-ink': contrastingTextColor(accent),
    '--accent-text': readableOn(accent, bg, ink),
    '--bg': bg,
    '--ink': ink,
    '--muted': readableOn(mixColors(ink, bg, 0.3) ?? ink, bg, ink),
    '--header-bg': headerBg,
    '--header-ink': headerInk,
    '--header-accent': readableOn(accent, headerBg, headerInk),
    '--footer-bg': footerBg,
    '--footer-ink': footerInk,
    '--footer-muted': readableOn(mixColors(footerInk, footerBg, 0.3) ?? footerInk, footerBg, footerInk),
    '--footer-accent': readableOn(accent, footerBg, footerInk),
    backgroundColor: bg,
    color: ink,
  } as CSSProperties;
}
