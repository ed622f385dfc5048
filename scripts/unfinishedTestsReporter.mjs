// A reporter for node's test runner (scripts/runUnitTests.mjs adds it beside `spec`): at the end of the run it names
// the tests that had begun and not ended, so that a file that timed out or whose process died says which test hung.
// node's own reporters name only the tests that ended.
import path from 'node:path';

export default async function* unfinishedTests(source) {
  const running = new Map();
  for await (const event of source) {
    if (event.type !== 'test:dequeue' && event.type !== 'test:complete') continue;
    const { file, name, nesting } = event.data;
    // The runner's own test for each file is named by the file's path.
    if (!file || name === file) continue;
    const key = `${file}\u0000${nesting}\u0000${name}`;
    if (event.type === 'test:dequeue') running.set(key, { file, name, nesting });
    else running.delete(key);
  }
  if (running.size === 0) return;
  yield '\nTests that had begun and not ended when the run ended (in a file that timed out or stopped):\n';
  for (const test of running.values()) yield `  ${path.relative(process.cwd(), test.file)}: ${'  '.repeat(test.nesting)}${test.name}\n`;
}
