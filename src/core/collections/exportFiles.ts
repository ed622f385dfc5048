// The export from `.json2` files to one file another tool runs, one behaviour for `json2 export` and the editor's
// Export commands: the `.json2` files of the inputs (a folder: every one under it), the Postman or `.http` text, the notes.
import type { CollectionFiles } from './collectionFiles';
import type { ReportEntry } from './collectionTypes';
import { type ExportFile, readExportFile } from './exportedFile';
import { httpFileText } from './httpExport';
import { postmanCollection } from './postmanExport';

export type ExportFormat = 'postman' | 'http';

export interface ExportSettings {
  /** The value of {{baseUrl}}. */
  readonly baseUrl?: string;
  /** The value of {{database}}. */
  readonly database?: string;
  /** The one header the database goes in; undefined: both standard names. */
  readonly databaseHeader?: string;
}

export interface ExportedText {
  readonly text: string;
  /** What the other tool cannot hold (assertions, @connection, prompts for Postman...). */
  readonly notes: readonly ReportEntry[];
  readonly files: number;
  readonly requests: number;
}

/** The file name an export of `name` (a `.json2` file or a folder) gets by default. */
export function defaultExportName(name: string, format: ExportFormat): string {
  const stem = name.replace(/\.json2$/i, '');
  return format === 'postman' ? `${stem}.postman_collection.json` : `${stem}.http`;
}

/**
 * The text of the export of `inputs`; `name` is the Postman collection's. Throws an Error when no `.json2` file is
 * found.
 */
export async function exportText<L>(
  files: CollectionFiles<L>,
  inputs: readonly L[],
  format: ExportFormat,
  name: string,
  settings: ExportSettings,
): Promise<ExportedText> {
  const notes: ReportEntry[] = [];
  const read: ExportFile[] = [];
  for (const input of inputs) {
    if ((await files.kind(input)) === 'folder') {
      for (const relative of await json2Files(files, input, ''))
        read.push(readExportFile(await files.readText(files.child(input, relative)), relative.replace(/\.json2$/i, ''), notes));
    } else read.push(readExportFile(await files.readText(input), files.baseName(input).replace(/\.json2$/i, ''), notes));
  }
  if (read.length === 0) throw new Error('no .json2 file was found');
  const text =
    format === 'postman'
      ? `${JSON.stringify(postmanCollection(read, { name, ...settings }, notes), null, 2)}\n`
      : httpFileText(read, settings);
  return { text, notes, files: read.length, requests: read.reduce((sum, file) => sum + file.requests.length, 0) };
}

/** The `.json2` files under a folder, as `/`-separated paths relative to it, sorted. */
async function json2Files<L>(files: CollectionFiles<L>, root: L, relative: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await files.children(relative === '' ? root : files.child(root, relative))) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.kind === 'folder') found.push(...(await json2Files(files, root, child)));
    else if (entry.name.endsWith('.json2')) found.push(child);
  }
  return found.sort();
}
