// `json2 migrate scan|fix PATH...`: finds deprecated XML-RPC/JSON-RPC calls in a codebase (a CI gate) and applies
// their safe conversions, with the same engine as the editor's commands (dist/migrate.js, loaded here on first use).
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import type * as Engine from '../core/migrate/migrateBundle';
import { MissingPathError, listSourceFiles } from '../core/migrate/sourceFiles';
import { NEWEST_RELEASE, type Release, parseRelease, releaseText } from '../core/migrate/removalTimeline';
import { type UrgencyClass, failsOn } from '../core/migrate/urgencyGroups';
import { type FileReport, type ScanFormat, SCAN_FORMATS, declinedText, scanReport } from './migrateReports';

export const MIGRATE_USAGE = `Usage: json2 migrate scan PATH... [--target RELEASE] [--fail-on broken-now|deprecated] [--output pretty|json|sarif|github]
       json2 migrate fix PATH... [--write]

scan  lists every deprecated XML-RPC/JSON-RPC call in the Python, JavaScript/TypeScript and PHP files and the n8n
      workflow exports (.json) under PATH, by urgency for the target release: what breaks now on it, what breaks
      at a later removal (Odoo 22 / Online 21.1), each split into what converts cleanly and what needs a person.
      Exit 1 when a call of the --fail-on class remains, 0 otherwise: a CI gate.
fix   applies every safe conversion. Without --write it prints them as a unified diff (git apply takes it); with
      --write it rewrites the files. A file that does not parse is never touched. What is declined, and why, goes
      to standard error. Exit 1 when calls remain that were not converted, 0 otherwise.

Folders: every .gitignore is honoured; node_modules, vendor, virtual environments (venv, .venv, any folder with
pyvenv.cfg) and version-control folders are skipped. Files named on the command line are always read.

Options:
  --target RELEASE  scan: the release the project runs on or moves to (20.0, 19.0, an Online release such as 19.1);
                    default: the newest release (${releaseText(NEWEST_RELEASE)})
  --fail-on CLASS   scan: exit 1 on broken-now (a call already removed on the target) or on deprecated (any call,
                    the default)
  --output FORMAT   scan's report: pretty (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)
  --write           fix: write the converted files instead of printing the diff
  -h, --help        show this help

Exit codes: 0 nothing of the --fail-on class (fix: nothing left for a person), 1 some, 2 bad usage.`;

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
      const findings = engine.fileFindings(await fs.readFile(file, 'utf8'), file, options.target);
      if (findings.length > 0) reports.push({ path: label(file), findings });
    }
    const target = { release: options.target ?? NEWEST_RELEASE, from: options.target ? ('option' as const) : ('newest' as const) };
    process.stdout.write(scanReport(reports, files.length, options.output, target));
    return failsOn(options.failOn, reports) ? 1 : 0;
  }
  let converted = 0;
  let changedFiles = 0;
  let remaining = 0;
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    const fix = engine.fixFile(text, file, options.target);
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
  /** Undefined: the newest release. */
  readonly target?: Release;
  readonly failOn: UrgencyClass;
}

const FAIL_ON: readonly UrgencyClass[] = ['broken-now', 'deprecated'];

function parseMigrateOptions(argv: readonly string[]): MigrateOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        output: { type: 'string' },
        write: { type: 'boolean' },
        target: { type: 'string' },
        'fail-on': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
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
  const failOn = (values['fail-on'] ?? 'deprecated') as UrgencyClass;
  if (!FAIL_ON.includes(failOn)) throw new MigrateUsageError(`--fail-on must be one of ${FAIL_ON.join(', ')}`);
  if (action === 'fix' && values['fail-on'] !== undefined) throw new MigrateUsageError('--fail-on goes with scan');
  let target: Release | undefined;
  if (values.target !== undefined) {
    target = parseRelease(values.target);
    if (!target)
      throw new MigrateUsageError(`--target '${values.target}' is not a release (write 20.0, 19.0 or an Online release such as 19.1)`);
  }
  return { action, paths, output, write: values.write ?? false, target, failOn };
}
