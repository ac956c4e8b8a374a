import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The SVG rule (issue 11, DESIGN §14): an uploaded SVG may hold drawing and nothing else. An
 * allowlist, not a list of known attacks: every element must be an SVG drawing element (or inert
 * metadata of a known editor), every attribute a known drawing attribute, every reference local
 * ('#id') or an embedded raster image. The file is read as XML, so spelling tricks (namespaced
 * script, entity-encoded schemes, whitespace) meet the parsed document, not a pattern.
 *
 * Refused, not rewritten: the library keeps exactly the bytes the admin uploaded, and the admin
 * learns what to remove. Answers null for a safe file, else what was found, for the error text.
 */
export function svgProblem(text: string): string | null {
  // Entities are where billion-laughs and entity-encoded payloads live; real drawings have none.
  if (/<!ENTITY/i.test(text)) return 'an entity declaration';
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) return `malformed XML (${valid.err.msg})`;
  let nodes: XmlNode[];
  try {
    nodes = PARSER.parse(text) as XmlNode[];
  } catch (error) {
    return `malformed XML (${(error as Error).message})`;
  }
  let root: string | null = null;
  for (const node of nodes) {
    const name = elementName(node);
    if (name === null) continue;
    if (name === '?xml') continue;
    // A stylesheet processing instruction fetches CSS from anywhere.
    if (name.startsWith('?')) return `the processing instruction <${name}>`;
    if (root !== null) return 'more than one root element';
    root = name;
    const problem = checkElement(node, name, new Map(), true);
    if (problem) return problem;
  }
  return root === null ? 'no <svg> element' : null;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** What drawing editors leave behind (Inkscape, Sodipodi, Illustrator, Sketch, Affinity, RDF licence data): never rendered, never run. */
const INERT_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://purl.org/dc/elements/1.1/',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.serif.com/',
]);

const ELEMENTS = new Set(
  (
    'svg g defs symbol use title desc metadata switch view a style ' +
    'path rect circle ellipse line polyline polygon text tspan textPath image ' +
    'linearGradient radialGradient stop pattern clipPath mask marker filter ' +
    'feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting ' +
    'feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR ' +
    'feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight ' +
    'feSpecularLighting feSpotLight feTile feTurbulence ' +
    'animate animateMotion animateTransform mpath set'
  )
    .split(' ')
    .map((name) => name.toLowerCase()),
);

const ATTRIBUTES = new Set(
  (
    // Structure and geometry
    'id class style lang tabindex role version baseprofile viewbox preserveaspectratio x y x1 y1 x2 y2 ' +
    'cx cy r rx ry fx fy fr width height d points transform pathlength href ' +
    'gradientunits gradienttransform spreadmethod offset patternunits patterncontentunits patterntransform ' +
    'clippathunits maskunits maskcontentunits markerunits markerwidth markerheight refx refy orient ' +
    'filterunits primitiveunits in in2 result stddeviation mode operator k1 k2 k3 k4 values type ' +
    'tablevalues slope intercept amplitude exponent order kernelmatrix divisor bias targetx targety ' +
    'edgemode kernelunitlength preservealpha surfacescale diffuseconstant specularconstant ' +
    'specularexponent scale xchannelselector ychannelselector dx dy radius basefrequency numoctaves ' +
    'seed stitchtiles azimuth elevation z pointsatx pointsaty pointsatz limitingconeangle ' +
    'textlength lengthadjust startoffset method spacing rotate side path target ' +
    'requiredfeatures requiredextensions systemlanguage enable-background focusable ' +
    // Presentation
    'alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation ' +
    'color-interpolation-filters color-profile color-rendering cursor direction display ' +
    'dominant-baseline fill fill-opacity fill-rule filter flood-color flood-opacity font font-family ' +
    'font-size font-size-adjust font-stretch font-style font-variant font-weight ' +
    'glyph-orientation-horizontal glyph-orientation-vertical image-rendering kerning letter-spacing ' +
    'lighting-color marker marker-start marker-mid marker-end mask mask-type opacity overflow paint-order ' +
    'pointer-events shape-rendering stop-color stop-opacity stroke stroke-dasharray stroke-dashoffset ' +
    'stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity stroke-width text-anchor ' +
    'text-decoration text-rendering transform-origin unicode-bidi vector-effect visibility ' +
    'word-spacing writing-mode mix-blend-mode isolation solid-color solid-opacity ' +
    // Animation (attributeName is checked: SMIL may not set a link)
    'attributename attributetype begin dur end min max restart repeatcount repeatdur calcmode ' +
    'keytimes keysplines keypoints from to by additive accumulate'
  ).split(' '),
);

const XLINK_ATTRIBUTES = new Set(['href', 'title', 'type', 'role', 'arcrole', 'actuate', 'show']);

/** Elements whose link is followed when the drawing renders: only inside the file, or an embedded raster. */
const RENDERED_LINKS = new Set(['image', 'feimage']);
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=]*$/i;
const WEB_LINK = /^(?:https?:|mailto:)/i;
const ANIMATIONS = new Set(['animate', 'animatemotion', 'animatetransform', 'set']);

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const PARSER = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  processEntities: false,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  allowBooleanAttributes: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
});

function elementName(node: XmlNode): string | null {
  const name = Object.keys(node).find((key) => key !== ':@');
  return name === undefined || name === '#text' || name === '#comment' || name === '#cdata' ? null : name;
}

function splitName(qualified: string): { prefix: string | null; local: string } {
  const colon = qualified.indexOf(':');
  return colon < 0 ? { prefix: null, local: qualified } : { prefix: qualified.slice(0, colon), local: qualified.slice(colon + 1) };
}

/**
 * An attribute value as the browser reads it: character references decoded, and for links the
 * whitespace and control characters a URL parser drops ('java&#9;script:' is still a scheme).
 */
function decoded(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);
}

// Control characters are exactly what a URL parser strips, so matching them is the point here.
// eslint-disable-next-line no-control-regex
const compact = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');

/** CSS may fetch (url(), @import) and old engines ran script from it: only local references. */
function cssProblem(css: string): string | null {
  const flat = compact(decoded(css)).toLowerCase();
  if (flat.includes('@import')) return 'a stylesheet @import';
  if (/expression\(|javascript:|vbscript:|-moz-binding|behavior:/.test(flat)) return 'script in a style';
  // indexOf, not a pattern: 'url(url(url(…' without a ')' must stay linear.
  for (let at = flat.indexOf('url('); at >= 0; at = flat.indexOf('url(', at)) {
    const close = flat.indexOf(')', at);
    const inside = flat.slice(at + 4, close < 0 ? flat.length : close);
    if (!/^["']?#/.test(inside)) return 'a style that loads an outside resource';
    if (close < 0) break;
    at = close;
  }
  return null;
}

function checkElement(node: XmlNode, qualified: string, parentScope: ReadonlyMap<string, string>, isRoot: boolean): string | null {
  const attributes = node[':@'] ?? {};
  // Namespace declarations apply to the element that makes them and its descendants.
  let scope = parentScope;
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === parentScope) scope = new Map(parentScope);
      (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), value);
    }
  }
  const { prefix, local } = splitName(qualified);
  const namespace = prefix === null ? (scope.get('') ?? SVG_NS) : scope.get(prefix);
  if (namespace === undefined) return `the element <${qualified}> with an undeclared prefix`;
  const inert = INERT_NAMESPACES.has(namespace);
  if (!inert && (namespace !== SVG_NS || !ELEMENTS.has(local.toLowerCase()))) return `the element <${qualified}>`;
  if (isRoot && (inert || local !== 'svg')) return `<${qualified}> as the root element (it must be <svg>)`;

  const element = local.toLowerCase();
  for (const [name, raw] of Object.entries(attributes)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const problem = checkAttribute(element, inert, name, raw, scope);
    if (problem) return problem;
  }

  const children = node[qualified];
  if (!Array.isArray(children)) return null;
  for (const child of children as XmlNode[]) {
    const name = elementName(child);
    if (name === null) {
      if (element === 'style') {
        const css = textOf(child);
        const problem = css === null ? null : cssProblem(css);
        if (problem) return problem;
      }
      continue;
    }
    if (name.startsWith('?')) return `the processing instruction <${name}>`;
    const problem = checkElement(child, name, scope, false);
    if (problem) return problem;
  }
  return null;
}

function textOf(node: XmlNode): string | null {
  if (typeof node['#text'] === 'string') return node['#text'];
  const cdata = node['#cdata'];
  if (Array.isArray(cdata)) return (cdata as XmlNode[]).map((part) => (typeof part['#text'] === 'string' ? part['#text'] : '')).join('');
  return null;
}

function checkAttribute(element: string, inertElement: boolean, qualified: string, raw: string, scope: ReadonlyMap<string, string>): string | null {
  const value = decoded(raw);
  const { prefix, local } = splitName(qualified);
  const name = local.toLowerCase();
  // Whatever the element, a script scheme anywhere in a value is refused.
  if (/(?:javascript|vbscript|livescript):/i.test(compact(value))) return `a script link in ${qualified}`;
  if (name.startsWith('on')) return `the event handler ${qualified}`;
  if (inertElement) return null;

  let isLink = false;
  if (prefix === null) {
    if (!ATTRIBUTES.has(name) && !name.startsWith('data-') && !name.startsWith('aria-')) return `the attribute ${qualified} on <${element}>`;
    isLink = name === 'href';
  } else {
    const namespace = prefix === 'xml' ? XML_NS : scope.get(prefix);
    if (namespace === XLINK_NS) {
      if (!XLINK_ATTRIBUTES.has(name)) return `the attribute ${qualified}`;
      isLink = name === 'href';
    } else if (namespace === XML_NS) {
      if (name !== 'space' && name !== 'lang') return `the attribute ${qualified}`;
    } else if (namespace === undefined || !INERT_NAMESPACES.has(namespace)) {
      return `the attribute ${qualified}`;
    }
  }

  if (isLink) {
    const link = compact(value);
    const allowed = link.startsWith('#') || (RENDERED_LINKS.has(element) ? EMBEDDED_RASTER.test(link) : element === 'a' && WEB_LINK.test(link));
    if (!allowed) return `the link ${qualified}="${raw.slice(0, 80)}" on <${element}>`;
  }
  // SMIL may not animate a link into something else, nor an event handler into existence.
  if (name === 'attributename' && ANIMATIONS.has(element) && /href|^on/i.test(compact(value))) return `an animation of ${value}`;
  if (name === 'style' || value.includes('url(')) return cssProblem(value);
  return null;
}
