// The Python syntax tree of a text, parsed once for all its readers (a paste reads it as a requests call, then as
// deprecated RPC calls), and within a time budget when asked: the parser's error recovery on long malformed text costs
// far more than the text's length (60 KB of it took seconds), so a paste stops parsing and says so instead.
import type { Tree } from '@lezer/common';
import { parser } from '@lezer/python';

/** The text's parse took longer than the budget it was given. */
export class PythonParseTimeout extends Error {
  constructor(readonly budgetMs: number) {
    super(`parsing took more than ${budgetMs} ms of CPU time`);
    this.name = 'PythonParseTimeout';
  }
}

/** The last text parsed and its tree: the readers of one paste or one file ask for the same text in turn. */
let last: { readonly text: string; readonly tree: Tree } | undefined;

/** CPU time this process has used, in milliseconds: a budget in CPU time holds on a loaded machine too. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The syntax tree of `text` (with error nodes where it is not Python). With `budgetMs` (of CPU time), the parse
 * advances in steps and throws PythonParseTimeout once the budget is spent; without, it runs to the end.
 */
export function pythonTree(text: string, budgetMs?: number): Tree {
  if (last?.text === text) return last.tree;
  let tree: Tree;
  if (budgetMs === undefined) tree = parser.parse(text);
  else {
    const deadline = cpuMs() + budgetMs;
    const parse = parser.startParse(text);
    // A step is short and reading CPU time is a system call: it is read every few milliseconds of wall time only.
    let nextLook = performance.now();
    for (;;) {
      const done = parse.advance();
      if (done) {
        tree = done;
        break;
      }
      if (performance.now() >= nextLook) {
        if (cpuMs() > deadline) throw new PythonParseTimeout(budgetMs);
        nextLook = performance.now() + 5;
      }
    }
  }
  last = { text, tree };
  return tree;
}
