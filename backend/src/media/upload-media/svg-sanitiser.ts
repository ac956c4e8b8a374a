import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';

/**
 * The kept sanitiser (issue 24 point 1): DOMPurify with its SVG profiles, run on a copy only to see
 * what it would take out. The library keeps the admin's bytes, so nothing is rewritten: if
 * DOMPurify would remove anything that matters, the file is refused and the admin is told what.
 * It is a second, independently maintained reading next to our allowlist (`svg-allowlist.ts`):
 * a payload has to fool both.
 *
 * `use`, `animate` and `set` are added to its profile: our allowlist already admits them only with
 * a local reference and never animating a link or a handler, and logos use them.
 */
const CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  ADD_TAGS: ['use', 'animate', 'set'],
  ADD_ATTR: ['role', 'to', 'from'],
};

let purify: DOMPurify | null = null;

function sanitiser(): DOMPurify {
  // jsdom is loaded on the first SVG, not with the module: it is half a second and ~50 MB of every
  // process that imports the media code (the app, and npm run backup/restore, which never use it).
  if (!purify) {
    const { JSDOM } = require('jsdom') as typeof Jsdom;
    purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  }
  return purify;
}

/**
 * What DOMPurify would remove that matters, or null. Not counted: the <body> it parses the file
 * into, namespace declarations, and editors' prefixed data (`inkscape:label`, `<sodipodi:namedview>`,
 * RDF licence data), which our allowlist has already placed in a known inert namespace.
 */
export function sanitiserProblem(text: string): string | null {
  const dompurify = sanitiser();
  dompurify.sanitize(text, CONFIG);
  for (const removed of dompurify.removed) {
    if ('element' in removed && removed.element) {
      const name = removed.element.nodeName;
      if (name === 'BODY' || isEditorData(name)) continue;
      return `<${name}>, which DOMPurify's SVG profile removes`;
    }
    if ('attribute' in removed && removed.attribute) {
      const name = removed.attribute.name;
      if (name === 'xmlns' || name.startsWith('xmlns:') || isEditorData(name)) continue;
      const from = (removed as { from?: { nodeName?: string } }).from?.nodeName ?? 'an element';
      return `the attribute ${name} on <${from}>, which DOMPurify's SVG profile removes`;
    }
  }
  return null;
}

/** A prefixed name other than xlink: and xml: (those carry links and are judged). */
function isEditorData(name: string): boolean {
  const colon = name.indexOf(':');
  if (colon < 0) return false;
  const prefix = name.slice(0, colon).toLowerCase();
  return prefix !== 'xlink' && prefix !== 'xml';
}
