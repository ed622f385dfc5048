// `json2 run`: checks the files, runs their requests on the chosen connection, prints answers, writes JUnit, exits 0/1/2.
import fs from 'node:fs';
import path from 'node:path';
import { ConnectionLookupError } from '../core/connections/connectionFile';
import { checkVariables, looksSecret, parseDotenv, parseRequestFile, type RequestFile } from '../core/requestFile';
import { CliConnections } from './cliConnections';
import { diagnosticText, locationText } from './diagnosticText';
import { inertWorkflowCommands } from './githubAnnotations';
import { ProgressLine } from './progressLine';
import { fileRun } from './requestRunner';
import { ResultPrinter } from './resultPrinter';
import { RunReports } from './runReports';
import { parseRunOptions, RUN_USAGE, RunUsageError, type RunOptions } from './runOptions';
import { exitCodeOf, redactFileOutcomes, summaryLine, totalsOf, type FileOutcome } from './runResults';
import { selectFileBodies, selectOutcomeBody } from './selectedAnswer';

interface LoadedFile {
  readonly file: string;
  readonly parsed: RequestFile;
  readonly selected: readonly number[];
}

/** A problem that ends the run before anything is sent: printed, and the run exits with 2. */
class BadInput extends Error {}

const out = (text: string) => {
  process.stdout.write(text);
};
const err = (text: string) => {
  process.stderr.write(text);
};

/**
 * Where the run's messages go: stderr, and with `--reporter github` with workflow-command syntax made inert, since
 * the runner may read a stderr line (a server's message) before stdout's pause line.
 */
function stderrOf(options: RunOptions): (text: string) => void {
  return options.reporters.includes('github') ? (text) => err(inertWorkflowCommands(text)) : err;
}

/** Runs `json2 run` with the words after `run`; resolves with the exit code. */
export async function runRunCommand(argv: readonly string[]): Promise<number> {
  let options: RunOptions | 'help';
  try {
    options = parseRunOptions(argv);
  } catch (error) {
    if (!(error instanceof RunUsageError)) throw error;
    err(`json2 run: ${error.message}\n(json2 run --help shows the options)\n`);
    return 2;
  }
  if (options === 'help') {
    out(`${RUN_USAGE}\n`);
    return 0;
  }
  const errors = stderrOf(options);
  const connections = new CliConnections(options, process.env, (warning) => errors(`json2 run: warning: ${warning}\n`));
  // The run's own secrets in the environment (keys, passwords, secret prompt answers) are redacted from the start.
  for (const [name, value] of Object.entries(process.env))
    if (name.startsWith('JSON2_') && looksSecret(name)) connections.redactor.add(value);
  // The reports redact values before they write them (never the written text: see RunReports).
  const reports = new RunReports(options.reporters, out, process.env.GITHUB_WORKSPACE, connections.redactor);
  reports.start();
  try {
    const dotenv = readDotenv(options.envFile);
    const files = loadFiles(options, dotenv, connections, reports, errors);
    return await runFiles(options, files, dotenv, connections, reports, errors);
  } catch (error) {
    if (error instanceof BadInput || error instanceof ConnectionLookupError) {
      const message = connections.redactor.redact(error.message);
      errors(`${message}\n`);
      reports.stopped(message);
      return 2;
    }
    throw connections.redactor.redactError(error as Error);
  } finally {
    reports.end();
    await connections.closeAll();
  }
}

function readText(file: string, what: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new BadInput(`json2 run: cannot read ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function readDotenv(envFile: string | undefined): Record<string, string> {
  if (envFile === undefined) return {};
  const contents = parseDotenv(readText(envFile, 'the .env file'));
  if (contents.problems.length > 0)
    throw new BadInput(
      contents.problems.map((problem) => `${locationText(envFile, problem.range.start)}: error: ${problem.message}`).join('\n'),
    );
  return { ...contents.values };
}

/** Reads and checks every file and picks the requests to run; any error in any file stops the run before sending. */
function loadFiles(
  options: RunOptions,
  dotenv: Record<string, string>,
  connections: CliConnections,
  reports: RunReports,
  errors: (text: string) => void,
): LoadedFile[] {
  const problems: string[] = [];
  let blocked = false;
  const files = options.files.map((file) => {
    const parsed = parseRequestFile(readText(file, 'the file'));
    const unknown = checkVariables(parsed, { dotenv: Object.keys(dotenv), variables: connections.variableNames(file) });
    const diagnostics = [...parsed.diagnostics, ...unknown].sort((a, b) => a.range.startOffset - b.range.startOffset);
    for (const diagnostic of diagnostics) problems.push(diagnosticText(file, diagnostic));
    reports.problems(file, diagnostics);
    if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) blocked = true;
    return { file, parsed, selected: selectRequests(options, parsed) };
  });
  if (problems.length > 0) errors(`${problems.join('\n')}\n`);
  if (blocked) throw new BadInput('json2 run: nothing was sent: fix the errors above first');
  for (const name of options.names) {
    if (!files.some(({ parsed }) => parsed.requests.some((request) => request.name?.text === name)))
      throw new BadInput(`json2 run: no request is named ${name} in ${options.files.join(', ')}`);
  }
  for (const line of options.lines) {
    if (!files.some(({ parsed }) => parsed.requests.some((request) => coversLine(request.range, line))))
      throw new BadInput(`json2 run: no request is on line ${line} of ${options.files.join(', ')}`);
  }
  if (files.every((file) => file.selected.length === 0)) throw new BadInput(`json2 run: no request to run in ${options.files.join(', ')}`);
  return files;
}

function coversLine(range: RequestFile['requests'][number]['range'], line: number): boolean {
  return range.start.line + 1 <= line && line <= range.end.line + 1;
}

/** Every request, or those named by --name or lying on a --line. */
function selectRequests(options: RunOptions, parsed: RequestFile): number[] {
  if (options.names.length === 0 && options.lines.length === 0) return parsed.requests.map((request) => request.index);
  return parsed.requests
    .filter(
      (request) =>
        (request.name !== undefined && options.names.includes(request.name.text)) ||
        options.lines.some((line) => coversLine(request.range, line)),
    )
    .map((request) => request.index);
}

async function runFiles(
  options: RunOptions,
  files: readonly LoadedFile[],
  dotenv: Record<string, string>,
  connections: CliConnections,
  reports: RunReports,
  errors: (text: string) => void,
): Promise<number> {
  const started = performance.now();
  const progress = new ProgressLine(process.stderr);
  const printer = new ResultPrinter(
    options.output,
    {
      out: (text) => {
        progress.clear();
        out(text);
      },
      err: (text) => {
        progress.clear();
        errors(text);
      },
    },
    options.verbose,
  );
  let done = 0;
  let failed = false;
  const select = options.select;
  const runs = files.map((file) => ({
    file,
    run: fileRun({
      file: file.file,
      parsed: file.parsed,
      connections,
      ...(options.connection !== undefined ? { connection: options.connection } : {}),
      ...(options.context !== undefined ? { context: options.context } : {}),
      dotenv,
      env: process.env,
      timeoutMs: options.timeoutMs,
      keepBodies: options.output !== 'none',
      yes: options.yes,
      explain: options.explain,
      onStart: (label) => progress.show(`[${done + 1}/${total}] ${path.basename(file.file)}: ${label}`),
      onOutcome: (outcome) => {
        done += 1;
        if (outcome.verdict !== 'passed') failed = true;
        const selected = select ? selectOutcomeBody(outcome, select) : { outcome };
        if (selected.note !== undefined) errors(`${selected.note}\n`);
        printer.outcome(selected.outcome);
        progress.clear();
        reports.outcome(outcome);
      },
      shouldStop: () => options.bail && failed,
    }),
  }));
  const total = runs.reduce((sum, { file, run }) => sum + run.plan(file.selected).length, 0);
  reports.planned(total);
  const outcomes: FileOutcome[] = [];
  for (const { file, run } of runs) outcomes.push(await run.run(file.selected));
  progress.clear();
  const durationMs = performance.now() - started;
  // Secrets met after an answer was printed are unknown to the lines already out, not to what is written now: the
  // values are redacted again with all of them, then the documents are written from them (never redacted as text).
  const printed = select ? selectFileBodies(outcomes, select) : outcomes;
  if (options.output === 'json') printer.finish(redactFileOutcomes(printed, connections.redactor));
  const totals = totalsOf(outcomes);
  if (options.junitFile !== undefined)
    writeJunit(options.junitFile, loadJunitReport()(redactFileOutcomes(outcomes, connections.redactor), durationMs));
  errors(`json2 run: ${summaryLine(totals, durationMs)}\n`);
  return exitCodeOf(totals);
}

/** The JUnit writer and xmlbuilder2 are their own bundle (dist/junit.js): a run without --junit never loads or parses them. */
function loadJunitReport(): typeof import('./junitReport').junitReport {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./junit.js') as typeof import('./junitReport')).junitReport;
}

function writeJunit(file: string, xml: string): void {
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, xml);
  } catch (error) {
    throw new BadInput(
      `json2 run: cannot write the JUnit report ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
