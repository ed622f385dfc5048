// Each corpus snippet (Python, JavaScript, PHP; XML-RPC proxies and JSON-RPC bodies) runs against the sandbox's deprecated interface and its conversion
// against JSON-2 and the database manager, each on a fresh copy of the same database; the printed results (ids
// included) must be equal. The object and common services here; the JSON-RPC bodies and the sales order, the db
// service and the real-world shapes in files of their own (sandboxComparisonRpc, sandboxComparisonDbService,
// sandboxComparisonDbServicePhp, sandboxComparisonRealWorld), so that they run side by side and none is long.
import type { SnippetLanguage } from './snippetRunner';
import { compareCorpusFiles } from './sandboxComparisonRunner';

const COMPARED: readonly (readonly [SnippetLanguage, string])[] = [
  ['python', 'python/object_service.py'],
  ['javascript', 'javascript/object_service.js'],
  ['php', 'php/object_service.php'],
  ['python', 'python/common_service.py'],
];

compareCorpusFiles(COMPARED, 'own');
