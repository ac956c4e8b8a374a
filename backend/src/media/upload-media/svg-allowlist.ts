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
  const declaration = dtdProblem(text);
  if (declaration) return declaration;
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) return `malformed XML (${valid.err.msg})`;
  let nodes: XmlNode[];
  try {
    nodes = PARSER.parse(text) as XmlNode[];
  } catch (error) {
    return `malformed XML (${(error as Error).message})`;
  }
  let root: string | null = null;
  const budget = { nodes: SVG_MAX_NODES };
  for (const node of nodes) {
    const name = elementName(node);
    if (name === null) continue;
    if (name === '?xml') continue;
    // A stylesheet processing instruction fetches CSS from anywhere.
    if (name.startsWith('?')) return `the processing instruction <${name}>`;
    if (root !== null) return 'more than one root element';
    root = name;
    const problem = checkElement(node, name, new Map(), true, budget);
    if (problem) return problem;
  }
  return root === null ? 'no <svg> element' : null;
}

/** Elements and attributes one SVG may hold (issue 24): more is not a logo, and costs seconds to read. */
export const SVG_MAX_NODES = 200_000;
export const TOO_MANY_NODES = `more than ${SVG_MAX_NODES.toLocaleString('en')} elements and attributes`;

/**
 * Declarations live only in a DOCTYPE's internal subset: entities (billion laughs, entity-encoded
 * payloads) and attribute defaults (`<!ATTLIST svg onload CDATA "…">` gives every <svg> a handler
 * the parsed elements never show). Real drawings have none; an external DTD reference (Illustrator's
 * `PUBLIC "-//W3C//DTD SVG 1.1//EN"`) is never fetched by a browser and stays allowed.
 * indexOf, not a pattern, so the scan stays linear.
 */
function dtdProblem(text: string): string | null {
  const lower = text.toLowerCase();
  if (lower.includes('<!entity')) return 'an entity declaration';
  for (const kind of ['attlist', 'element', 'notation']) if (lower.includes(`<!${kind}`)) return `a DTD declaration (<!${kind.toUpperCase()}>)`;
  const doctype = lower.indexOf('<!doctype');
  if (doctype < 0) return null;
  if (lower.indexOf('<!doctype', doctype + 1) >= 0) return 'more than one DOCTYPE';
  const end = lower.indexOf('>', doctype);
  const subset = lower.indexOf('[', doctype);
  if (subset >= 0 && (end < 0 || subset < end)) return 'a DOCTYPE with an internal subset ([…])';
  return null;
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

/**
 * CSS (issue 24 point 1): a plain allowlist, read by a small parser rather than searched for known
 * attacks. Properties from a list of drawing and text properties; values of plain words, numbers,
 * colours and quoted names, with only the functions of a drawing (colours, transforms, filters,
 * timing) and `url()` only to a fragment of this document. No escapes at all (`\75 rl(`,
 * `@\69mport` are how the old filter was passed), no at-rules but @media and @keyframes.
 */
const CSS_PROPERTIES = new Set(
  (
    'alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation color-interpolation-filters ' +
    'color-rendering direction display dominant-baseline fill fill-opacity fill-rule filter flood-color flood-opacity ' +
    'font font-family font-size font-size-adjust font-stretch font-style font-variant font-weight font-kerning ' +
    'font-feature-settings font-variation-settings font-variant-ligatures font-variant-caps font-variant-numeric ' +
    'font-variant-east-asian font-variant-position font-variant-alternates glyph-orientation-horizontal ' +
    'glyph-orientation-vertical image-rendering isolation kerning letter-spacing lighting-color line-height marker ' +
    'marker-start marker-mid marker-end mask mask-type mix-blend-mode opacity overflow paint-order pointer-events ' +
    'shape-rendering solid-color solid-opacity stop-color stop-opacity stroke stroke-dasharray stroke-dashoffset ' +
    'stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity stroke-width text-anchor text-align ' +
    'text-decoration text-decoration-line text-decoration-style text-decoration-color text-indent text-orientation ' +
    'text-rendering text-transform unicode-bidi vector-effect visibility white-space word-spacing writing-mode ' +
    'enable-background shape-inside shape-padding shape-margin inline-size background-color ' +
    'transform transform-origin transform-box x y cx cy r rx ry width height d will-change ' +
    'animation animation-name animation-duration animation-timing-function animation-delay ' +
    'animation-iteration-count animation-direction animation-fill-mode animation-play-state ' +
    'transition transition-property transition-duration transition-timing-function transition-delay'
  ).split(' '),
);

const CSS_FUNCTIONS = new Set(
  (
    'url rgb rgba hsl hsla hwb lab lch oklab oklch color-mix ' +
    'matrix matrix3d translate translatex translatey translate3d scale scalex scaley scale3d rotate rotatex rotatey ' +
    'rotatez rotate3d skew skewx skewy perspective ' +
    'blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia ' +
    'cubic-bezier steps calc min max clamp'
  ).split(' '),
);

const AT_RULES_WITH_RULES = new Set(['media', 'keyframes', '-webkit-keyframes']);
const CSS_VALUE_CHARACTERS = /^[a-z0-9\s#.,%+\-*/()'"!_]*$/i;
const FRAGMENT_URL = /^\s*(["']?)#[\w.:-]*\1\s*$/;
const CSS_NAME_CHARACTER = /[a-z0-9-]/i;

/** A CSS value (a declaration's, or a presentation attribute's that names a paint server). */
function cssValueProblem(value: string): string | null {
  if (value.includes('\\')) return 'a CSS escape (\\)';
  // Each '(' with the name before it; indexOf keeps 'url(url(url(…' linear.
  for (let open = value.indexOf('('); open >= 0; open = value.indexOf('(', open + 1)) {
    let start = open;
    while (start > 0 && CSS_NAME_CHARACTER.test(value[start - 1]!)) start -= 1;
    const name = value.slice(start, open).toLowerCase();
    if (name === 'url') {
      const close = value.indexOf(')', open);
      if (!FRAGMENT_URL.test(value.slice(open + 1, close < 0 ? value.length : close))) return 'a style that loads an outside resource';
      if (close < 0) break;
      open = close;
    } else if (name !== '' && !CSS_FUNCTIONS.has(name)) {
      return `the CSS function ${name}()`;
    }
  }
  if (!CSS_VALUE_CHARACTERS.test(value)) return `the CSS value "${value.slice(0, 80)}"`;
  return null;
}

/** `prop: value; …` as in a style attribute or inside a rule's braces. */
function cssDeclarationsProblem(text: string): string | null {
  for (const declaration of text.split(';')) {
    if (declaration.trim() === '') continue;
    const colon = declaration.indexOf(':');
    if (colon < 0) return cssValueProblem(declaration) ?? `the CSS "${declaration.trim().slice(0, 80)}"`;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    if (!CSS_PROPERTIES.has(property) && !/^-inkscape-[a-z-]+$/.test(property)) return `the CSS property ${property.slice(0, 80)}`;
    const problem = cssValueProblem(declaration.slice(colon + 1).trim());
    if (problem) return problem;
  }
  return null;
}

/** A style attribute. */
function cssProblem(css: string): string | null {
  if (css.includes('\\')) return 'a CSS escape (\\)';
  return cssDeclarationsProblem(stripCssComments(css) ?? '/*');
}

/** A <style> element: rules, @media and @keyframes blocks of rules. */
function stylesheetProblem(css: string): string | null {
  if (css.includes('\\')) return 'a CSS escape (\\)';
  const plain = stripCssComments(css);
  if (plain === null) return 'an unclosed CSS comment';
  const state = { at: 0 };
  const problem = rulesProblem(plain, state, 0);
  if (problem) return problem;
  return state.at < plain.length ? 'unbalanced braces in a style' : null;
}

function stripCssComments(css: string): string | null {
  let out = '';
  let at = 0;
  for (let open = css.indexOf('/*'); open >= 0; open = css.indexOf('/*', at)) {
    const close = css.indexOf('*/', open + 2);
    if (close < 0) return null;
    out += css.slice(at, open) + ' ';
    at = close + 2;
  }
  return out + css.slice(at);
}

/** Reads rules from state.at until a '}' closing the enclosing block (or the end at depth 0). */
function rulesProblem(css: string, state: { at: number }, depth: number): string | null {
  for (;;) {
    const next = nextOf(css, state.at, '{', '}', ';');
    const prelude = css.slice(state.at, next < 0 ? css.length : next).trim();
    if (next < 0) return prelude === '' ? ((state.at = css.length), null) : `the CSS "${prelude.slice(0, 80)}"`;
    const mark = css[next];
    if (mark === '}') {
      if (prelude !== '') return `the CSS "${prelude.slice(0, 80)}"`;
      if (depth === 0) return 'unbalanced braces in a style';
      state.at = next + 1;
      return null;
    }
    if (prelude.startsWith('@')) {
      const name = /^@([a-z-]*)/i.exec(prelude)![1]!.toLowerCase();
      if (mark === ';' || !AT_RULES_WITH_RULES.has(name) || depth >= 2) return `the CSS at-rule @${name}`;
      if (!CSS_VALUE_CHARACTERS.test(prelude.slice(name.length + 1).replace(/[:<>=]/g, ''))) return `the CSS "${prelude.slice(0, 80)}"`;
      state.at = next + 1;
      const inner = rulesProblem(css, state, depth + 1);
      if (inner) return inner;
      continue;
    }
    if (mark === ';') return `the CSS "${prelude.slice(0, 80)}"`;
    // A selector only chooses elements of this drawing; its declarations are what may fetch.
    const close = css.indexOf('}', next + 1);
    if (close < 0) return 'unbalanced braces in a style';
    const body = css.slice(next + 1, close);
    if (body.includes('{')) return 'unbalanced braces in a style';
    const problem = cssDeclarationsProblem(body);
    if (problem) return problem;
    state.at = close + 1;
  }
}

function nextOf(text: string, from: number, ...marks: string[]): number {
  let best = -1;
  for (const mark of marks) {
    const at = text.indexOf(mark, from);
    if (at >= 0 && (best < 0 || at < best)) best = at;
  }
  return best;
}

function checkElement(node: XmlNode, qualified: string, parentScope: ReadonlyMap<string, string>, isRoot: boolean, budget: { nodes: number }): string | null {
  const attributes = node[':@'] ?? {};
  budget.nodes -= 1 + Object.keys(attributes).length;
  if (budget.nodes < 0) return TOO_MANY_NODES;
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
        const problem = css === null ? null : stylesheetProblem(css);
        if (problem) return problem;
      }
      continue;
    }
    if (name.startsWith('?')) return `the processing instruction <${name}>`;
    const problem = checkElement(child, name, scope, false, budget);
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
  // Presentation attributes are CSS values to a browser: '\\75 rl(' in fill= is url( there.
  if (value.includes('\\')) return `a CSS escape (\\) in ${qualified}`;
  if (name === 'style') return cssProblem(value);
  if (/url\s*\(/i.test(value)) return cssValueProblem(value);
  return null;
}
