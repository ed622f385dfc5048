// `json2 run` options: what util.parseArgs accepts, the checks on top of it, and what is refused as bad usage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRunOptions, RunUsageError } from '../../../src/cli/runOptions';

test('defaults and every option', () => {
  assert.deepEqual(parseRunOptions(['a.json2']), {
    files: ['a.json2'],
    names: [],
    lines: [],
    output: 'pretty',
    reporters: [],
    bail: false,
    timeoutMs: 30000,
    yes: false,
    verbose: false,
    explain: false,
  });
  assert.deepEqual(
    parseRunOptions([
      'a.json2',
      'b.json2',
      '--name',
      'x',
      '--name',
      'y',
      '--line',
      '12',
      '--url',
      'http://127.0.0.1:8069',
      '--db',
      'demo',
      '--connections',
      'c.json',
      '--env',
      '.env',
      '--key-file',
      'k',
      '--output',
      'json',
      '--junit',
      'r.xml',
      '--bail',
      '--timeout',
      '500',
      '--yes',
      '--verbose',
      '--explain',
      '--reporter',
      'github',
      '--reporter',
      'github',
    ]),
    {
      files: ['a.json2', 'b.json2'],
      names: ['x', 'y'],
      lines: [12],
      url: 'http://127.0.0.1:8069',
      database: 'demo',
      connectionsFile: 'c.json',
      envFile: '.env',
      keyFile: 'k',
      output: 'json',
      junitFile: 'r.xml',
      reporters: ['github'],
      bail: true,
      timeoutMs: 500,
      yes: true,
      verbose: true,
      explain: true,
    },
  );
  const tap = parseRunOptions(['a.json2', '--reporter', 'tap', '--reporter', 'github']);
  assert.ok(tap !== 'help');
  assert.deepEqual([tap.output, tap.reporters], ['none', ['tap', 'github']], 'TAP takes stdout: no answers printed there');
  assert.ok(parseRunOptions(['a.json2', '--reporter', 'tap', '--output', 'none']) !== 'help');
  assert.equal(parseRunOptions(['--help']), 'help');
  assert.equal(parseRunOptions(['a.json2', '-h']), 'help');
});

test('bad usage is refused with a message', () => {
  const refused = (argv: string[], message: RegExp) =>
    assert.throws(
      () => parseRunOptions(argv),
      (error: unknown) => error instanceof RunUsageError && message.test(error.message),
    );
  refused([], /at least one \.json2 file/);
  refused(['a.json2', '--key', 'secret'], /Unknown option '--key'/);
  refused(['a.json2', '--api-key', 'secret'], /Unknown option '--api-key'/);
  refused(['a.json2', '--connection', 'x', '--url', 'http://h'], /either --connection or --url/);
  refused(['a.json2', '--db', 'demo'], /--db goes with --url/);
  refused(['a.json2', '--output', 'xml'], /--output must be one of pretty, json, body, none/);
  refused(['a.json2', '--reporter', 'junit'], /--reporter must be one of github, tap, not "junit"/);
  refused(['a.json2', '--reporter', 'tap', '--output', 'pretty'], /--reporter tap writes its report on stdout/);
  refused(['a.json2', '--line', '0'], /--line takes a line number/);
  refused(['a.json2', '--line', 'x'], /--line takes a line number/);
  refused(['a.json2', '--timeout=-5'], /--timeout takes milliseconds/);
  refused(['a.json2', '--bail=yes'], /--bail/);
  refused(['a.json2', '--timeout', '-5'], /--timeout/);
});
