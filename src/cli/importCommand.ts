// `json2 import FILE|DIR... --out DIR`: Postman, Insomnia, Bruno and .http collections as .json2 files, with a report of
// what was converted, kept, left out, and where secrets were (never written).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { CollectionFormatError } from '../core/collections/collectionTypes';
import { type ImportPlan, planImport, writeImport } from '../core/collections/importFiles';
import { nodeCollectionFiles } from './nodeCollectionFiles';

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
  let plan: ImportPlan<string>;
  try {
    plan = await planImport(nodeCollectionFiles, options.inputs, options.out);
    if (plan.existing.length > 0 && !options.force)
      throw new CollectionFormatError(
        `${plan.existing[0]} exists${plan.existing.length > 1 ? ` (and ${plan.existing.length - 1} more)` : ''}: give --force to overwrite`,
      );
  } catch (error) {
    if (!(error instanceof CollectionFormatError)) throw error;
    console.error(`json2 import: ${error.message}`);
    return 1;
  }
  for (const skipped of plan.skipped) console.error(`json2 import: skipped ${skipped.where}: ${skipped.what}`);
  const { report } = await writeImport(nodeCollectionFiles, plan);
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
