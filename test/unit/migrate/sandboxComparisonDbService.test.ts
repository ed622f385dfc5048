// The db service corpus files in Python and JavaScript (databases listed, created, duplicated, backed up and restored;
// PHP's in sandboxComparisonDbServicePhp): each snippet runs against the sandbox's deprecated interface and, converted,
// against JSON-2 and the database manager; the printed results must be equal (sandboxComparisonRunner.ts). A file of
// its own so that it runs beside the other comparisons.
import type { SnippetLanguage } from './snippetRunner';
import { compareCorpusFiles } from './sandboxComparisonRunner';

const COMPARED: readonly (readonly [SnippetLanguage, string])[] = [
  ['python', 'python/db_service.py'],
  ['javascript', 'javascript/common_db_service.js'],
];

compareCorpusFiles(COMPARED, 'shared');
