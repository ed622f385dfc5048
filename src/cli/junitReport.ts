// Writes a run's outcomes as JUnit XML (one testsuite per file, one testcase per request), escaped by hand.
import type { FileOutcome, RequestOutcome } from './runResults';

// XML 1.0 allows tab, line feed, carriage return and the characters from U+0020 on, except lone surrogates and
// U+FFFE/U+FFFF; anything else (control characters an answer may carry) is replaced so the report stays well-formed.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for an XML attribute value or element content: the five markup characters escaped, invalid characters replaced. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Line breaks inside attributes would be normalised to spaces by readers: keep them as character references.
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values).map(([key, value]) => ` ${key}="${xmlText(String(value))}"`).join('');
}

function testCase(request: RequestOutcome): string {
  const head = `    <testcase${attributes({ name: request.label, classname: request.file, file: request.file, line: request.line, time: seconds(request.durationMs) })}`;
  const failedAssertions = request.assertions.filter((assertion) => !assertion.passed);
  const details = [
    ...(request.message ? [request.message] : []),
    ...request.problems,
    ...failedAssertions.map((assertion) => `${request.file}:${assertion.line}:${assertion.column}: ${assertion.message}`),
  ].join('\n');
  switch (request.verdict) {
    case 'passed':
      return `${head}/>`;
    case 'skipped':
      return `${head}>\n      <skipped${attributes({ message: request.message ?? 'not run' })}/>\n    </testcase>`;
    case 'failed': {
      const message = failedAssertions[0]?.message ?? request.message ?? 'failed';
      return `${head}>\n      <failure${attributes({ message, type: failedAssertions.length ? 'assertion' : 'status' })}>${xmlText(details)}</failure>\n    </testcase>`;
    }
    case 'error':
      return `${head}>\n      <error${attributes({ message: request.message ?? 'error', type: 'error' })}>${xmlText(details)}</error>\n    </testcase>`;
  }
}

/** The JUnit XML document for a run (the shape CI systems read: testsuites › testsuite › testcase). */
export function junitReport(files: readonly FileOutcome[], durationMs: number): string {
  const count = (requests: readonly RequestOutcome[], verdict: RequestOutcome['verdict']) => requests.filter((r) => r.verdict === verdict).length;
  const all = files.flatMap((file) => file.requests);
  const suites = files.map((file) => {
    const counts = { tests: file.requests.length, failures: count(file.requests, 'failed'), errors: count(file.requests, 'error'), skipped: count(file.requests, 'skipped') };
    const cases = file.requests.map(testCase).join('\n');
    return `  <testsuite${attributes({ name: file.file, ...counts, time: seconds(file.durationMs) })}>${cases ? `\n${cases}\n  ` : ''}</testsuite>`;
  });
  const totals = { name: 'json2 run', tests: all.length, failures: count(all, 'failed'), errors: count(all, 'error'), skipped: count(all, 'skipped'), time: seconds(durationMs) };
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attributes(totals)}>\n${suites.join('\n')}\n</testsuites>\n`;
}
