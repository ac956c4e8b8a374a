/**
 * Custom CSS font sizes (SPEC §5): at most 120 characters and one of a number with a unit, a
 * clamp/min/max/calc expression, or var(--name) with an optional fallback. Anything else reads as
 * '' (the preset applies). The check is a small parser over an allowlist of characters, so no
 * `;`, `}`, quotes, comments, `url(` or other functions can ever reach a style value.
 */
import { CSS_SIZE_MAX_LENGTH } from './settings-record';

export const CSS_SIZE_UNITS = ['rem', 'em', 'px', 'vw', 'vh', 'ch', '%'] as const;

const ALLOWED_CHARS = /^[A-Za-z0-9.%+\-*/(), _]*$/;

/** Returns the trimmed, whitespace-collapsed size, or '' when it is not an accepted size. */
export function normaliseCssSize(input: unknown): string {
  if (typeof input !== 'string') return '';
  const value = input.trim().replace(/\s+/g, ' ');
  if (value === '' || value.length > CSS_SIZE_MAX_LENGTH || !ALLOWED_CHARS.test(value)) return '';
  return new SizeParser(value).parseTop() ? value : '';
}

export function isValidCssSize(input: unknown): boolean {
  return normaliseCssSize(input) !== '';
}

class SizeParser {
  private pos = 0;

  constructor(private readonly text: string) {}

  parseTop(): boolean {
    try {
      const ok = this.peekLetter() ? this.func() : this.number({ needUnit: true, allowSign: false });
      return ok && this.pos === this.text.length;
    } catch {
      return false;
    }
  }

  private peek(): string {
    return this.text[this.pos] ?? '';
  }

  private peekLetter(): boolean {
    return /[A-Za-z]/.test(this.peek());
  }

  private skipSpace(): boolean {
    const start = this.pos;
    while (this.peek() === ' ') this.pos += 1;
    return this.pos > start;
  }

  private expect(ch: string): void {
    this.skipSpace();
    if (this.peek() !== ch) throw new Error(`expected ${ch}`);
    this.pos += 1;
  }

  /** A number, optionally with a unit (required at the top level). */
  private number(options: { needUnit: boolean; allowSign: boolean }): boolean {
    const rest = this.text.slice(this.pos);
    const match = (options.allowSign ? /^[+-]?(\d+(\.\d+)?|\.\d+)([A-Za-z]+|%)?/ : /^(\d+(\.\d+)?|\.\d+)([A-Za-z]+|%)?/).exec(rest);
    if (!match) return false;
    const unit = match[3]?.toLowerCase();
    if (unit !== undefined && !(CSS_SIZE_UNITS as readonly string[]).includes(unit)) return false;
    if (unit === undefined && options.needUnit) return false;
    this.pos += match[0].length;
    return true;
  }

  private func(): boolean {
    const match = /^[A-Za-z]+/.exec(this.text.slice(this.pos));
    if (!match) return false;
    const name = match[0].toLowerCase();
    this.pos += match[0].length;
    if (this.peek() !== '(') return false;
    this.pos += 1;
    if (name === 'var') return this.varBody();
    const arity = name === 'calc' ? [1, 1] : name === 'clamp' ? [3, 3] : name === 'min' || name === 'max' ? [1, 8] : null;
    if (arity === null) return false;
    let count = 0;
    for (;;) {
      if (!this.sum()) return false;
      count += 1;
      this.skipSpace();
      if (this.peek() === ',') {
        this.pos += 1;
        continue;
      }
      break;
    }
    this.expect(')');
    return count >= arity[0] && count <= arity[1];
  }

  private varBody(): boolean {
    this.skipSpace();
    const match = /^--[A-Za-z0-9_-]+/.exec(this.text.slice(this.pos));
    if (!match) return false;
    this.pos += match[0].length;
    this.skipSpace();
    if (this.peek() === ',') {
      this.pos += 1;
      if (!this.sum()) return false;
    }
    this.expect(')');
    return true;
  }

  /** Sums need spaces around + and -, as CSS does. */
  private sum(): boolean {
    if (!this.product()) return false;
    for (;;) {
      const save = this.pos;
      const spaced = this.skipSpace();
      const op = this.peek();
      if (spaced && (op === '+' || op === '-') && this.text[this.pos + 1] === ' ') {
        this.pos += 1;
        if (!this.product()) return false;
        continue;
      }
      this.pos = save;
      return true;
    }
  }

  private product(): boolean {
    if (!this.term()) return false;
    for (;;) {
      const save = this.pos;
      this.skipSpace();
      const op = this.peek();
      if (op === '*' || op === '/') {
        this.pos += 1;
        if (!this.term()) return false;
        continue;
      }
      this.pos = save;
      return true;
    }
  }

  private term(): boolean {
    this.skipSpace();
    const ch = this.peek();
    if (ch === '(') {
      this.pos += 1;
      if (!this.sum()) return false;
      this.expect(')');
      return true;
    }
    if (this.peekLetter()) return this.func();
    return this.number({ needUnit: false, allowSign: true });
  }
}
