// The sandbox's folders depend one way: the folder graph built from every import of src/sandbox has no cycle.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { repoRoot } from '../cli/cliHarness';

const sandboxDir = path.join(repoRoot, 'src/sandbox');
/** The files directly in src/sandbox are the composition root: they may import every folder, no folder imports them. */
const ROOT = '(composition root)';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function folderOf(file: string): string {
  const parts = path.relative(sandboxDir, file).split(path.sep);
  return parts.length > 1 ? parts[0] : ROOT;
}

/** Folder → folder → one import that makes the edge (`file → module`), from static, type-only and dynamic imports. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(sandboxDir)) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const imported of info.importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), imported.fileName);
      if (!target.startsWith(sandboxDir + path.sep)) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from) as Map<string, string>;
      if (!edges.has(to)) edges.set(to, `${path.relative(sandboxDir, file)} → ${imported.fileName}`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one folder (Tarjan). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

test('the folders of src/sandbox import each other one way: no cycle, nothing imports the composition root', () => {
  const graph = folderGraph();
  assert.ok(graph.size > 5, `expected the sandbox's folders, found ${[...graph.keys()].join(', ')}`);
  const problems = cycles(graph).map((component) => {
    const edges = component.flatMap((from) =>
      [...(graph.get(from) ?? [])].filter(([to]) => component.includes(to)).map(([to, example]) => `  ${from} → ${to} (${example})`),
    );
    return `cycle between ${component.join(', ')}:\n${edges.join('\n')}`;
  });
  assert.deepEqual(problems, [], `folder cycles in src/sandbox:\n${problems.join('\n')}`);
  const intoRoot = [...graph].flatMap(([from, edges]) => (edges.has(ROOT) ? [`${from} (${edges.get(ROOT)})`] : []));
  assert.deepEqual(intoRoot, [], `folders that import the composition root: ${intoRoot.join(', ')}`);
});
