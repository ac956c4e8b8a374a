/** Hex colours (SPEC §5) and the editor's colour helpers: contrast (WCAG 2) and tone adjustments (SPEC §9). */

export const HEX_COLOR_MESSAGE = 'Enter a 3- or 6-digit hex value such as #FFAA00.';

/**
 * Lenient reading used by the editor and the public pages: non-hex characters are stripped, the
 * rest is cut to 6 digits and upper-cased, 3 digits expand to 6. Returns '#RRGGBB', or null when
 * blank or invalid.
 */
export function parseHexColor(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const digits = input.replace(/[^0-9a-fA-F]/g, '').slice(0, 6).toUpperCase();
  if (digits.length === 3) return `#${[...digits].map((d) => d + d).join('')}`;
  if (digits.length === 6) return `#${digits}`;
  return null;
}

/** Blank or invalid values fall back to `fallback`. */
export function normaliseHexColor(input: unknown, fallback: string): string {
  return parseHexColor(input) ?? fallback;
}

export type HexColorCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * The server's stricter check: blank is fine ('' = default), otherwise only an optional '#' and
 * hex digits are accepted (then cut to 6 as in the lenient reading), so 'rgb(1,2,3)' is refused
 * rather than silently read as '#B123..'.
 */
export function checkHexColor(input: unknown): HexColorCheck {
  if (input === null || input === undefined) return { ok: true, value: '' };
  if (typeof input !== 'string') return { ok: false, message: HEX_COLOR_MESSAGE };
  const trimmed = input.trim();
  if (trimmed === '') return { ok: true, value: '' };
  if (!/^#?[0-9a-fA-F]+$/.test(trimmed)) return { ok: false, message: HEX_COLOR_MESSAGE };
  const value = parseHexColor(trimmed);
  return value === null ? { ok: false, message: HEX_COLOR_MESSAGE } : { ok: true, value };
}

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function toRgb(hex: string): Rgb | null {
  const parsed = parseHexColor(hex);
  if (parsed === null) return null;
  return {
    r: parseInt(parsed.slice(1, 3), 16),
    g: parseInt(parsed.slice(3, 5), 16),
    b: parseInt(parsed.slice(5, 7), 16),
  };
}

function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0').toUpperCase();
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white); null for an invalid colour. */
export function relativeLuminance(color: string): number | null {
  const rgb = toRgb(color);
  if (rgb === null) return null;
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

/** WCAG contrast ratio from 1 to 21; null when either colour is invalid. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la >= lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

export type ContrastLabel = 'AAA' | 'AA' | 'AA (large)' | 'Low';

export function contrastLabel(ratio: number): ContrastLabel {
  if (ratio >= 7) return 'AAA';
  if (ratio >= 4.5) return 'AA';
  if (ratio >= 3) return 'AA (large)';
  return 'Low';
}

export const LIGHT_TEXT_COLOR = '#FFFFFF';
export const DARK_TEXT_COLOR = '#111111';

/** The text colour (white or near-black) that contrasts more with `background`; white for an invalid background. */
export function contrastingTextColor(background: string): string {
  const light = contrastRatio(background, LIGHT_TEXT_COLOR);
  const dark = contrastRatio(background, DARK_TEXT_COLOR);
  if (light === null || dark === null) return LIGHT_TEXT_COLOR;
  return dark > light ? DARK_TEXT_COLOR : LIGHT_TEXT_COLOR;
}

/** Moves `color` by `amount` (0..1) toward `target`; null when either colour is invalid. */
export function mixColors(color: string, target: string, amount: number): string | null {
  const from = toRgb(color);
  const to = toRgb(target);
  if (from === null || to === null) return null;
  const t = Math.min(1, Math.max(0, amount));
  return toHex({
    r: from.r + (to.r - from.r) * t,
    g: from.g + (to.g - from.g) * t,
    b: from.b + (to.b - from.b) * t,
  });
}

export const COLOR_TONES = ['lighter', 'bolder', 'soft', 'highContrast'] as const;
export type ColorTone = (typeof COLOR_TONES)[number];

/** SPEC §9: lighter and bolder 18% (toward white, toward black), soft 25% toward grey, high contrast 35% toward white. */
export function adjustTone(color: string, tone: ColorTone): string | null {
  switch (tone) {
    case 'lighter':
      return mixColors(color, '#FFFFFF', 0.18);
    case 'bolder':
      return mixColors(color, '#000000', 0.18);
    case 'soft':
      return mixColors(color, '#808080', 0.25);
    case 'highContrast':
      return mixColors(color, '#FFFFFF', 0.35);
    default: {
      const _exhaustive: never = tone;
      return _exhaustive;
    }
  }
}
