import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * ARCHITECTURE.md's worked examples list every file a command touches and what each file names.
 * A map nobody checks drifts (issue 26 found the old one four files short and its controller wrong),
 * so this reads each `<!-- map: … -->` list and checks every file exists and still names its symbol.
 */
const ROOT = join(__dirname, '..', '..');
const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

interface MapLine {
  map: string;
  file: string;
  symbol: string;
}

function mapLines(): MapLine[] {
  const lines: MapLine[] = [];
  for (const block of doc.matchAll(/<!-- map: ([\w-]+) -->\n([\s\S]*?)<!-- \/map -->/g)) {
    for (const line of block[2].split('\n').filter((l) => l.startsWith('- '))) {
      const match = /^- `([^`]+)` — `([^`]+)`/.exec(line);
      if (!match) throw new Error(`ARCHITECTURE map ${block[1]}: a line is not "- \`file\` — \`symbol\`: …": ${line}`);
      lines.push({ map: block[1], file: match[1], symbol: match[2] });
    }
  }
  return lines;
}

describe('ARCHITECTURE.md maps', () => {
  const lines = mapLines();

  it('has the worked example', () => {
    expect(new Set(lines.map((l) => l.map))).toContain('delete-snapshot');
  });

  it.each(lines.map((l) => [l.map, l.file, l.symbol]))('%s: %s names %s', (_map, file, symbol) => {
    const path = join(ROOT, file);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toContain(symbol);
  });
});
