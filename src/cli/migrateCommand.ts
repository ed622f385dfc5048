// `json2 migrate scan|fix PATH...`: finds deprecated XML-RPC/JSON-RPC calls in a codebase (a CI gate) and applies
// their safe conversions, with the same engine as the editor's commands (dist/migrate.js, loaded here on first use).
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import type * as Engine from '../core/migrate/migrateBundle';
import { MissingPathError, listSourceFiles } from '../core/migrate/sourceFiles';
import { type FileReport, type ScanFormat, SCAN_FORMATS, declinedText, scanReport } from './migrateReports';

export const MIGRATE_USAGE = `Usage: json2 migrate scan PATH... [--output pretty|json|sarif|github]
       json2 migrate fix PATH... [--write]

scan  lists every deprecated XML-RPC/JSON-RPC call in the Python, JavaScript/TypeScript and PHP files under PATH
      (file, line, column, call, model, method, whether it converts or why not). Exit 1 when any call remains,
      0 when none: a CI gate.
fix   applies every safe conversion. Without --write it prints them as a unified diff (git apply takes it); with
      --write it rewrites the files. A file that does not parse is never touched. What is declined, and why, goes
      to standard error. Exit 1 when calls remain that were not converted, 0 otherwise.

Folders: every .gitignore is honoured; node_modules, vendor, virtual environments (venv, .venv, any folder with
pyvenv.cfg) and version-control folders are skipped. Files named on the command line are always read.

Options:
  --output FORMAT   scan's report: pretty (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)
  --write           fix: write the converted files instead of printing the diff
  -h, --help        show this help

Exit codes: 0 no deprecated call left, 1 some left, 2 bad usage.`;

class MigrateUsageError extends Error {}

function loadEngine(): typeof Engine {
  // The parsers are a separate bundle next to this one, shared with the extension; loaded only for this command.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./migrate.js') as typeof Engine;
}

export async function runMigrateCommand(argv: readonly string[]): Promise<number> {
  let options;
  try {
    options = parseMigrateOptions(argv);
  } catch (error) {
    if (!(error instanceof MigrateUsageError)) throw error;
    console.error(`json2 migrate: ${error.message}\n\n${MIGRATE_USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(MIGRATE_USAGE);
    return 0;
  }
  let files: string[];
  try {
    files = await listSourceFiles(options.paths);
  } catch (error) {
    if (!(error instanceof MissingPathError)) throw error;
    console.error(`json2 migrate: ${error.message}`);
    return 2;
  }
  const engine = loadEngine();
  const label = (file: string): string => path.relative(process.cwd(), file).split(path.sep).join('/') || path.basename(file);
  if (options.action === 'scan') {
    const reports: FileReport[] = [];
    for (const file of files) {
      const findings = engine.fileFindings(await fs.readFile(file, 'utf8'), file);
      if (findings.length > 0) reports.push({ path: label(file), findings });
    }
    process.stdout.write(scanReport(reports, files.length, options.output));
    return reports.length > 0 ? 1 : 0;
  }
  let converted = 0;
  let changedFiles = 0;
  let remaining = 0;
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    const fix = engine.fixFile(text, file);
    remaining += fix.declined.length;
    if (fix.refused || fix.declined.length > 0) process.stderr.write(declinedText(label(file), fix));
    if (fix.converted === 0) continue;
    converted += fix.converted;
    changedFiles += 1;
    if (options.write) await fs.writeFile(file, fix.text);
    else
      process.stdout.write(
        createTwoFilesPatch(`a/${label(file)}`, `b/${label(file)}`, text, fix.text, undefined, undefined, { context: 3 }).replace(
          /^=+\n/,
          '',
        ),
      );
  }
  const verb = options.write ? 'converted' : 'would convert';
  process.stderr.write(
    `json2 migrate: ${verb} ${converted} call${converted === 1 ? '' : 's'} in ${changedFiles} file${changedFiles === 1 ? '' : 's'}; ${remaining} left for a person (${files.length} files read)\n`,
  );
  return remaining > 0 ? 1 : 0;
}

interface MigrateOptions {
  readonly action: 'scan' | 'fix';
  readonly paths: readonly string[];
  readonly output: ScanFormat;
  readonly write: boolean;
}

function parseMigrateOptions(argv: readonly string[]): MigrateOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { output: { type: 'string' }, write: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new MigrateUsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const [action, ...paths] = positionals;
  if (action !== 'scan' && action !== 'fix')
    throw new MigrateUsageError(action === undefined ? 'say scan or fix' : `unknown action '${action}' (scan or fix)`);
  if (paths.length === 0) throw new MigrateUsageError(`give at least one file or folder to ${action}`);
  const output = (values.output ?? 'pretty') as ScanFormat;
  if (!SCAN_FORMATS.includes(output)) throw new MigrateUsageError(`--output must be one of ${SCAN_FORMATS.join(', ')}`);
  if (action === 'fix' && values.output !== undefined) throw new MigrateUsageError('--output goes with scan (fix prints a diff)');
  if (action === 'scan' && values.write) throw new MigrateUsageError('--write goes with fix');
  return { action, paths, output, write: values.write ?? false };
}
