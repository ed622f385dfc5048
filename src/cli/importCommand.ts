// `json2 import FILE|DIR... --out DIR`: Postman, Insomnia, Bruno and .http collections as .json2 files, with a report of
// what was converted, kept, left out, and where secrets were (never written).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FolderEntry } from '../core/collections/brunoCollection';
import { type ImportResult, importCollection } from '../core/collections/collectionImport';
import { isCollectionFileName, readCollectionFile, readCollectionFolder } from '../core/collections/collectionSource';
import { CollectionFormatError, type SourceCollection } from '../core/collections/collectionTypes';
import { importReportText } from '../core/collections/importReportText';

export const IMPORT_USAGE = `Usage: json2 import FILE|DIR... --out DIR [--report FILE] [--force]

Reads request collections and writes them as .json2 files under DIR:
  Postman collection v2.1 (.json)   folders become files, collection variables file variables
  Insomnia export, format 4 (.json) request groups become files, sub-environments .env files
  Bruno collection (a folder with bruno.json)  folders become files, environments/*.bru .env files
  REST Client / httpYac (.http, .rest)          ### blocks, # @name, @variables
A folder that is not a Bruno collection: each .http, .rest and collection .json file in it.

JSON-2 calls (/json/2/<model>/<method>) take the short form; deprecated /jsonrpc and /xmlrpc/2 calls (execute_kw)
become their JSON-2 equivalent (the migration assistant's mapping); other GET requests are kept as routes; anything
else is left out. Keys, passwords and Authorization headers are never written: the connection's key is sent. The
report (standard output) lists what was converted, kept as is, left out, where each secret was, and the scripts and
assertions that were not converted.

Options:
  --out DIR      where to write (created when missing)
  --report FILE  also write the report to FILE
  --force        overwrite files that exist
  -h, --help     show this help

Exit codes: 0 written, 1 a collection could not be read or a file exists (nothing written), 2 bad usage.`;

class ImportUsageError extends Error {}

export async function runImportCommand(argv: readonly string[]): Promise<number> {
  let options: { inputs: string[]; out: string; report?: string; force: boolean } | 'help';
  try {
    options = importOptions(argv);
  } catch (error) {
    if (!(error instanceof ImportUsageError) && !(error instanceof TypeError)) throw error;
    console.error(`json2 import: ${(error as Error).message}\n\n${IMPORT_USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(IMPORT_USAGE);
    return 0;
  }
  const results: { target: string; result: ImportResult; source: string }[] = [];
  try {
    for (const input of options.inputs) {
      for (const { collection, source } of readInput(input)) {
        const target = options.inputs.length > 1 ? path.join(options.out, path.basename(input).replace(/\.[^.]+$/, '')) : options.out;
        results.push({ target, result: importCollection(collection, source), source });
      }
    }
    const existing = results
      .flatMap(({ target, result }) => result.files.map((file) => path.join(target, file.path)))
      .filter((file) => fs.existsSync(file));
    if (existing.length > 0 && !options.force)
      throw new CollectionFormatError(
        `${existing[0]} exists${existing.length > 1 ? ` (and ${existing.length - 1} more)` : ''}: give --force to overwrite`,
      );
  } catch (error) {
    if (!(error instanceof CollectionFormatError)) throw error;
    console.error(`json2 import: ${error.message}`);
    return 1;
  }
  const reports: string[] = [];
  for (const { target, result, source } of results) {
    for (const file of result.files) {
      const destination = path.join(target, ...file.path.split('/'));
      fs.mkdirSync(path.dirname(destination), { recursive: true });
      fs.writeFileSync(destination, file.text);
    }
    reports.push(importReportText(result, source));
  }
  const report = reports.join('\n');
  process.stdout.write(report);
  if (options.report) fs.writeFileSync(options.report, report);
  return 0;
}

function importOptions(argv: readonly string[]): { inputs: string[]; out: string; report?: string; force: boolean } | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: { out: { type: 'string' }, report: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  if (positionals.length === 0) throw new ImportUsageError('give the collection file(s) or folder(s) to import');
  if (!values.out) throw new ImportUsageError('give --out DIR: the folder to write the .json2 files in');
  for (const input of positionals) if (!fs.existsSync(input)) throw new ImportUsageError(`${input}: no such file or folder`);
  return { inputs: positionals, out: values.out, ...(values.report ? { report: values.report } : {}), force: values.force === true };
}

/** The collections of one command-line argument. */
function readInput(input: string): { collection: SourceCollection; source: string }[] {
  if (!fs.statSync(input).isDirectory()) return [{ collection: readCollectionFile(input, fs.readFileSync(input, 'utf8')), source: input }];
  const entries = folderEntries(input, '');
  if (entries.some((entry) => entry.path === 'bruno.json')) return [{ collection: readCollectionFolder(entries), source: input }];
  const files = fs
    .readdirSync(input, { withFileTypes: true })
    .filter((entry) => entry.isFile() && isCollectionFileName(entry.name))
    .map((entry) => path.join(input, entry.name))
    .sort();
  const collections: { collection: SourceCollection; source: string }[] = [];
  for (const file of files) {
    try {
      collections.push({ collection: readCollectionFile(file, fs.readFileSync(file, 'utf8')), source: file });
    } catch (error) {
      // Other JSON files of the folder (package.json...) are not collections: skipped with a word.
      if (!(error instanceof CollectionFormatError) || !file.endsWith('.json')) throw error;
      console.error(`json2 import: skipped ${file}: ${error.message}`);
    }
  }
  if (collections.length === 0) throw new CollectionFormatError(`${input}: no bruno.json, and no .http, .rest or collection .json file`);
  return collections;
}

/** A Bruno folder's bruno.json and .bru files (dot folders and node_modules skipped). */
function folderEntries(root: string, relative: string): FolderEntry[] {
  const entries: FolderEntry[] = [];
  for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') entries.push(...folderEntries(root, child));
    else if (entry.isFile() && (child === 'bruno.json' || entry.name.endsWith('.bru')))
      entries.push({ path: child, text: fs.readFileSync(path.join(root, child), 'utf8') });
  }
  return entries;
}
