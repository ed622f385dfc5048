// Reads the words after `json2 run` into checked options (node's util.parseArgs); keys are never among them.
import { parseArgs } from 'node:util';
import { parseContextOption, type DefaultContext } from '../core/connections/defaultContext';
import { readAnswerPath } from '../core/requestFile/answerPath';
import type { ReadAnswerPath } from './selectedAnswer';

export const RUN_USAGE = `Usage: json2 run FILE... [options]

Runs the requests of .json2 files (named requests they use run first) and checks their assertions.

Options:
  --name NAME           run only the request named NAME (and what it needs); may be repeated
  --line N              run only the request on line N (1-based) of the file; may be repeated
  --connection NAME     the saved connection to use (wins over the file's # @connection)
  --url URL             a server not saved anywhere, with --db DB for its database
  --db DB               the database, with --url
  --db-header NAME      with --url: send the database in this header only (default: both X-Odoo-Database and
                        X-Service-Database; JSON2_DATABASE_HEADER gives it too)
  --connections FILE    read saved connections from FILE instead of .vscode/settings.json
  --context JSON        context keys for every model call, over the connection's defaultContext
                        (a request's own context keys win): '{"lang":"fr_FR","allowed_company_ids":[2]}'
  --env FILE            a .env file whose values the requests may use
  --key-file FILE       read the API key (or the password) from FILE (first line)
  --output FORMAT       pretty (default), json, body or none
  --select PATH         print only the part of each answer PATH selects: the path syntax of assertions after
                        body (body[*].partner_id[1], body[?(@.amount_total > 1000)].name)
  --junit FILE          also write a JUnit XML report to FILE
  --reporter NAME       github: GitHub Actions annotations (::error file=…,line=…) for failures and malformed
                        files, beside the usual output; tap: a TAP 14 report on stdout instead of the answers
  --bail                stop at the first failed request or assertion
  --explain             explain each 401, 403, empty list or record lacking a requested field from what the
                        key's user may read of the access model (rights, record rules, field groups,
                        companies, archived records, database); json2 explain FILE:LINE does it for one request
  --verbose             also print the server's traceback of a failed request (the error's debug); the JUnit
                        report always keeps it (system-err)
  --timeout MS          time limit of each request (default 30000)
  --yes                 send requests marked # @confirm, or on a production connection, without asking
  -h, --help            show this help

The API key comes from JSON2_API_KEY_<CONNECTION NAME>, JSON2_API_KEY or --key-file, never from an argument;
JSON2_ORIGIN_<CONNECTION NAME> (https://erp.example.com) binds it to that origin.
A connection on XML-RPC or JSON-RPC takes its password from JSON2_PASSWORD_<CONNECTION NAME> (or a key from
JSON2_API_KEY_<CONNECTION NAME>, or --key-file).
A "# @prompt NAME" is answered from the environment variable JSON2_<NAME> (upper snake case).

Exit codes: 0 every request and assertion passed, 1 one failed, 2 bad usage or a malformed file.`;

/** How answers are printed. */
export type OutputFormat = 'pretty' | 'json' | 'body' | 'none';

export interface RunOptions {
  readonly files: readonly string[];
  readonly names: readonly string[];
  readonly lines: readonly number[];
  readonly connection?: string;
  readonly url?: string;
  readonly database?: string;
  /** `--db-header NAME`: the one header naming the database (with --url). */
  readonly databaseHeader?: string;
  readonly connectionsFile?: string;
  /** `--context JSON`: wins over the connection's default context. */
  readonly context?: DefaultContext;
  readonly envFile?: string;
  readonly keyFile?: string;
  readonly output: OutputFormat;
  /** --select, read (src/cli/selectedAnswer.ts applies it). */
  readonly select?: ReadAnswerPath;
  readonly junitFile?: string;
  readonly reporters: readonly ReporterName[];
  readonly bail: boolean;
  readonly timeoutMs: number;
  readonly yes: boolean;
  /** `--verbose`: print the server's tracebacks too. */
  readonly verbose: boolean;
  /** `--explain`: explain 401/403 answers, empty lists and records lacking a field (core/access). */
  readonly explain: boolean;
}

/** Extra reports: GitHub Actions annotations, or TAP on stdout. */
export type ReporterName = 'github' | 'tap';

/** Bad usage: the message is printed with the usage and the run exits with 2. */
export class RunUsageError extends Error {}

const OUTPUT_FORMATS: readonly OutputFormat[] = ['pretty', 'json', 'body', 'none'];
const REPORTERS: readonly ReporterName[] = ['github', 'tap'];

/** Parses `json2 run` arguments; returns 'help' for --help; throws RunUsageError on anything wrong. */
export function parseRunOptions(argv: readonly string[]): RunOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string', multiple: true },
        line: { type: 'string', multiple: true },
        connection: { type: 'string' },
        url: { type: 'string' },
        db: { type: 'string' },
        'db-header': { type: 'string' },
        connections: { type: 'string' },
        context: { type: 'string' },
        env: { type: 'string' },
        'key-file': { type: 'string' },
        output: { type: 'string' },
        select: { type: 'string' },
        junit: { type: 'string' },
        reporter: { type: 'string', multiple: true },
        bail: { type: 'boolean' },
        timeout: { type: 'string' },
        yes: { type: 'boolean' },
        verbose: { type: 'boolean' },
        explain: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new RunUsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length === 0) throw new RunUsageError('give at least one .json2 file');
  if (values.connection !== undefined && values.url !== undefined) throw new RunUsageError('give either --connection or --url, not both');
  if (values.db !== undefined && values.url === undefined)
    throw new RunUsageError('--db goes with --url (a saved connection names its own database)');
  if (values['db-header'] !== undefined && values.url === undefined)
    throw new RunUsageError('--db-header goes with --url (a saved connection names its own in databaseHeader)');
  const reporters = [...new Set(values.reporter ?? [])] as ReporterName[];
  for (const reporter of reporters)
    if (!REPORTERS.includes(reporter)) throw new RunUsageError(`--reporter must be one of ${REPORTERS.join(', ')}, not "${reporter}"`);
  // TAP takes stdout for itself: the answers are not printed there.
  if (reporters.includes('tap') && values.output !== undefined && values.output !== 'none')
    throw new RunUsageError('--reporter tap writes its report on stdout: leave --output out (or give --output none)');
  const output = (values.output ?? (reporters.includes('tap') ? 'none' : 'pretty')) as OutputFormat;
  if (!OUTPUT_FORMATS.includes(output)) throw new RunUsageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')}`);
  const lines = (values.line ?? []).map((text) => {
    if (!/^[1-9]\d*$/.test(text)) throw new RunUsageError(`--line takes a line number from 1, not "${text}"`);
    return Number(text);
  });
  const context = values.context === undefined ? undefined : parseContextOption(values.context);
  if (context && 'problem' in context) throw new RunUsageError(context.problem);
  const timeoutText = values.timeout ?? '30000';
  if (!/^[1-9]\d*$/.test(timeoutText))
    throw new RunUsageError(`--timeout takes milliseconds (a positive whole number), not "${timeoutText}"`);
  return {
    files: positionals,
    names: values.name ?? [],
    lines,
    ...(values.connection !== undefined ? { connection: values.connection } : {}),
    ...(values.url !== undefined ? { url: values.url } : {}),
    ...(values.db !== undefined ? { database: values.db } : {}),
    ...(values['db-header'] !== undefined ? { databaseHeader: values['db-header'] } : {}),
    ...(values.connections !== undefined ? { connectionsFile: values.connections } : {}),
    ...(context ? { context: context.context } : {}),
    ...(values.env !== undefined ? { envFile: values.env } : {}),
    ...(values['key-file'] !== undefined ? { keyFile: values['key-file'] } : {}),
    output,
    ...(values.select !== undefined ? { select: readSelectOption(values.select) } : {}),
    ...(values.junit !== undefined ? { junitFile: values.junit } : {}),
    reporters,
    bail: values.bail ?? false,
    timeoutMs: Number(timeoutText),
    yes: values.yes ?? false,
    verbose: values.verbose ?? false,
    explain: values.explain ?? false,
  };
}

/** Reads the path of --select; a path that cannot be read is bad usage, shown with a caret under the problem. */
function readSelectOption(text: string): ReadAnswerPath {
  const path = readAnswerPath(text);
  if (path.ok) return path;
  throw new RunUsageError(`--select: ${path.message}\n  ${text}\n  ${' '.repeat(path.offset)}^`);
}
