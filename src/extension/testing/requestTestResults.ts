// What one request's result tells the Test Explorer: its state, messages at the failed lines (a diff for comparisons),
// and the answer (already redacted by the pipeline) as the test's output.
import * as vscode from 'vscode';
import type { AssertionResult, RequestRunResult } from '../../core/requestRun/runResult';
import { rangeOf } from '../requests/requestDiagnostics';

/** Characters of an answer written to a test's output before it is cut. */
const OUTPUT_LIMIT = 100_000;

/** Operators whose expected and actual values are worth a side-by-side diff. */
const COMPARISONS = new Set(['==', '!=', '>', '>=', '<', '<=', 'contains']);

/** How the result was reported (the host tests read it back: the Testing API does not give results to extensions). */
export interface ReportedResult {
  readonly state: 'passed' | 'failed' | 'errored' | 'skipped';
  readonly messages: readonly { readonly message: string; readonly line?: number; readonly expected?: string; readonly actual?: string }[];
  readonly output: string;
}

function shown(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}

function assertionMessage(uri: vscode.Uri, assertion: AssertionResult): vscode.TestMessage {
  const comparable =
    assertion.operator !== undefined && COMPARISONS.has(assertion.operator) && 'expected' in assertion && 'actual' in assertion;
  const message = comparable
    ? vscode.TestMessage.diff(assertion.message, shown(assertion.expected), shown(assertion.actual))
    : new vscode.TestMessage(assertion.message);
  message.location = new vscode.Location(uri, rangeOf(assertion.range));
  return message;
}

/** Why a request failed or was not sent, at its request line. */
function requestMessage(uri: vscode.Uri, result: RequestRunResult): vscode.TestMessage {
  const head = result.error?.message ?? (result.status !== undefined ? `HTTP ${result.status}` : result.verdict);
  const status = result.status !== undefined && result.error && !head.includes(String(result.status)) ? `HTTP ${result.status}: ` : '';
  const problems = result.problems.map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`);
  const message = new vscode.TestMessage([`${status}${head}`, ...problems].join('\n'));
  message.location = new vscode.Location(uri, rangeOf(result.range));
  return message;
}

/** The test's output: what was sent and what came back (redacted), with CRLF as the test output terminal wants. */
function outputOf(result: RequestRunResult): string {
  const lines = [
    `${result.label}: ${result.request ?? ''}${result.connection ? ` (${result.connection})` : ''} → ${result.status ?? result.error?.kind ?? result.verdict}`,
  ];
  const answer = result.body !== undefined ? shown(result.body) : result.rawText;
  if (answer !== undefined)
    lines.push(
      answer.length > OUTPUT_LIMIT ? `${answer.slice(0, OUTPUT_LIMIT)}\n… (${answer.length - OUTPUT_LIMIT} more characters)` : answer,
    );
  for (const assertion of result.assertions) lines.push(`${assertion.passed ? '✓' : '✗'} ${assertion.message}`);
  if (result.verdict === 'skipped' || result.verdict === 'error') lines.push(result.error?.message ?? '');
  return `${lines.join('\n').replace(/\r?\n/g, '\r\n')}\r\n`;
}

/** Reports a result on `item` of `run`; returns what was reported. */
export function reportResult(run: vscode.TestRun, item: vscode.TestItem, uri: vscode.Uri, result: RequestRunResult): ReportedResult {
  const output = outputOf(result);
  run.appendOutput(output, new vscode.Location(uri, rangeOf(result.range)), item);
  const duration = result.timings?.totalMs;
  const messages: vscode.TestMessage[] = [];
  let state: ReportedResult['state'];
  if (result.verdict === 'passed') {
    state = 'passed';
    run.passed(item, duration);
  } else if (result.verdict === 'skipped') {
    state = 'skipped';
    run.skipped(item);
  } else if (result.verdict === 'failed') {
    state = 'failed';
    const failed = result.assertions.filter((assertion) => !assertion.passed);
    const statusFailed = result.status !== undefined && (result.status < 200 || result.status >= 300);
    if (failed.length === 0 || statusFailed) messages.push(requestMessage(uri, result));
    messages.push(...failed.map((assertion) => assertionMessage(uri, assertion)));
    run.failed(item, messages, duration);
  } else {
    state = 'errored';
    messages.push(requestMessage(uri, result));
    run.errored(item, messages, duration);
  }
  return {
    state,
    output,
    messages: messages.map((message) => ({
      message: typeof message.message === 'string' ? message.message : message.message.value,
      ...(message.location ? { line: message.location.range.start.line + 1 } : {}),
      ...(message.expectedOutput !== undefined ? { expected: message.expectedOutput } : {}),
      ...(message.actualOutput !== undefined ? { actual: message.actualOutput } : {}),
    })),
  };
}
