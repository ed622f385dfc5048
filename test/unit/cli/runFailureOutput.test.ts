// `json2 run` failures as CI reads them: one `file:line:col:` line per failure with the rest of a multi-line message
// indented under it, the server's traceback only with --verbose (and always in JUnit's system-err), GitHub annotations
// and TAP still one command or one YAML block each. The built CLI against the sandbox.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { parseJunit, parseTap, readGithubOutput } from './reportParsers';
import { ensureCliBuilt, runCli } from './cliHarness';

// The sandbox's traceback ends with the exception's name, as a real server's does.
const TRACEBACK = /Traceback|odoo\.exceptions\.ValidationError:/;

// The first request deletes a user's contact, which the database refuses with a message of several lines.
const FILE = [
  "### A user's contact",
  'POST res.partner/unlink',
  '{ "ids": [3] }',
  '',
  '### Missing record',
  'POST res.partner/unlink',
  '{ "ids": [987654] }',
  '?? status == 200',
  '',
].join('\n');

/** The lines of an output, without the empty one after the last line break. */
const linesOf = (text: string): string[] => text.split('\n').slice(0, text.endsWith('\n') ? -1 : undefined);

describe('json2 run: failures readable in CI', () => {
  let sandbox: StartedSandbox;
  let env: Record<string, string>;
  let tmp: string;
  let file: string;
  let args: string[];

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    env = { JSON2_API_KEY: sandbox.keys.admin };
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-failures-'));
    file = path.join(tmp, 'failing.json2');
    fs.writeFileSync(file, FILE);
    args = ['run', file, '--url', sandbox.url, '--db', sandbox.database];
  });
  after(async () => {
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Every line that starts a failure (`file:line:col: `), and the lines that follow it up to the next such line. */
  function failureBlocks(text: string): string[][] {
    const blocks: string[][] = [];
    for (const line of linesOf(text)) {
      if (line.startsWith(`${file}:`)) blocks.push([line]);
      else if (blocks.length > 0 && (line === '' || /^\s/.test(line))) blocks.at(-1)?.push(line);
      else if (blocks.length > 0) blocks.push([]);
    }
    return blocks.filter((block) => block.length > 0);
  }

  test('without --verbose: no traceback anywhere; a multi-line message is one file:line:col: line and indented lines', async () => {
    for (const output of ['none', 'pretty', 'json', 'body']) {
      const result = await runCli([...args, '--output', output], { env });
      assert.equal(result.code, 1, result.stderr);
      assert.doesNotMatch(result.stdout + result.stderr, TRACEBACK, `--output ${output}`);
      assert.doesNotMatch(result.stdout + result.stderr, /"debug"/, `--output ${output}: no debug member in a printed answer`);
    }
    const result = await runCli([...args, '--output', 'none'], { env });
    const blocks = failureBlocks(result.stderr);
    assert.deepEqual(
      blocks.map((block) => block[0]),
      [
        `${file}:2:1: failed: A user's contact: HTTP 422: The operation cannot be completed:`,
        `${file}:6:1: failed: Missing record: HTTP 404: Record does not exist or has been deleted.; 1 of 1 assertions failed`,
        `${file}:8:1: ?? status == 200: got 404`,
      ],
    );
    assert.deepEqual(blocks[0].slice(1), [
      '    - Create/update: a mandatory field is not set.',
      '    - Delete: another model requires the record being deleted. If possible, archive it instead.',
      '',
      '    Model: User (res.users)',
      '    Constraint: res_users_partner_id_fkey',
    ]);
    assert.deepEqual(blocks[1].slice(1), ['    (Record: res.partner(987654,), User: 2)']);
    // Every line that names a place is a whole message's first line: nothing of a message starts a line unindented.
    for (const line of linesOf(result.stderr))
      assert.ok(line === '' || line.startsWith(`${file}:`) || line.startsWith('    ') || line.startsWith('json2 run: '), line);

    const pretty = await runCli([...args, '--output', 'pretty'], { env });
    assert.match(
      pretty.stdout,
      new RegExp(`^    ${escape(file)}:2:1: HTTP 422: The operation cannot be completed:\\n        - Create/update`, 'm'),
    );
    assert.match(pretty.stdout, new RegExp(`^    ✗ ${escape(file)}:8:1: \\?\\? status == 200: got 404$`, 'm'));
  });

  test('with --verbose: the traceback is printed, indented under its failure', async () => {
    const result = await runCli([...args, '--output', 'none', '--verbose'], { env });
    assert.equal(result.code, 1);
    const blocks = failureBlocks(result.stderr);
    const traceback = blocks[0].slice(blocks[0].indexOf('    traceback:'));
    assert.ok(traceback.length > 3, result.stderr);
    assert.ok(
      traceback.slice(1).every((line) => line === '' || line.startsWith('      ')),
      traceback.join('\n'),
    );
    assert.match(traceback.join('\n'), TRACEBACK);
    const json = await runCli([...args, '--output', 'json', '--verbose'], { env });
    assert.equal(json.code, 1);
    const report = JSON.parse(json.stdout) as { files: { requests: { traceback?: string; body?: { debug?: string } }[] }[] };
    assert.match(report.files[0].requests[0].traceback ?? '', TRACEBACK);
    assert.match(report.files[0].requests[0].body?.debug ?? '', TRACEBACK, 'the answer as it came');
  });

  test("JUnit keeps the traceback in the test case's system-err, out of the failure's message", async () => {
    const junit = path.join(tmp, 'report.xml');
    const result = await runCli([...args, '--output', 'none', '--junit', junit], { env });
    assert.equal(result.code, 1);
    const { testCases } = parseJunit(fs.readFileSync(junit, 'utf8'));
    assert.equal(testCases.length, 2);
    for (const testCase of testCases) {
      const child = (name: string) => testCase.children.find((element) => element.name === name);
      assert.match(child('system-err')?.text ?? '', /Traceback/);
      const failure = child('failure');
      assert.ok(failure, testCase.attributes.name);
      assert.doesNotMatch(`${failure.attributes.message ?? ''}\n${failure.text}`, /Traceback/);
    }
  });

  test('GitHub annotations stay one command each, TAP one YAML block per request', async () => {
    const github = await runCli([...args, '--output', 'none', '--reporter', 'github'], { env });
    const lines = linesOf(github.stdout);
    assert.ok(lines.length >= 4);
    for (const line of lines) assert.match(line, /^::/, 'every line of stdout is a workflow command');
    assert.ok(lines.some((line) => line.includes('::HTTP 422: The operation cannot be completed:%0A- Create/update')));
    const { annotations } = readGithubOutput(github.stdout, github.stderr);
    assert.match(annotations[0].data, /^HTTP 422: The operation cannot be completed:\n- Create\/update/);
    assert.doesNotMatch(github.stdout, TRACEBACK);

    const tap = await runCli([...args, '--reporter', 'tap'], { env });
    const tapLines = linesOf(tap.stdout);
    const { points } = parseTap(tap.stdout);
    assert.deepEqual(
      points.map((point) => point.ok),
      [false, false],
    );
    assert.match(String(points[0].diag?.message), /^HTTP 422: The operation cannot be completed:\n/);
    assert.deepEqual(tapLines.slice(0, 2), ['TAP version 14', '1..2']);
    for (const line of tapLines.slice(2)) assert.match(line, /^(not )?ok \d+ - |^ {2}/, line);
    assert.equal(tapLines.filter((line) => line === '  ---').length, 2);
    assert.doesNotMatch(tap.stdout, TRACEBACK);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
