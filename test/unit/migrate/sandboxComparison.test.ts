// Each corpus snippet (Python, JavaScript, PHP; XML-RPC proxies and JSON-RPC bodies) runs against the sandbox's deprecated interface and its conversion
// against JSON-2 and the database manager, each on a fresh copy of the same database; the printed results (ids
// included) must be equal.
import type { SnippetLanguage } from './snippetRunner';
import { compareCorpusFiles } from './sandboxComparisonRunner';

const COMPARED: readonly (readonly [SnippetLanguage, string])[] = [
  ['python', 'python/object_service.py'],
  ['javascript', 'javascript/object_service.js'],
  ['php', 'php/object_service.php'],
  ['python', 'python/common_service.py'],
  ['python', 'python/db_service.py'],
  ['javascript', 'javascript/common_db_service.js'],
  ['php', 'php/common_db_service.php'],
  ['python', 'python/jsonrpc_bodies.py'],
  ['javascript', 'javascript/jsonrpc_bodies.js'],
  ['php', 'php/jsonrpc_bodies.php'],
  ['python', 'python/real_world_shapes.py'],
  ['javascript', 'javascript/real_world_shapes.js'],
  ['typescript', 'javascript/typed_client.ts'],
  ['php', 'php/real_world_shapes.php'],
  ['python', 'python/sales_order.py'],
];

compareCorpusFiles(COMPARED);
