// Prints outcomes in the chosen format: answers on stdout, failures and the summary on stderr (everything redacted already).
import { contextSourcesText } from '../core/connections/defaultContext';
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
  ) {}

  outcome(outcome: RequestOutcome): void {
    if (this.format === 'pretty') this.streams.out(prettyOutcome(outcome));
    else {
      if (this.format === 'body' && outcome.body !== undefined)
        this.streams.out(`${typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body, null, 2)}\n`);
      const failures = failureLines(outcome);
      if (failures.length > 0) this.streams.err(`${failures.join('\n')}\n`);
    }
  }

  finish(files: readonly FileOutcome[]): void {
    if (this.format === 'json') this.streams.out(`${JSON.stringify({ files }, null, 2)}\n`);
  }
}

/** `file:line:col: message` lines for what went wrong with one request. */
export function failureLines(outcome: RequestOutcome): string[] {
  if (outcome.verdict === 'passed') return [];
  const where = `${outcome.file}:${outcome.line}:${outcome.column}`;
  const lines = [
    `${where}: ${outcome.verdict === 'skipped' ? 'skipped' : 'failed'}: ${outcome.label}${outcome.message ? `: ${outcome.message}` : ''}`,
  ];
  lines.push(...outcome.problems);
  for (const assertion of outcome.assertions)
    if (!assertion.passed) lines.push(`${outcome.file}:${assertion.line}:${assertion.column}: ${assertion.message}`);
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
  if (outcome.verdict !== 'passed' && outcome.message) lines.push(`    ${where}: ${outcome.message}`);
  for (const problem of outcome.problems) lines.push(`    ${problem}`);
  for (const assertion of outcome.assertions)
    lines.push(
      `    ${assertion.passed ? '✓' : '✗'} ${assertion.passed ? assertion.text : `${outcome.file}:${assertion.line}:${assertion.column}: ${assertion.message}`}`,
    );
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
