import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '@punchline/domain';

/** Deeper than any body this API takes (a settings record nests four levels). */
export const MAX_INPUT_DEPTH = 32;

export const INPUT_TEXTS = {
  nul: 'Text must not contain NUL characters.',
  surrogate: 'Text must be valid Unicode (it contains an unpaired surrogate).',
  depth: `The request nests too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
  json: 'The request body is not valid JSON: send one JSON object, in UTF-8.',
} as const;

// A lone high surrogate (not followed by a low one) or a lone low surrogate (not preceded by a high one).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOfText(text: string): string | null {
  if (text.includes('\u0000')) return INPUT_TEXTS.nul;
  return LONE_SURROGATE.test(text) ? INPUT_TEXTS.surrogate : null;
}

/**
 * What is wrong with parsed input (a JSON body or a query object), or null. Walks iteratively, so
 * JSON nested 50,000 deep is a clear 400 instead of a RangeError in validation (issue 11), and
 * finds text PostgreSQL would refuse (NUL) or store mangled (unpaired surrogates) before any
 * handler can turn it into a 500 or echo the database's own message.
 */
export function inputProblem(input: unknown): string | null {
  const stack: [unknown, number][] = [[input, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = problemOfText(value);
      if (problem) return problem;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return INPUT_TEXTS.depth;
    for (const [key, child] of Object.entries(value)) {
      const problem = problemOfText(key);
      if (problem) return problem;
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max` containers, read from its bytes without parsing them.
 * JSON.parse of a million nested brackets holds the event loop for most of a second, and gzip makes
 * that body 2 KB: checked after the parse, twenty such requests from anyone stalled every other
 * answer for seconds. Brackets inside strings do not count; the text need not be valid JSON (the
 * parser refuses what is not).
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * express.json's `verify`, called with the (inflated) body before it is parsed: a body nesting
 * deeper than any this API takes is refused with the same 400 the guard below gives after parsing.
 */
export function refuseDeepJson(_req: IncomingMessage, _res: ServerResponse, body: Buffer): void {
  // inputProblem takes containers at levels 0 to MAX_INPUT_DEPTH - 1: MAX_INPUT_DEPTH of them nested.
  if (jsonNestsDeeperThan(body, MAX_INPUT_DEPTH)) throw new DomainError('INVALID_INPUT', INPUT_TEXTS.depth);
}

/**
 * Express error middleware right after the body parsers. A body JSON.parse refuses would otherwise
 * leave with V8's own words about it, which echo the body and mislead: `null` is valid JSON that
 * the strict parser refuses as "not valid JSON", and UTF-8 labelled UTF-16 comes back as CJK text.
 */
export function refuseUnparsableJson(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const type = (error as { type?: unknown } | null)?.type;
  next(type === 'entity.parse.failed' ? new DomainError('INVALID_INPUT', INPUT_TEXTS.json) : error);
}

/** Express middleware after the body parsers: refuses hostile text or nesting with 400 and our own message. */
export function inputGuard(req: Request, res: Response, next: NextFunction): void {
  const problem = inputProblem(req.query) ?? inputProblem(req.body) ?? problemOfText(safeDecode(req.path));
  if (problem) {
    res.status(400).json({ error: problem, code: 'INVALID_INPUT' });
    return;
  }
  next();
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
