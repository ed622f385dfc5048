// The PHP db service corpus file (databases listed, created, duplicated, backed up and restored through ripcord): each
// snippet runs against the sandbox's deprecated interface and, converted, against JSON-2 and the database manager; the
// printed results must be equal (sandboxComparisonRunner.ts). A file of its own so that it runs beside the others.
import type { SnippetLanguage } from './snippetRunner';
import { compareCorpusFiles } from './sandboxComparisonRunner';

const COMPARED: readonly (readonly [SnippetLanguage, string])[] = [['php', 'php/common_db_service.php']];

compareCorpusFiles(COMPARED, 'own');
