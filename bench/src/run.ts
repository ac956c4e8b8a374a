import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventStoreBench } from './event-store.bench';
import { replayBench } from './replay.bench';
import { settingsBench } from './settings.bench';
import { publicSiteBench } from './public-site.bench';
import { publicAnswersBench } from './public-answers.bench';
import { scaleBench } from './scale.bench';
import { historyBench } from './history.bench';
import { mediaBench } from './media.bench';
import { hostileBench } from './hostile.bench';
import { adminBench } from './admin.bench';
import { backupBench } from './backup.bench';
import { logTreeBench } from './log-tree.bench';
import { privacyBench } from './privacy.bench';
import { machineDescription, type Section } from './support';

/** `npm run bench [suite…]`: runs the benchmarks on real PostgreSQL and writes bench/RESULTS.md. */
const suites: Record<string, () => Promise<Section>> = {
  'event-store': eventStoreBench,
  replay: replayBench,
  settings: settingsBench,
  'public-site': publicSiteBench,
  'public-answers': publicAnswersBench,
  history: historyBench,
  media: mediaBench,
  hostile: hostileBench,
  'log-tree': logTreeBench,
  privacy: privacyBench,
  scale: scaleBench,
  admin: adminBench,
  backup: backupBench,
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(suites);
  const unknown = names.filter((n) => !suites[n]);
  if (unknown.length > 0) throw new Error(`Unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ')}`);
  const machine = await machineDescription();
  const sections: Section[] = [];
  for (const name of names) {
    process.stdout.write(`▶ ${name}\n`);
    const section = await suites[name]();
    for (const m of section.metrics) process.stdout.write(`  ${m.pass === false ? '✗' : '✓'} ${m.name}: ${m.value}${m.target ? ` (target ${m.target})` : ''}\n`);
    sections.push(section);
  }
  // Sections not run this time keep their last figures, with the date and the machine they were measured on.
  const resultsFile = join(__dirname, '..', '..', '..', 'RESULTS.md');
  const today = new Date().toISOString().slice(0, 10);
  const kept = wanted.length > 0 && existsSync(resultsFile) ? keptSections(readFileSync(resultsFile, 'utf8'), sections.map((s) => s.title)) : [];
  const lines = ['# Benchmark results', '', `Run on ${today} by \`npm run bench${wanted.length ? ` ${wanted.join(' ')}` : ''}\`.`, '', `Machine: ${machine}.`, ''];
  for (const s of sections) {
    lines.push(`## ${s.title}`, '', `Measured ${today} on ${machine}.`, '', '| metric | result | target | met |', '|---|---|---|---|');
    for (const m of s.metrics) lines.push(`| ${m.name} | ${m.value} | ${m.target ?? '—'} | ${m.pass === undefined ? '—' : m.pass ? 'yes' : '**no**'} |`);
    lines.push('', ...s.notes.map((n) => `- ${n}`), '');
  }
  lines.push(...kept);
  writeFileSync(resultsFile, lines.join('\n'));
  process.stdout.write(`Wrote bench/RESULTS.md\n`);
  if (sections.some((s) => s.metrics.some((m) => m.pass === false))) process.exitCode = 2;
}

/**
 * The `## …` sections of an earlier RESULTS.md whose titles were not measured again this run. A
 * section written before each one named its own date and machine takes them from that file's header.
 */
function keptSections(previous: string, replaced: string[]): string[] {
  const parts = previous.split(/^(?=## )/m).slice(1);
  const previousDate = /Run on (\d{4}-\d\d-\d\d)/.exec(previous)?.[1];
  const previousMachine = /^Machine: (.*)\.$/m.exec(previous)?.[1];
  const onMachine = previousMachine ? ` on ${previousMachine}` : '';
  return parts
    .filter((part) => !replaced.includes(part.slice(3, part.indexOf('\n')).trim()))
    .map((part) => {
      if (!/\nMeasured \d/.test(part)) return previousDate ? part.replace('\n\n', `\n\nMeasured ${previousDate}${onMachine}.\n\n`) : part;
      return part.replace(/\nMeasured (\d{4}-\d\d-\d\d)\.\n/, `\nMeasured $1${onMachine}.\n`);
    })
    .map((part) => part.trimEnd() + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
