// Prints outcomes in the chosen format: answers on stdout, failures and the summary on stderr (everything redacted already).
import { contextSourcesText } from '../core/connections/defaultContext';
import { locatedLines } from './diagnosticText';
import type { OutputFormat } from './runOptions';
import type { FileOutcome, RequestOutcome } from './runResults';

/** Answers longer than this are cut in the pretty format (--output body prints them whole). */
const PRETTY_BODY_LINES = 40;

const MARKS: Record<RequestOutcome['verdict'], string> = { passed: '✓', failed: '✗', error: '✗', skipped: '-' };

export interface OutputStreams {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Writes each outcome as it arrives (pretty, body) or all at the end (json); `none` prints answers nowhere. */
export class ResultPrinter {
  constructor(
    private readonly format: OutputFormat,
    private readonly streams: OutputStreams,
    /** --verbose: the server's tracebacks are printed too. */
    private readonly verbose = false,
  ) {}

  outcome(outcome: RequestOutcome): void {
    const shown = this.verbose ? outcome : withoutTraceback(outcome);
    if (this.format === 'pretty') this.streams.out(prettyOutcome(shown));
    else {
      if (this.format === 'body' && shown.body !== undefined)
        this.streams.out(`${typeof shown.body === 'string' ? shown.body : JSON.stringify(shown.body, null, 2)}\n`);
      const failures = [...failureLines(shown), ...explanationLines(shown, '    ')];
      if (failures.length > 0) this.streams.err(`${failures.join('\n')}\n`);
    }
  }

  finish(files: readonly FileOutcome[]): void {
    if (this.format !== 'json') return;
    const shown = this.verbose ? files : files.map((file) => ({ ...file, requests: file.requests.map(withoutTraceback) }));
    this.streams.out(`${JSON.stringify({ files: shown }, null, 2)}\n`);
  }
}

/**
 * The outcome as printed without --verbose: no traceback, and an error answer's body without its `debug` (the
 * server's traceback, some sixty lines on a real server).
 */
export function withoutTraceback(outcome: RequestOutcome): RequestOutcome {
  const { traceback, body, ...rest } = outcome;
  // Only an error answer's `debug` is the server's traceback; a successful answer is printed as it came.
  const errorBody = hasDebug(body) && outcome.httpStatus !== undefined && (outcome.httpStatus < 200 || outcome.httpStatus >= 300);
  if (traceback === undefined && !errorBody) return outcome;
  if (!errorBody) return body === undefined ? rest : { ...rest, body };
  const { debug: _debug, ...shortBody } = body;
  return { ...rest, body: shortBody };
}

function hasDebug(body: unknown): body is Record<string, unknown> & { debug: string } {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && typeof (body as { debug?: unknown }).debug === 'string';
}

/** The traceback's lines, indented under the failure they belong to. */
function tracebackLines(outcome: RequestOutcome, indent: string): string[] {
  if (outcome.traceback === undefined) return [];
  return [`${indent}traceback:`, ...outcome.traceback.split(/\r?\n/).map((line) => `${indent}  ${line}`.trimEnd())];
}

/** `file:line:col: message` lines for what went wrong with one request (a multi-line message indented under its first line). */
export function failureLines(outcome: RequestOutcome): string[] {
  if (outcome.verdict === 'passed') return [];
  const where = `${outcome.file}:${outcome.line}:${outcome.column}`;
  const lines = locatedLines(
    where,
    `${outcome.verdict === 'skipped' ? 'skipped' : 'failed'}: ${outcome.label}${outcome.message ? `: ${outcome.message}` : ''}`,
  );
  lines.push(...tracebackLines(outcome, '    '));
  lines.push(...outcome.problems);
  for (const assertion of outcome.assertions)
    if (!assertion.passed) lines.push(...locatedLines(`${outcome.file}:${assertion.line}:${assertion.column}`, assertion.message));
  return lines;
}

function prettyOutcome(outcome: RequestOutcome): string {
  const status = outcome.httpStatus !== undefined ? `  ${outcome.httpStatus}` : '';
  const time = outcome.durationMs !== undefined ? `  ${Math.round(outcome.durationMs)} ms` : '';
  const lines = [
    `${MARKS[outcome.verdict]} ${outcome.label}${outcome.request && outcome.request !== outcome.label ? `  ${outcome.request}` : ''}${status}${time}`,
  ];
  // Where each context key came from, as the panel's line says it.
  if (outcome.context)
    lines.push(`    context: ${contextSourcesText(outcome.context.map(({ name, ...entry }) => ({ key: name, ...entry })))}`);
  const where = `${outcome.file}:${outcome.line}:${outcome.column}`;
  if (outcome.verdict !== 'passed' && outcome.message) lines.push(...locatedLines(where, outcome.message).map(indented));
  lines.push(...tracebackLines(outcome, '        '));
  for (const problem of outcome.problems) lines.push(`    ${problem}`);
  for (const assertion of outcome.assertions) {
    if (assertion.passed) lines.push(`    ✓ ${assertion.text}`);
    else {
      const [first = '', ...rest] = locatedLines(`${outcome.file}:${assertion.line}:${assertion.column}`, assertion.message);
      lines.push(`    ✗ ${first}`, ...rest.map(indented));
    }
  }
  lines.push(...explanationLines(outcome, '    '));
  if (outcome.body !== undefined) {
    const text = typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body, null, 2);
    const bodyLines = text.split('\n');
    const shown = bodyLines.slice(0, PRETTY_BODY_LINES).map((line) => `    ${line}`);
    if (bodyLines.length > PRETTY_BODY_LINES)
      shown.push(`    … ${bodyLines.length - PRETTY_BODY_LINES} more lines (--output body prints them all)`);
    lines.push(...shown);
  }
  return `${lines.join('\n')}\n`;
}

/** The explanation of --explain: its summary, then one line per cause (possible causes marked). */
export function explanationLines(outcome: RequestOutcome, indent: string): string[] {
  const explanation = outcome.explanation;
  if (!explanation) return [];
  return [
    `${indent}why: ${explanation.summary}`,
    ...explanation.causes.map((cause) => `${indent}  - ${cause.certain ? '' : 'possibly: '}${cause.sentence}`),
  ];
}

/** A line of the pretty output's block under a request (an empty line stays empty). */
function indented(line: string): string {
  return line === '' ? '' : `    ${line}`;
}
