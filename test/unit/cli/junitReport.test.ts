// The JUnit report (xmlbuilder2): read back by an XML parser (saxes) and a JUnit parser (junit2json), with markup and control characters in names and messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { junitReport } from '../../../src/cli/junitReport';
import type { FileOutcome, RequestOutcome } from '../../../src/cli/runResults';
import { parseJunit } from './reportParsers';

const base = { file: 'dir/a&b.json2', index: 0, line: 3, column: 1, assertions: [], problems: [] } as const;

const outcomes: FileOutcome[] = [
  {
    file: 'dir/a&b.json2',
    durationMs: 1234,
    requests: [
      { ...base, label: 'Plain <ok> & "quoted" \'name\'', verdict: 'passed', durationMs: 12 },
      {
        ...base,
        index: 1,
        label: 'Fails',
        verdict: 'failed',
        durationMs: 3,
        message: '1 of 1 assertions failed',
        assertions: [
          { text: '?? body.x == "<a>"', line: 9, column: 1, passed: false, message: '?? body.x == "<a>": got "\u0001bell\u0007 ]]> end"' },
        ],
      },
      {
        ...base,
        index: 2,
        label: 'Errors',
        verdict: 'error',
        message: 'could not be resolved',
        problems: ['dir/a&b.json2:4:5: error: Unknown variable x (unknown-variable)'],
      },
      { ...base, index: 3, label: 'Skipped', verdict: 'skipped', message: 'not run: --bail stopped the run after a failure' },
    ] satisfies RequestOutcome[],
  },
];

test('a JUnit parser reads back names, counts, failures, errors and skips exactly', async () => {
  const { parse } = await import('junit2json');
  const xml = junitReport(outcomes, 1500);
  assert.equal(parseJunit(xml).testCases.length, 4, 'well-formed XML (saxes)');
  const report = (await parse(xml)) as {
    tests: number;
    failures: number;
    errors: number;
    skipped: number;
    time: number;
    testsuite: {
      name: string;
      testcase: {
        name: string;
        classname: string;
        failure?: { message: string; type: string; inner: string }[];
        error?: { message: string; inner: string }[];
        skipped?: { message: string }[];
      }[];
    }[];
  };
  assert.deepEqual([report.tests, report.failures, report.errors, report.skipped, report.time], [4, 1, 1, 1, 1.5]);
  const suite = report.testsuite[0];
  assert.equal(suite.name, 'dir/a&b.json2');
  assert.deepEqual(
    suite.testcase.map((c) => c.name),
    ['Plain <ok> & "quoted" \'name\'', 'Fails', 'Errors', 'Skipped'],
  );
  assert.equal(suite.testcase[1].failure?.[0].message, '?? body.x == "<a>": got "\uFFFDbell\uFFFD ]]> end"');
  assert.equal(suite.testcase[1].failure?.[0].type, 'assertion');
  assert.match(suite.testcase[1].failure?.[0].inner ?? '', /^1 of 1 assertions failed\ndir\/a&b\.json2:9:1: /);
  assert.equal(suite.testcase[2].error?.[0].message, 'could not be resolved');
  assert.match(suite.testcase[2].error?.[0].inner ?? '', /Unknown variable x/);
  assert.equal(suite.testcase[3].skipped?.[0].message, 'not run: --bail stopped the run after a failure');
});

test('the report escapes markup and replaces characters XML cannot hold', async () => {
  const { parse } = await import('junit2json');
  const label = '<a href="x">&\'</a> tab\tline\nnul\u0000 lone\uD800 emoji 😀';
  const xml = junitReport([{ ...outcomes[0], requests: [{ ...base, label, verdict: 'passed' }] }], 1);
  // An XML parser reads a tab or line break written in an attribute as a space (attribute-value normalisation).
  assert.equal(parseJunit(xml).testCases[0].attributes.name, '<a href="x">&\'</a> tab line nul\uFFFD lone\uFFFD emoji 😀');
  const report = (await parse(xml)) as {
    testsuite: { testcase: { name: string }[] }[];
  };
  assert.equal(report.testsuite[0].testcase[0].name, '<a href="x">&\'</a> tab\tline\nnul\uFFFD lone\uFFFD emoji 😀');
});
