// Each corpus snippet (Python, JavaScript, PHP; XML-RPC proxies and JSON-RPC bodies) runs against the sandbox's deprecated interface and its conversion
// against JSON-2 and the database manager, each on a fresh copy of the same database; the printed results (ids
// included) must be equal. The object and common services, JSON-RPC bodies and the sales order here; the db service
// and the real-world shapes in files of their own (sandboxComparisonDbService, sandboxComparisonRealWorld), so that
// the three run side by side and none is long.
import type { SnippetLanguage } from './snippetRunner';
import { compareCorpusFiles } from './sandboxComparisonRunner';

const COMPARED: readonly (readonly [SnippetLanguage, string])[] = [
  ['python', 'python/object_service.py'],
  ['javascript', 'javascript/object_service.js'],
  ['php', 'php/object_service.php'],
  ['python', 'python/common_service.py'],
  ['python', 'python/jsonrpc_bodies.py'],
  ['javascript', 'javascript/jsonrpc_bodies.js'],
  ['php', 'php/jsonrpc_bodies.php'],
  ['python', 'python/sales_order.py'],
];

compareCorpusFiles(COMPARED);
