import type { NextFunction, Request, Response } from 'express';

/** Deeper than any body this API takes (a settings record nests four levels). */
export const MAX_INPUT_DEPTH = 32;

export const INPUT_TEXTS = {
  nul: 'Text must not contain NUL characters.',
  surrogate: 'Text must be valid Unicode (it contains an unpaired surrogate).',
  depth: `The request nests too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
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
