import { existsSync, readFileSync, readdirSync } from 'node:fs';
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

  it('has the worked example, the publish map and the pieces every command shares', () => {
    expect(new Set(lines.map((l) => l.map))).toEqual(new Set(['delete-snapshot', 'publish', 'shared-by-every-command']));
  });

  // Issue 26's acceptance: publish, from the dialog to the read model, touches at most 12 files.
  it('maps publish in at most 12 files, each named once', () => {
    const publish = lines.filter((l) => l.map === 'publish').map((l) => l.file);
    expect(publish.length).toBeLessThanOrEqual(12);
    expect(new Set(publish).size).toBe(publish.length);
  });

  // The write path has no bus hop: a controller states the domain command and calls the aggregate's facade.
  it('sends publish straight to the site facade, without a command bus', () => {
    const controller = lines.find((l) => l.map === 'publish' && l.file.endsWith('.http.controller.ts'));
    if (!controller) throw new Error('the publish map names no controller');
    const source = readFileSync(join(ROOT, controller.file), 'utf8');
    expect(source).not.toMatch(/CommandBus|@nestjs\/cqrs/);
    expect(source).toContain('this.site.execute(actor,');
  });

  // ARCHITECTURE 'Start here': @nestjs/cqrs carries queries only; no command goes through a bus.
  it('has no command bus or command handler left in the backend', () => {
    const backend = join(ROOT, 'backend', 'src');
    const sources = readdirSync(backend, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
    const offenders = sources.filter((f) => /\bCommandBus\b|@CommandHandler\(|import \{[^}]*\bCommand\b[^}]*\} from '@nestjs\/cqrs'/.test(readFileSync(join(backend, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it.each(lines.map((l) => [l.map, l.file, l.symbol]))('%s: %s names %s', (_map, file, symbol) => {
    const path = join(ROOT, file);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toContain(symbol);
  });
});
