// The import from files to files, one behaviour for `json2 import` and the editor's Import Collection: which
// collections a file or folder holds, where each goes, which written files already exist, the writing and the report.
import type { FolderEntry } from './brunoCollection';
import type { CollectionFiles } from './collectionFiles';
import { type ImportResult, importCollection } from './collectionImport';
import { isCollectionFileName, readCollectionFile, readCollectionFolder } from './collectionSource';
import { CollectionFormatError, type ReportEntry, type SourceCollection } from './collectionTypes';
import { importReportText } from './importReportText';

/** One collection read from an input, converted, and the folder its files go to. */
export interface PlannedImport<L> {
  readonly target: L;
  readonly source: string;
  readonly result: ImportResult;
}

export interface ImportPlan<L> {
  readonly imports: readonly PlannedImport<L>[];
  /** Files the import would write that are there already. */
  readonly existing: readonly L[];
  /** Files of a folder that were not collections (another `.json`), with why. */
  readonly skipped: readonly ReportEntry[];
}

/**
 * Reads and converts every input (a collection file, a Bruno folder, a folder of collection files); with several
 * inputs each goes to a sub-folder of `out` named after it. Throws CollectionFormatError when one cannot be read.
 */
export async function planImport<L>(files: CollectionFiles<L>, inputs: readonly L[], out: L): Promise<ImportPlan<L>> {
  const imports: PlannedImport<L>[] = [];
  const skipped: ReportEntry[] = [];
  for (const input of inputs) {
    const target = inputs.length > 1 ? files.child(out, files.baseName(input).replace(/\.[^.]+$/, '')) : out;
    for (const { collection, source } of await readInput(files, input, skipped))
      imports.push({ target, source, result: importCollection(collection, source) });
  }
  const existing: L[] = [];
  for (const location of writtenLocations(files, imports)) if ((await files.kind(location)) !== undefined) existing.push(location);
  return { imports, existing, skipped };
}

/** Writes the planned files; returns their locations and the report of every collection (Markdown). */
export async function writeImport<L>(files: CollectionFiles<L>, plan: ImportPlan<L>): Promise<{ written: L[]; report: string }> {
  const written: L[] = [];
  for (const { target, result } of plan.imports) {
    for (const file of result.files) {
      const location = files.child(target, file.path);
      await files.writeText(location, file.text);
      written.push(location);
    }
  }
  return { written, report: plan.imports.map(({ result, source }) => importReportText(result, source)).join('\n') };
}

/** The counts of the plan's reports, for a one-line summary. */
export function importCounts(
  plan: ImportPlan<unknown>,
): Record<'files' | 'converted' | 'keptAsIs' | 'leftOut' | 'secrets' | 'scripts', number> {
  const sum = (count: (result: ImportResult) => number) => plan.imports.reduce((total, { result }) => total + count(result), 0);
  return {
    files: sum((result) => result.files.length),
    converted: sum((result) => result.report.converted.length),
    keptAsIs: sum((result) => result.report.keptAsIs.length),
    leftOut: sum((result) => result.report.leftOut.length),
    secrets: sum((result) => result.report.secrets.length),
    scripts: sum((result) => result.report.scripts.length),
  };
}

function writtenLocations<L>(files: CollectionFiles<L>, imports: readonly PlannedImport<L>[]): L[] {
  return imports.flatMap(({ target, result }) => result.files.map((file) => files.child(target, file.path)));
}

/** The collections of one input. */
async function readInput<L>(
  files: CollectionFiles<L>,
  input: L,
  skipped: ReportEntry[],
): Promise<{ collection: SourceCollection; source: string }[]> {
  const kind = await files.kind(input);
  if (kind === undefined) throw new CollectionFormatError(`${files.label(input)}: no such file or folder`);
  if (kind === 'file')
    return [{ collection: readCollectionFile(files.baseName(input), await files.readText(input)), source: files.label(input) }];
  const entries = await folderEntries(files, input, '');
  if (entries.some((entry) => entry.path === 'bruno.json'))
    return [{ collection: readCollectionFolder(entries), source: files.label(input) }];
  const names = (await files.children(input))
    .filter((entry) => entry.kind === 'file' && isCollectionFileName(entry.name))
    .map((entry) => entry.name)
    .sort();
  const collections: { collection: SourceCollection; source: string }[] = [];
  for (const name of names) {
    const file = files.child(input, name);
    try {
      collections.push({ collection: readCollectionFile(name, await files.readText(file)), source: files.label(file) });
    } catch (error) {
      // Other JSON files of the folder (package.json...) are not collections: skipped with a word.
      if (!(error instanceof CollectionFormatError) || !name.endsWith('.json')) throw error;
      skipped.push({ where: files.label(file), what: error.message });
    }
  }
  if (collections.length === 0)
    throw new CollectionFormatError(`${files.label(input)}: no bruno.json, and no .http, .rest or collection .json file`);
  return collections;
}

/** A Bruno folder's bruno.json and .bru files (dot folders and node_modules skipped). */
async function folderEntries<L>(files: CollectionFiles<L>, root: L, relative: string): Promise<FolderEntry[]> {
  const entries: FolderEntry[] = [];
  for (const entry of await files.children(relative === '' ? root : files.child(root, relative))) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.kind === 'folder' && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      entries.push(...(await folderEntries(files, root, child)));
    else if (entry.kind === 'file' && (child === 'bruno.json' || entry.name.endsWith('.bru')))
      entries.push({ path: child, text: await files.readText(files.child(root, child)) });
  }
  return entries;
}
