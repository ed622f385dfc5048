// `json2 run --reporter github|tap` as CI runs it: the built CLI against the sandbox, its stdout read line by line for a
// failing assertion, a failed dependency and a malformed file; server text kept from being read as workflow commands.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { annotationLine, escapeData, escapeProperty } from '../../../src/cli/githubAnnotations';
import { ensureCliBuilt, fixturesDir, runCli } from './cliHarness';
import { parseTap, readGithubOutput } from './reportParsers';

const STOP = /^::stop-commands::([0-9a-f]{32})$/;

/** The lines of an output, without the empty one after the last line break. */
const linesOf = (text: string): string[] => text.split('\n').slice(0, text.endsWith('\n') ? -1 : undefined);

describe('json2 run --reporter', () => {
  let sandbox: StartedSandbox;
  let env: Record<string, string>;
  let connection: string[];
  let tmp: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    env = { JSON2_API_KEY: sandbox.keys.admin };
    connection = ['--url', sandbox.url, '--db', sandbox.database];
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-reporters-'));
  });

  after(async () => {
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("github, failing assertion: commands stopped around the run, then one annotation at the assertion's line", async () => {
    const result = await runCli(['run', 'failing.json2', ...connection, '--output', 'none', '--reporter', 'github'], { env });
    assert.equal(result.code, 1, result.stderr);
    assert.deepEqual(
      readGithubOutput(result.stdout, result.stderr).annotations.map((annotation) => annotation.data),
      ['?? body.version == "18.0": got "19.0"'],
    );
    const lines = linesOf(result.stdout);
    const token = STOP.exec(lines[0])?.[1];
    assert.ok(token, `the first line stops workflow commands: ${lines[0]}`);
    assert.deepEqual(lines.slice(1), [
      `::${token}::`,
      '::error file=failing.json2,line=9,col=1,title=json2 run%3A Wrong expectation::?? body.version == "18.0": got "19.0"',
    ]);
    // The usual report is still on stderr.
    assert.match(result.stderr, /^failing\.json2:9:1: \?\? body\.version == "18\.0": got "19\.0"$/m);
  });

  test('github, malformed file: an error annotation per problem at its line and column, exit 2, nothing sent', async () => {
    const result = await runCli(['run', 'passing.json2', 'malformed.json2', ...connection, '--reporter', 'github'], { env });
    assert.equal(result.code, 2);
    assert.equal(readGithubOutput(result.stdout, result.stderr).annotations.length, 2);
    const lines = linesOf(result.stdout);
    const token = STOP.exec(lines[0])?.[1];
    assert.ok(token, lines[0]);
    assert.deepEqual(lines.slice(1), [
      `::${token}::`,
      '::error file=malformed.json2,line=1,col=1,title=json2%3A lowercase-method::HTTP methods are written in capitals: POST, GET',
      '::error file=malformed.json2,line=5,col=3,title=json2%3A hash-comment-in-body::"#" does not start a comment inside a JSON body: use // or /* */',
    ]);
    assert.match(result.stderr, /nothing was sent/);
  });

  test('github: paths relative to GITHUB_WORKSPACE; an error answer, and its dependent skipped, not annotated twice', async () => {
    const folder = path.join(tmp, 'requests');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'chain.json2'),
      [
        '### Lookup',
        '# @name lookup',
        'POST res.partner/no_such_method',
        '',
        '### Uses it',
        'POST res.partner/read',
        '{ "ids": {{lookup.response.body}}, "fields": ["name"] }',
        '',
      ].join('\n'),
    );
    const result = await runCli(['run', path.join(folder, 'chain.json2'), ...connection, '--output', 'none', '--reporter', 'github'], {
      env: { ...env, GITHUB_WORKSPACE: tmp },
    });
    assert.equal(result.code, 1, result.stderr);
    assert.equal(readGithubOutput(result.stdout, result.stderr).annotations[0].properties.file, 'requests/chain.json2');
    const lines = linesOf(result.stdout);
    assert.equal(lines.length, 3, result.stdout);
    assert.match(lines[2], /^::error file=requests\/chain\.json2,line=3,col=1,title=json2 run%3A lookup::HTTP 404: .+$/);
    assert.match(result.stderr, /chain\.json2:6:1: skipped: Uses it: Not sent: it needs the answer of lookup, which failed\./);
  });

  test('github: an answer holding a workflow command is printed while commands are stopped', async () => {
    const name = '::error file=x,line=1::injected%0A::add-mask::x';
    const file = path.join(tmp, 'inject.json2');
    fs.writeFileSync(
      file,
      `POST res.partner/create\n{ "vals_list": [{ "name": ${JSON.stringify(name)} }] }\n\n###\nPOST res.partner/search_read\n{ "domain": [["name", "=", ${JSON.stringify(name)}]], "fields": ["name"] }\n?? body.length == 0\n`,
    );
    const result = await runCli(['run', file, ...connection, '--reporter', 'github'], { env });
    assert.equal(result.code, 1, result.stderr);
    const { annotations } = readGithubOutput(result.stdout, result.stderr);
    assert.ok(annotations.every((annotation) => annotation.command === 'error'));
    const lines = linesOf(result.stdout);
    const token = STOP.exec(lines[0])?.[1];
    const resume = lines.indexOf(`::${token}::`);
    const printed = lines.findIndex((line) => line.includes('injected'));
    assert.ok(printed > 0 && printed < resume, 'the name is printed before commands resume');
    for (const line of lines.slice(resume + 1)) assert.match(line, /^::error file=/);
    assert.ok(
      lines.slice(resume + 1).every((line) => !line.includes('::add-mask::')),
      'the annotation holds the server text escaped on one line',
    );
  });

  test('tap: version, plan, one test point per request, a YAML block at the failed assertion with wanted and found', async () => {
    const result = await runCli(['run', 'failing.json2', ...connection, '--reporter', 'tap'], { env });
    assert.equal(result.code, 1, result.stderr);
    const { points, plan } = parseTap(result.stdout);
    assert.deepEqual(plan, { start: 1, end: 3 });
    assert.deepEqual(
      points.map((point) => point.ok),
      [true, false, true],
    );
    assert.deepEqual(points[1].diag?.assertions, [
      {
        text: '?? body.version == "18.0"',
        line: 9,
        column: 1,
        message: '?? body.version == "18.0": got "19.0"',
        wanted: '18.0',
        found: '19.0',
      },
    ]);
    assert.deepEqual(linesOf(result.stdout), [
      'TAP version 14',
      '1..3',
      'ok 1 - failing.json2: First passes',
      'not ok 2 - failing.json2: Wrong expectation',
      '  ---',
      '  message: "1 of 2 assertions failed"',
      '  severity: fail',
      '  at:',
      '    file: "failing.json2"',
      '    line: 8',
      '    column: 1',
      '  status: 200',
      '  assertions:',
      '    - text: "?? body.version == \\"18.0\\""',
      '      line: 9',
      '      column: 1',
      '      message: "?? body.version == \\"18.0\\": got \\"19.0\\""',
      '      wanted: "18.0"',
      '      found: "19.0"',
      '  ...',
      'ok 3 - failing.json2: Last passes',
    ]);
  });

  test('tap: a skipped request is a SKIP directive; a malformed file bails out with its problems', async () => {
    const bail = await runCli(['run', 'failing.json2', ...connection, '--reporter', 'tap', '--bail'], { env });
    assert.equal(bail.code, 1);
    assert.equal(parseTap(bail.stdout).points[2].skip, 'not run: --bail stopped the run after a failure');
    assert.equal(linesOf(bail.stdout).at(-1), 'ok 3 - failing.json2: Last passes # SKIP not run: --bail stopped the run after a failure');
    const malformed = await runCli(['run', 'malformed.json2', ...connection, '--reporter', 'tap'], { env });
    assert.equal(malformed.code, 2);
    assert.equal(parseTap(malformed.stdout).bailout, 'json2 run: nothing was sent: fix the errors above first');
    assert.deepEqual(linesOf(malformed.stdout), [
      'TAP version 14',
      '# malformed.json2:1:1: error: HTTP methods are written in capitals: POST, GET (lowercase-method)',
      '# malformed.json2:5:3: error: "#" does not start a comment inside a JSON body: use // or /* */ (hash-comment-in-body)',
      'Bail out! json2 run: nothing was sent: fix the errors above first',
    ]);
  });
});

test('workflow command escaping: % CR LF in messages, and : , too in properties', () => {
  assert.equal(escapeData('50%\r\nnext: a, b'), '50%25%0D%0Anext: a, b');
  assert.equal(escapeProperty('dir:a,b%\n'), 'dir%3Aa%2Cb%25%0A');
  assert.equal(
    annotationLine({ level: 'warning', file: 'a,b.json2', line: 2, column: 3, message: 'two\nlines' }),
    '::warning file=a%2Cb.json2,line=2,col=3::two%0Alines',
  );
  assert.ok(fs.existsSync(path.join(fixturesDir, 'failing.json2')));
});
