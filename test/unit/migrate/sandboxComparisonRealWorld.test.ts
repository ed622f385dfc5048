// The real-world shapes of the corpus (helpers, wrappers, typed clients in Python, JavaScript, TypeScript and PHP):
// each snippet runs against the sandbox's deprecated interface and, converted, against JSON-2; the printed results
// must be equal (sandboxComparisonRunner.ts). A file of its own so that it runs beside the other comparisons.
import type { SnippetLanguage } from './snippetRunner';
import { compareCorpusFiles } from './sandboxComparisonRunner';

const COMPARED: readonly (readonly [SnippetLanguage, string])[] = [
  ['python', 'python/real_world_shapes.py'],
  ['javascript', 'javascript/real_world_shapes.js'],
  ['typescript', 'javascript/typed_client.ts'],
  ['php', 'php/real_world_shapes.php'],
];

compareCorpusFiles(COMPARED, 'shared');
