// `json2 run --reporter github`: GitHub Actions workflow commands, an annotation per failure and per problem of a file.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Diagnostic } from '../core/requestFile';
import type { RequestOutcome } from './runResults';

/** One annotation before escaping: 1-based places, the message with real line breaks. */
export interface Annotation {
  readonly level: 'error' | 'warning' | 'notice';
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly title?: string;
  readonly message: string;
}

/** A message: `%`, CR and LF as the runner's percent escapes (a line break would end the command). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: also `:` (ends the properties) and `,` (separates them). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=…,line=…,col=…,title=…::message` */
export function annotationLine(annotation: Annotation): string {
  const properties = [
    `file=${escapeProperty(annotation.file)}`,
    `line=${annotation.line}`,
    `col=${annotation.column}`,
    ...(annotation.title !== undefined ? [`title=${escapeProperty(annotation.title)}`] : []),
  ];
  return `::${annotation.level} ${properties.join(',')}::${escapeData(annotation.message)}`;
}

/**
 * The path GitHub shows the annotation on: relative to the checkout (`GITHUB_WORKSPACE`) when the file is inside it,
 * else as given on the command line; always with forward slashes.
 */
export function annotationPath(file: string, workspace: string | undefined): string {
  if (workspace) {
    const relative = path.relative(workspace, path.resolve(file));
    if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) return relative.split(path.sep).join('/');
  }
  return file.split(path.sep).join('/');
}

/** A problem of a request file: an error annotation for an error, a warning for the rest. */
export function diagnosticAnnotation(file: string, diagnostic: Diagnostic): Annotation {
  return {
    level: diagnostic.severity === 'error' ? 'error' : 'warning',
    file,
    line: diagnostic.range.start.line + 1,
    column: diagnostic.range.start.character + 1,
    title: `json2: ${diagnostic.code}`,
    message: diagnostic.message,
  };
}

/**
 * What a request that did not pass annotates: each failed assertion at its line; a request failed without a failed
 * assertion (an error status, no answer, not sent) at its request line. Skipped requests are not annotated: the
 * failure that caused them is.
 */
export function outcomeAnnotations(outcome: RequestOutcome, file: string): Annotation[] {
  if (outcome.verdict === 'passed' || outcome.verdict === 'skipped') return [];
  const title = `json2 run: ${outcome.label}`;
  const failed = outcome.assertions.filter((assertion) => !assertion.passed);
  const annotations: Annotation[] = failed.map((assertion) => ({
    level: 'error',
    file,
    line: assertion.line,
    column: assertion.column,
    title,
    message: assertion.message,
  }));
  if (failed.length === 0 || (outcome.httpStatus !== undefined && (outcome.httpStatus < 200 || outcome.httpStatus >= 300))) {
    const message = [outcome.message ?? outcome.verdict, ...outcome.problems].join('\n');
    annotations.unshift({ level: 'error', file, line: outcome.line, column: outcome.column, title, message });
  }
  return annotations;
}

/** Invisible, and no blank to the runner: `:⁠:` and `#⁠#[` read as they are, but start no command. */
const WORD_JOINER = '\u2060';

/**
 * Text on stderr made unreadable as workflow commands. The runner reads stdout and stderr as they come, so a line on
 * stderr may be read before stdout's pause: every line whose first non-blank characters are `::` (the runner trims
 * blanks, U+0085 included, before looking) and the older `##[` form anywhere get an invisible word joiner.
 */
export function inertWorkflowCommands(text: string): string {
  return text.replace(/^([\s\u0085]*):(?=:)/gm, `$1:${WORD_JOINER}`).replaceAll('##[', `#${WORD_JOINER}#[`);
}

/**
 * Stops the runner from reading workflow commands in what the run prints (answers and messages come from a server),
 * and lets it read them again for the annotations: `::stop-commands::TOKEN` … `::TOKEN::`, the token random. These two
 * lines are written as they are, never through redaction (a secret `commands` must not turn off the pause).
 */
export class CommandGuard {
  readonly #token = randomBytes(16).toString('hex');

  stop(): string {
    return `::stop-commands::${this.#token}`;
  }

  resume(): string {
    return `::${this.#token}::`;
  }
}
