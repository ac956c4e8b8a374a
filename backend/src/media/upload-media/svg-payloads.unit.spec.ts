import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSvg } from './svg-check';
import { svgProblem } from './svg-allowlist';
import { sanitiserProblem } from './svg-sanitiser';

const FIXTURES = join(__dirname, '../test-support/svg-payloads');
const read = (kind: 'hostile' | 'benign') => readdirSync(join(FIXTURES, kind)).map((name) => ({ name, bytes: readFileSync(join(FIXTURES, kind, name)) }));

describe('known SVG payloads (issue 24: 17 of 48 got through before)', () => {
  it('refuses every one of them', () => {
    const hostile = read('hostile');
    expect(hostile.length).toBeGreaterThanOrEqual(48);
    const accepted = hostile.filter(({ bytes }) => checkSvg(bytes) === null).map(({ name }) => name);
    expect(accepted).toEqual([]);
  });

  it('accepts the drawings editors write, untouched by DOMPurify in anything that matters', () => {
    for (const { name, bytes } of read('benign')) expect({ name, problem: checkSvg(bytes) }).toEqual({ name, problem: null });
  });

  it('has two independent readings: most payloads are caught by each alone', () => {
    const caught = read('hostile').map(({ name, bytes }) => {
      const text = bytes.toString('utf8');
      return { name, allowlist: svgProblem(text) !== null, sanitiser: sanitiserProblem(text) !== null };
    });
    expect(caught.filter((c) => !c.allowlist)).toEqual([]);
    // DOMPurify does not judge CSS, DTDs or local-only links; what it does judge, it catches.
    expect(caught.filter((c) => c.sanitiser).length).toBeGreaterThanOrEqual(25);
  });
});
