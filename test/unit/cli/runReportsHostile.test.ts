// Every report `json2 run` writes stays a valid document with hostile server text and titles (a record named with a
// `?token=`, error messages ending in `key=x` and `Bearer x`, a title ending in "bearer"), and with secrets that are
// the words of the formats (`commands`, `error`): JUnit read back with saxes, TAP with tap-parser (strict), the JSON
// output with JSON.parse, GitHub commands as the runner reads them; printed lines keep their quotes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from './cliHarness';
import { parseJunit, parseTap, readGithubOutput } from './reportParsers';

const RESET = 'Reset link: https://example.com/reset?token=abc123';

/** Requests whose messages and titles hold what the catch-all patterns matched: each fails or errors. */
const HOSTILE_FILE = [
  '### Reset',
  '# @name reset',
  'POST res.partner/create',
  `{ "vals_list": [{ "name": ${JSON.stringify(RESET)} }] }`,
  '',
  '### Read the reset record',
  'POST res.partner/read',
  '{ "ids": {{reset.response.body}}, "fields": ["name"] }',
  '?? body[0].name == "something else"',
  '',
  '### Wrong type key',
  'POST res.partner/create',
  '{ "vals_list": [{ "name": "n", "type": "a key=x" }] }',
  '',
  '### Wrong type bearer',
  'POST res.partner/create',
  '{ "vals_list": [{ "name": "n", "type": "a Bearer x" }] }',
  '',
  '### Check the bearer',
  'POST res.partner/search_count',
  '{ "domain": [] }',
  '?? body == -1',
  '',
  '### A field named like workflow commands',
  'POST res.partner/read',
  '{ "ids": [1], "fields": ["x\\n::error file=a.json2,line=1::injected\\n##[error]old style"] }',
  '',
].join('\n');

describe('json2 run: reports stay valid with hostile names, messages and secrets', () => {
  let sandbox: StartedSandbox;
  let tmp: string;
  let file: string;
  let connection: string[];

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-hostile-'));
    file = path.join(tmp, 'hostile.json2');
    fs.writeFileSync(file, HOSTILE_FILE);
    connection = ['--url', sandbox.url, '--db', sandbox.database];
  });

  after(async () => {
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs the hostile file with every report; `secret` is a password of the run's environment. */
  async function runAll(secret?: string) {
    const junit = path.join(tmp, `report-${secret ?? 'none'}.xml`);
    const env = { JSON2_API_KEY: sandbox.keys.admin, ...(secret !== undefined ? { JSON2_PASSWORD_OTHER: secret } : {}) };
    const tap = await runCli(['run', file, ...connection, '--output', 'none', '--reporter', 'tap', '--junit', junit], { env });
    // Failure lines (server text) on stderr, where the runner may read them before stdout's pause.
    const github = await runCli(['run', file, ...connection, '--output', 'none', '--reporter', 'github'], { env });
    const pretty = await runCli(['run', file, ...connection, '--output', 'pretty', '--reporter', 'github'], { env });
    const json = await runCli(['run', file, ...connection, '--output', 'json'], { env });
    return { junit: fs.readFileSync(junit, 'utf8'), tap, github, pretty, json };
  }

  let plain: Awaited<ReturnType<typeof runAll>>;
  const reports = async () => {
    plain ??= await runAll();
    for (const result of [plain.tap, plain.github, plain.pretty, plain.json]) assert.equal(result.code, 1, result.stderr);
    return plain;
  };

  test('JUnit parses back (saxes), each message whole, the token-like text redacted as a value', async () => {
    const { junit } = await reports();
    const { testCases } = parseJunit(junit);
    const byName = new Map(testCases.map((testCase) => [testCase.attributes.name, testCase]));
    assert.deepEqual(
      [...byName.keys()],
      ['reset', 'Read the reset record', 'Wrong type key', 'Wrong type bearer', 'Check the bearer', 'A field named like workflow commands'],
    );
    const failure = byName.get('Read the reset record')?.children.find((child) => child.name === 'failure');
    assert.equal(
      failure?.attributes.message,
      '?? body[0].name == "something else": got "Reset link: https://example.com/reset?token=«redacted»"',
    );
    const keyFailure = byName.get('Wrong type key')?.children.find((child) => child.name === 'failure');
    assert.equal(keyFailure?.attributes.message, "HTTP 500: Wrong value for res.partner.type: 'a key=«redacted»'");
    assert.equal(keyFailure?.text, "HTTP 500: Wrong value for res.partner.type: 'a key=«redacted»'");
    const bearerFailure = byName.get('Wrong type bearer')?.children.find((child) => child.name === 'failure');
    assert.equal(bearerFailure?.attributes.message, "HTTP 500: Wrong value for res.partner.type: 'a Bearer «redacted»'");
  });

  test('TAP parses back (tap-parser, strict): one YAML block per failure, the title ending in "bearer" keeps its block', async () => {
    const { tap } = await reports();
    const report = parseTap(tap.stdout);
    assert.deepEqual(report.plan, { start: 1, end: 6 });
    assert.deepEqual(
      report.points.map((point) => [point.ok, point.name]),
      [
        [true, `${file}: reset`],
        [false, `${file}: Read the reset record`],
        [false, `${file}: Wrong type key`],
        [false, `${file}: Wrong type bearer`],
        [false, `${file}: Check the bearer`],
        [false, `${file}: A field named like workflow commands`],
      ],
    );
    const assertions = report.points[1].diag?.assertions as { message: string; found: string }[];
    assert.equal(assertions[0].found, 'Reset link: https://example.com/reset?token=«redacted»');
    assert.equal(report.points[2].diag?.message, "HTTP 500: Wrong value for res.partner.type: 'a key=«redacted»'");
    assert.equal(report.points[3].diag?.message, "HTTP 500: Wrong value for res.partner.type: 'a Bearer «redacted»'");
    assert.match(
      String(report.points[5].diag?.message),
      /^HTTP 500: Invalid field 'x\n::error file=a\.json2,line=1::injected\n##\[error\]old style'/,
    );
    assert.equal(report.points[4].diag?.severity, 'fail', 'the title ending in "bearer" keeps its YAML block');
  });

  test('GitHub commands read as the runner reads them: one annotation per failure; stderr holds no command', async () => {
    const { github, pretty } = await reports();
    const { annotations } = readGithubOutput(github.stdout, github.stderr);
    assert.deepEqual(
      annotations.map((annotation) => [annotation.properties.title, annotation.data]),
      [
        [
          'json2 run: Read the reset record',
          '?? body[0].name == "something else": got "Reset link: https://example.com/reset?token=«redacted»"',
        ],
        ['json2 run: Wrong type key', "HTTP 500: Wrong value for res.partner.type: 'a key=«redacted»'"],
        ['json2 run: Wrong type bearer', "HTTP 500: Wrong value for res.partner.type: 'a Bearer «redacted»'"],
        ['json2 run: Check the bearer', annotations[3]?.data],
        [
          'json2 run: A field named like workflow commands',
          "HTTP 500: Invalid field 'x\n::error file=a.json2,line=1::injected\n##[error]old style' on 'res.partner'",
        ],
      ],
    );
    // On stderr the server's lines are still there to read, made inert (an invisible word joiner).
    assert.match(github.stderr, /^ +:\u2060:error file=a\.json2,line=1::injected$/m);
    assert.match(github.stderr, /^ +#\u2060#\[error\]old style' on 'res\.partner'$/m);
    readGithubOutput(pretty.stdout, pretty.stderr);
  });

  test('the JSON output parses back and printed lines keep their closing quotes', async () => {
    const { json, pretty } = await reports();
    const run = JSON.parse(json.stdout) as { files: { requests: { verdict: string; message?: string }[] }[] };
    assert.deepEqual(
      run.files[0].requests.map((request) => request.verdict),
      ['passed', 'failed', 'failed', 'failed', 'failed', 'failed'],
    );
    // Printed lines keep their closing quotes.
    assert.match(pretty.stdout, /got "Reset link: https:\/\/example\.com\/reset\?token=«redacted»"$/m);
    assert.match(json.stderr, /Wrong value for res\.partner\.type: 'a key=«redacted»'$/m);
  });

  for (const secret of ['commands', 'error', 'stop-commands', 'testcase', 'not ok']) {
    test(`a secret equal to "${secret}" is redacted in values without breaking a report or the GitHub pause`, async () => {
      const { junit, tap, github, pretty, json } = await runAll(secret);
      // The pause first: a secret "commands" printed it as ::stop-«redacted»::, "error" deleted every annotation.
      const { annotations } = readGithubOutput(github.stdout, github.stderr);
      assert.equal(annotations.length, 5, github.stdout);
      assert.equal(readGithubOutput(pretty.stdout, pretty.stderr).annotations.length, 5, pretty.stdout);
      const { testCases } = parseJunit(junit);
      assert.equal(testCases.length, 6);
      const { points } = parseTap(tap.stdout);
      assert.equal(points.length, 6);
      const run = JSON.parse(json.stdout) as { files: { requests: { verdict: string }[] }[] };
      assert.deepEqual(
        run.files[0].requests.map((request) => request.verdict),
        ['passed', 'failed', 'failed', 'failed', 'failed', 'failed'],
      );
    });
  }
});
