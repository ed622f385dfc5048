// Writes a run's outcomes as JUnit XML (one testsuite per file, one testcase per request) with xmlbuilder2.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { FileOutcome, RequestOutcome } from './runResults';

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

const count = (requests: readonly RequestOutcome[], verdict: RequestOutcome['verdict']) =>
  requests.filter((r) => r.verdict === verdict).length;

function counts(requests: readonly RequestOutcome[]) {
  return {
    tests: requests.length,
    failures: count(requests, 'failed'),
    errors: count(requests, 'error'),
    skipped: count(requests, 'skipped'),
  };
}

/** What a failure or error element holds: the request's message, its problems, and each failed assertion at its place. */
function details(request: RequestOutcome): string {
  const failedAssertions = request.assertions.filter((assertion) => !assertion.passed);
  return [
    ...(request.message ? [request.message] : []),
    ...request.problems,
    ...failedAssertions.map((assertion) => `${request.file}:${assertion.line}:${assertion.column}: ${assertion.message}`),
  ].join('\n');
}

function addTestCase(suite: XMLBuilder, request: RequestOutcome): void {
  const testCase = suite.ele('testcase', {
    name: request.label,
    classname: request.file,
    file: request.file,
    line: String(request.line),
    time: seconds(request.durationMs),
  });
  const failedAssertions = request.assertions.filter((assertion) => !assertion.passed);
  switch (request.verdict) {
    case 'passed':
      return;
    case 'skipped':
      testCase.ele('skipped', { message: request.message ?? 'not run' });
      return;
    case 'failed':
      testCase
        .ele('failure', {
          message: failedAssertions[0]?.message ?? request.message ?? 'failed',
          type: failedAssertions.length ? 'assertion' : 'status',
        })
        .txt(details(request));
      break;
    case 'error':
      testCase.ele('error', { message: request.message ?? 'error', type: 'error' }).txt(details(request));
  }
  // The server's traceback is kept here, where CI shows it on demand, and out of the failure's message.
  if (request.traceback !== undefined) testCase.ele('system-err').txt(request.traceback);
}

/**
 * The JUnit XML document for a run (the shape CI systems read: testsuites › testsuite › testcase). Characters XML
 * cannot hold (control characters an answer may carry) become U+FFFD so the report stays well-formed; a line break in
 * an attribute reads back as a space, so the full text of a failure or error is its element's content.
 */
export function junitReport(files: readonly FileOutcome[], durationMs: number): string {
  const all = files.flatMap((file) => file.requests);
  const document = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' });
  const root = document.ele('testsuites', { name: 'json2 run', ...strings(counts(all)), time: seconds(durationMs) });
  for (const file of files) {
    const suite = root.ele('testsuite', { name: file.file, ...strings(counts(file.requests)), time: seconds(file.durationMs) });
    for (const request of file.requests) addTestCase(suite, request);
  }
  return `${document.end({ prettyPrint: true })}\n`;
}

function strings(values: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}
