// The models a project uses, for `json2 types --from-project` and the editor's "Models this project uses": the calls of
// its .json2 request files, the models of the deprecated RPC calls the migration scanner reads in its code, and the
// JSON-2 URLs (`/json/2/<model>/<method>`) written in its code. Part of dist/migrate.js (it needs the parsers).
import fs from 'node:fs/promises';
import { isGeneratedTypes } from './generatedHeader';
import { isMigrationSource, mayHoldLegacyCalls } from '../migrate/legacyFunctions';
import { analyseSource } from '../migrate/migrationAnalysis';
import { listSourceFiles } from '../migrate/sourceFiles';
import { MODEL_NAME_PATTERN } from '../requestFile/modelName';

/** The models a request file's text names (requestFile/requestFileModels.ts; a port, so that the request-file parser
 * stays out of dist/migrate.js: the extension and the CLI have it already). */
export type RequestFileModels = (text: string) => readonly string[];

/** A model and the files that use it (absolute paths, sorted). */
export interface ModelUse {
  readonly model: string;
  readonly files: readonly string[];
}

/** Files larger than this are not read: generated bundles and data dumps, not integration code. */
const LARGEST_FILE = 2 * 1024 * 1024;
const JSON2_URL = /\/json\/2\/([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\/[A-Za-z_]/g;

const isRequestFile = (fileName: string): boolean => /\.json2$/i.test(fileName);

/** Whether the project scan reads a file of that name: request files and the sources the migration reads. */
export const isProjectFile = (fileName: string): boolean => isRequestFile(fileName) || isMigrationSource(fileName);

/** The models one file uses, sorted; a file `json2 types` wrote uses none. */
export function modelsInFile(fileName: string, text: string, requestFileModels: RequestFileModels): string[] {
  const found = new Set<string>();
  if (isRequestFile(fileName)) {
    for (const model of requestFileModels(text)) found.add(model);
  } else if (!isGeneratedTypes(text)) {
    for (const match of text.matchAll(JSON2_URL)) found.add(match[1]);
    if (mayHoldLegacyCalls(text)) for (const model of legacyCallModels(fileName, text)) found.add(model);
  }
  return [...found].sort();
}

function legacyCallModels(fileName: string, text: string): string[] {
  try {
    return analyseSource(text, fileName).flatMap(({ finding }) =>
      finding.model !== undefined && MODEL_NAME_PATTERN.test(finding.model) ? [finding.model] : [],
    );
  } catch {
    // A file the parsers cannot read names no model; the scan goes on.
    return [];
  }
}

/**
 * The models used under `paths` (folders walked as `json2 migrate` walks them: .gitignore honoured, dependencies and
 * virtual environments skipped), sorted by name. Throws MissingPathError for a path that does not exist.
 */
export async function projectModelUses(
  paths: readonly string[],
  requestFileModels: RequestFileModels,
  signal?: AbortSignal,
): Promise<ModelUse[]> {
  const uses = new Map<string, string[]>();
  for (const file of await listSourceFiles(paths, isProjectFile)) {
    signal?.throwIfAborted();
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat || stat.size > LARGEST_FILE) continue;
    const text = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    for (const model of modelsInFile(file, text, requestFileModels)) uses.set(model, [...(uses.get(model) ?? []), file]);
  }
  return [...uses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([model, files]) => ({ model, files }));
}
