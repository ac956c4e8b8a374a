import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Issue 26's acceptance: no import cycle in the code we ship (type-only imports included: a cycle
 * of types is still two modules that cannot be understood one without the other). An earlier
 * session broke one cycle and a later change made another unnoticed, so this guards it. Imports
 * are read by the TypeScript compiler's own pre-processor; `@punchline/<workspace>` resolves to that
 * workspace's index, relative paths to the file they name.
 */
const ROOT = join(__dirname, '..', '..');
const WORKSPACES = ['domain', 'projections', 'eventstoredb', 'backend', 'frontend'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' || name === 'test-support' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  const workspace = /^@punchline\/([\w-]+)(?:\/(?:dist\/)?(.*))?$/.exec(spec);
  if (workspace) base = join(ROOT, workspace[1], workspace[2] ? join('src', workspace[2]) : join('src', 'index'));
  else if (spec.startsWith('.')) base = join(dirname(from), spec);
  else return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Strongly connected components of more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (;;) {
      const w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.map((f) => relative(ROOT, f)).sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('form no cycle in domain, projections, eventstoredb, backend or frontend', () => {
    const graph = new Map<string, string[]>();
    for (const file of WORKSPACES.flatMap((w) => sourceFiles(join(ROOT, w, 'src')))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      graph.set(file, importedFiles.map((i) => resolve(file, i.fileName)).filter((f): f is string => f !== null && f !== file));
    }
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph)).toEqual([]);
  });
});
