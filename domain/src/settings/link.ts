/**
 * Links (SPEC §5, DESIGN §6). Rules, in order:
 * - blank → '';
 * - `javascript:`, `vbscript:`, `data:`, `livescript:` → refused, also when disguised by case,
 *   whitespace, control or invisible characters, HTML entities or percent-encoding;
 * - `//host` (also with backslashes, which browsers read as slashes) → `https://host`;
 * - starting with `/`, `#` or `?` → kept;
 * - a scheme: http, https, mailto, tel kept (scheme lower-cased); any other scheme refused;
 * - email-like → `mailto:` prefix; `www.` or a domain-like first segment (with optional port) → `https://` prefix;
 * - anything else: kept as typed (URL fields are normalised on every keystroke, so a half-typed
 *   'exam' must survive until it becomes 'example.com'), or, for footer and quick links
 *   (`bareToHttps`), given `https://` (SPEC's '{host}' placeholder read as the https:// prefix).
 */
import type { ContactSocialKey, ContactSocials, LinkItem } from './settings-record';
import { isRecord } from './object-guard';
import { CONTACT_SOCIAL_KEYS } from './settings-record';

export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const DANGEROUS_LINK_SCHEMES = ['javascript', 'vbscript', 'data', 'livescript'] as const;

/** The longest link accepted (SETTINGS_LIMITS.urlLength): checked before any pattern runs. */
export const LINK_MAX_LENGTH = 2_048;
/** The longest link label (the text limit of the record). */
export const LINK_LABEL_MAX_LENGTH = 500;
export const LINK_TOO_LONG_MESSAGE = `Too long: at most ${LINK_MAX_LENGTH.toLocaleString('en-US')} characters.`;
export const LINK_LABEL_TOO_LONG_MESSAGE = `Too long: at most ${LINK_LABEL_MAX_LENGTH} characters.`;

export const DANGEROUS_LINK_MESSAGE = 'This link is not allowed: javascript:, data: and vbscript: links are blocked.';
export const LINK_SCHEME_MESSAGE = 'Links must start with http://, https://, mailto: or tel:, or with /, # or ?.';

export interface LinkOptions {
  /** Footer links and quick links: values without a scheme get https://. */
  bareToHttps?: boolean;
}

export type LinkCheck =
  | { ok: true; value: string }
  | { ok: false; value: ''; reason: 'dangerous' | 'scheme' | 'length'; message: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const EMAIL_LIKE = /^[^\s@/:?#]+@[^\s@/:?#]+\.[^\s@/:?#]+$/;
const DOMAIN_LIKE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?$/i;

/** Removes C0/C1 control characters and invisible format characters (zero-width, BOM, soft hyphen). */
export function stripInvisible(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    const invisible =
      code <= 0x1f ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0xad ||
      (code >= 0x200b && code <= 0x200f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x2060 ||
      code === 0xfeff;
    // Tabs and newlines are dropped rather than kept, as browsers drop them from URLs.
    if (!invisible) out += ch;
  }
  return out;
}

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: ' ',
  sol: '/',
  bsol: '\\',
  period: '.',
  lpar: '(',
  rpar: ')',
  excl: '!',
  amp: '&',
};

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => safeFromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => safeFromCodePoint(parseInt(dec, 10)))
    .replace(/&([a-z]+);/gi, (m, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? m);
}

function safeFromCodePoint(code: number): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function safePercentDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What a browser (or a careless renderer) might make of the value's start: decoded, without any whitespace, lower-cased. */
function probes(cleaned: string): string[] {
  const squash = (v: string) => stripInvisible(v).replace(/\s+/g, '').toLowerCase();
  const entityDecoded = squash(decodeEntities(decodeEntities(cleaned)));
  return [squash(cleaned), entityDecoded, squash(safePercentDecode(entityDecoded))];
}

const REFUSED_MESSAGES = { dangerous: DANGEROUS_LINK_MESSAGE, scheme: LINK_SCHEME_MESSAGE, length: LINK_TOO_LONG_MESSAGE } as const;

const refused = (reason: keyof typeof REFUSED_MESSAGES): LinkCheck => ({ ok: false, value: '', reason, message: REFUSED_MESSAGES[reason] });

/**
 * Answers of checkLink by option and input. A save reads the whole record several times (the
 * check of the request, the decision, the projection, the answer) and a season's record holds
 * hundreds of links that rarely change: the probes above were a third of a save's time. Bounded:
 * emptied when full, so hostile input cannot grow it.
 */
const CHECKED = new Map<string, LinkCheck>();
const CHECKED_MAX = 4_096;

export function checkLink(input: unknown, options: LinkOptions = {}): LinkCheck {
  if (typeof input !== 'string') return { ok: true, value: '' };
  const key = `${options.bareToHttps ? '1' : '0'}${input}`;
  const known = CHECKED.get(key);
  if (known) return known;
  const answer = Object.freeze(checkLinkUncached(input, options));
  if (CHECKED.size >= CHECKED_MAX) CHECKED.clear();
  CHECKED.set(key, answer);
  return answer;
}

function checkLinkUncached(input: string, options: LinkOptions): LinkCheck {
  // Before any pattern: the domain and email patterns backtrack on long runs (issue 11: a
  // 50,000-character link held the event loop for seconds); no real link is this long.
  if (input.length > LINK_MAX_LENGTH) return refused('length');
  const cleaned = stripInvisible(input).trim();
  if (cleaned === '') return { ok: true, value: '' };

  for (const probe of probes(cleaned)) {
    const scheme = SCHEME.exec(probe)?.[1];
    if (scheme && (DANGEROUS_LINK_SCHEMES as readonly string[]).includes(scheme)) return refused('dangerous');
  }

  const leadingSlashes = /^[/\\]{2,}/.exec(cleaned);
  if (leadingSlashes) {
    const rest = cleaned.slice(leadingSlashes[0].length);
    return rest === '' ? { ok: true, value: '' } : { ok: true, value: `https://${rest}` };
  }
  if (/^[/#?]/.test(cleaned)) return { ok: true, value: cleaned };

  const schemeMatch = SCHEME.exec(cleaned);
  if (schemeMatch) {
    const scheme = schemeMatch[1].toLowerCase();
    const afterColon = cleaned.slice(schemeMatch[0].length);
    // 'example.com:8080/x' looks like a scheme but is a host with a port.
    if (scheme.includes('.') && /^\d{1,5}(?:[/?#]|$)/.test(afterColon) && DOMAIN_LIKE.test(firstSegment(cleaned))) {
      return { ok: true, value: `https://${cleaned}` };
    }
    if ((ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme)) return { ok: true, value: scheme + cleaned.slice(scheme.length) };
    return refused('scheme');
  }
  // A scheme hidden behind spaces or entities ('foo bar:x', 'tel&colon;1') is not a plain value either.
  if (probes(cleaned).some((probe) => SCHEME.test(probe))) return refused('scheme');

  if (EMAIL_LIKE.test(cleaned)) return { ok: true, value: `mailto:${cleaned}` };
  if (/^www\./i.test(cleaned) || DOMAIN_LIKE.test(firstSegment(cleaned))) return { ok: true, value: `https://${cleaned}` };
  return { ok: true, value: options.bareToHttps ? `https://${cleaned}` : cleaned };
}

function firstSegment(value: string): string {
  return value.split(/[/?#]/, 1)[0];
}

/** Total version of `checkLink`: refused links read as ''. */
export function normaliseLink(input: unknown, options: LinkOptions = {}): string {
  return checkLink(input, options).value;
}

/** Reports a refused link found at `path` (server validation); readings pass nothing. */
export type IssueReporter = (path: string, message: string) => void;

/** How many raw items of a link list are looked at, whatever was sent. */
const LINK_LIST_READ_LIMIT = 200;

export interface LinkListOptions extends LinkOptions {
  max: number;
}

/**
 * Keeps only items whose label and url are both strings, normalises the url, drops items whose
 * url ends up empty (blank or refused) and truncates to `max`.
 */
export function normaliseLinkList(input: unknown, options: LinkListOptions, report?: IssueReporter, path = ''): LinkItem[] {
  if (!Array.isArray(input)) return [];
  const out: LinkItem[] = [];
  // Extra items are dropped (SPEC: at most max); only a bounded number of raw items is read at all.
  input.slice(0, LINK_LIST_READ_LIMIT).forEach((item, index) => {
    if (!isRecord(item) || typeof item.label !== 'string' || typeof item.url !== 'string') return;
    const check = checkLink(item.url, options);
    if (!check.ok) report?.(`${path}[${index}].url`, check.message);
    const label = item.label.trim();
    if (label.length > LINK_LABEL_MAX_LENGTH) report?.(`${path}[${index}].label`, LINK_LABEL_TOO_LONG_MESSAGE);
    if (check.value === '') return;
    out.push({ label, url: check.value });
  });
  return out.slice(0, options.max);
}

/** Team member socials: a list of {label, url} or a map of label → url; always a list afterwards. */
export function normaliseSocialLinks(input: unknown, max: number, report?: IssueReporter, path = ''): LinkItem[] {
  const list = isRecord(input) && !Array.isArray(input) ? Object.entries(input).map(([label, url]) => ({ label, url })) : input;
  return normaliseLinkList(list, { max }, report, path);
}

/** Keeps only the five known keys with non-empty (normalised) values. */
export function normaliseContactSocials(input: unknown, report?: IssueReporter, path = ''): ContactSocials {
  if (!isRecord(input) || Array.isArray(input)) return {};
  const out: ContactSocials = {};
  for (const key of CONTACT_SOCIAL_KEYS) {
    const check = checkLink(input[key]);
    if (!check.ok) report?.(`${path}.${key}`, check.message);
    if (check.value !== '') out[key as ContactSocialKey] = check.value;
  }
  return out;
}

/** Every key of a contact_socials map that is not one of the five known ones. */
export function unknownContactSocialKeys(input: unknown): string[] {
  if (!isRecord(input) || Array.isArray(input)) return [];
  return Object.keys(input).filter((key) => !(CONTACT_SOCIAL_KEYS as readonly string[]).includes(key));
}

/** SPEC §2: an event gets a Get Tickets link only when its link starts with http. */
export function isExternalHttpLink(link: string): boolean {
  return /^https?:/i.test(link);
}
