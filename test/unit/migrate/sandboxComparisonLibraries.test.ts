// Issue 37's corpus files (npm client library objects, axios and got bodies, JavaScript JSON-RPC helpers, TypeScript
// wrappers): each snippet runs against the sandbox's deprecated interface and, converted, against JSON-2; the printed
// results must be equal (sandboxComparisonRunner.ts). A file of its own, so that each file stays within its time limit.
import type { SnippetLanguage } from './snippetRunner';
import { compareCorpusFiles } from './sandboxComparisonRunner';

const COMPARED: readonly (readonly [SnippetLanguage, string])[] = [
  ['javascript', 'javascript/library_wrapper.js'],
  ['javascript', 'javascript/axios_bodies.js'],
  ['typescript', 'javascript/typed_wrapper.ts'],
];

compareCorpusFiles(COMPARED, 'shared');
