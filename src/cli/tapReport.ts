// `json2 run --reporter tap`: a TAP 14 report on stdout, one test point per request, written as each request ends.
import type { RequestOutcome } from './runResults';

/** Characters of a `wanted`/`found` value shown before it is cut. */
const VALUE_LIMIT = 2000;

/** A YAML double-quoted scalar: JSON's string escapes, plus the line separators YAML would read as breaks. */
function yamlString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A value as YAML: JSON flow style (valid YAML), strings quoted as above. */
function yamlValue(value: unknown): string {
  if (typeof value === 'string') return yamlString(value);
  const text = JSON.stringify(value) ?? 'null';
  // A long value (a whole answer) is cut, and then quoted as text: cut JSON is no longer a value.
  if (text.length > VALUE_LIMIT) return yamlString(`${text.slice(0, VALUE_LIMIT)}…`);
  return text.replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A test point's description: `#` would start a directive, so it and `\` are escaped; one line. */
function description(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/#/g, '\\#')
    .replace(/[\r\n]+/g, ' ');
}

/** The report's head: the version and the plan (the number of requests the run will report). */
export function tapHead(planned: number): string {
  return `TAP version 14\n1..${planned}\n`;
}

/** The test point of one request, with a YAML block saying where and why it failed. */
export function tapTestPoint(number: number, outcome: RequestOutcome): string {
  const name = description(`${outcome.file}: ${outcome.label}`);
  if (outcome.verdict === 'passed') return `ok ${number} - ${name}\n`;
  if (outcome.verdict === 'skipped') return `ok ${number} - ${name} # SKIP ${description(outcome.message ?? 'not run')}\n`;
  const lines = [
    `not ok ${number} - ${name}`,
    '  ---',
    `  message: ${yamlString(outcome.message ?? outcome.verdict)}`,
    '  severity: fail',
    '  at:',
    `    file: ${yamlString(outcome.file)}`,
    `    line: ${outcome.line}`,
    `    column: ${outcome.column}`,
  ];
  if (outcome.httpStatus !== undefined) lines.push(`  status: ${outcome.httpStatus}`);
  if (outcome.problems.length > 0) lines.push('  problems:', ...outcome.problems.map((problem) => `    - ${yamlString(problem)}`));
  const failed = outcome.assertions.filter((assertion) => !assertion.passed);
  if (failed.length > 0) lines.push('  assertions:');
  for (const assertion of failed) {
    lines.push(
      `    - text: ${yamlString(assertion.text)}`,
      `      line: ${assertion.line}`,
      `      column: ${assertion.column}`,
      `      message: ${yamlString(assertion.message)}`,
    );
    if ('expected' in assertion) lines.push(`      wanted: ${yamlValue(assertion.expected)}`);
    if ('actual' in assertion) lines.push(`      found: ${yamlValue(assertion.actual)}`);
  }
  lines.push('  ...');
  return `${lines.join('\n')}\n`;
}

/** The report of a run that sent nothing because files are malformed: their problems as comments, then a bail out. */
export function tapBailOut(problems: readonly string[], reason: string): string {
  return `TAP version 14\n${problems.map((problem) => `# ${problem.replace(/[\r\n]+/g, ' ')}\n`).join('')}Bail out! ${reason.replace(/[\r\n]+/g, ' ')}\n`;
}
