// The JSON-RPC bodies of the corpus (Python, JavaScript, PHP) and the sales order: each snippet runs against the
// sandbox's deprecated interface and, converted, against JSON-2; the printed results must be equal
// (sandboxComparisonRunner.ts). A file of its own so that it runs beside the other comparisons.
import type { SnippetLanguage } from './snippetRunner';
import { compareCorpusFiles } from './sandboxComparisonRunner';

const COMPARED: readonly (readonly [SnippetLanguage, string])[] = [
  ['python', 'python/jsonrpc_bodies.py'],
  ['javascript', 'javascript/jsonrpc_bodies.js'],
  ['php', 'php/jsonrpc_bodies.php'],
  ['python', 'python/sales_order.py'],
];

compareCorpusFiles(COMPARED, 'shared');
