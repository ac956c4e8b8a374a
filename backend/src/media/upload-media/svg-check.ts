import { MEDIA_TYPE_TEXTS } from '@punchline/domain';
import { SVG_MAX_NODES, TOO_MANY_NODES, svgProblem } from './svg-allowlist';
import { sanitiserProblem } from './svg-sanitiser';

/** The largest SVG checked (issue 24 point 3): a logo or an illustration is far smaller. */
export const SVG_MAX_BYTES = 5 * 1024 * 1024;

export const SVG_LIMIT_TEXTS = {
  tooLarge: `An SVG may be at most ${SVG_MAX_BYTES / 1024 / 1024} MB and ${SVG_MAX_NODES.toLocaleString('en')} elements and attributes: simplify the drawing or export it as PNG or WebP.`,
  tooSlow: 'This SVG took too long to check: simplify the drawing or export it as PNG or WebP.',
} as const;

/**
 * The whole SVG check, as the worker runs it: our allowlist (XML parser, DTD, CSS, node cap) and
 * then, only for a file that passed it, DOMPurify's reading. Answers null or what was found.
 */
export function checkSvg(bytes: Uint8Array): string | null {
  if (bytes.length > SVG_MAX_BYTES) return SVG_LIMIT_TEXTS.tooLarge;
  // UTF-8 is what an SVG that passed the signature check is; a BOM is not part of the document.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8').replace(/^\uFEFF/, '');
  const problem = svgProblem(text);
  if (problem === TOO_MANY_NODES) return SVG_LIMIT_TEXTS.tooLarge;
  return problem ?? sanitiserProblem(text);
}

/** A limit's text is the whole answer; anything else is what was found in the drawing. */
export function svgRefusal(problem: string): string {
  return (Object.values(SVG_LIMIT_TEXTS) as string[]).includes(problem) ? problem : `${MEDIA_TYPE_TEXTS.activeSvg} Found: ${problem}.`;
}
