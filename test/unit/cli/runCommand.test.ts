// `json2 run` as a user runs it: the built CLI in its own process against one real sandbox, every exit code, the JUnit
// report read back by a JUnit parser, assertions, chained requests, --name/--line, --bail, and a key never printed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { parseJunit } from './reportParsers';
import { ensureCliBuilt, fixturesDir, repoRoot, runCli } from './cliHarness';
import { skipOutsideCi } from '../../support/skipOutsideCi';
import { eventually } from '../../support/eventually';

interface JsonRun {
  files: {
    file: string;
    requests: {
      label: string;
      name?: string;
      verdict: string;
      httpStatus?: number;
      body?: unknown;
      message?: string;
      assertions: { passed: boolean; message: string }[];
    }[];
  }[];
}

interface ParsedJunit {
  tests?: number;
  failures?: number;
  errors?: number;
  skipped?: number;
  testsuite?: {
    name?: string;
    tests?: number;
    failures?: number;
    skipped?: number;
    testcase?: { name?: string; failure?: { message?: string; inner?: string }[]; skipped?: { message?: string }[] }[];
  }[];
}

async function readJunit(file: string): Promise<ParsedJunit> {
  const { parse } = await import('junit2json');
  const xml = fs.readFileSync(file, 'utf8');
  parseJunit(xml);
  return (await parse(xml)) as ParsedJunit;
}

describe('json2 run against the sandbox', () => {
  let sandbox: StartedSandbox;
  let env: Record<string, string>;
  let connection: string[];
  let tmp: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    env = { JSON2_API_KEY: sandbox.keys.admin };
    connection = ['--url', sandbox.url, '--db', sandbox.database];
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-test-'));
  });

  after(async () => {
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('exit 0 when everything passes; answers on stdout, a summary on stderr, no progress line when piped', async () => {
    const result = await runCli(['run', 'passing.json2', ...connection], { env });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^✓ Server version {2}GET \/web\/version {2}200/m);
    assert.match(result.stdout, /✓ \?\? body\[\*\]\.name contains "Brouwerij De Kroon"/);
    assert.match(result.stderr, /json2 run: 3 requests: 3 passed; 7 assertions \(\d+ ms\)/);
    assert.ok(!result.stderr.includes('\r') && !result.stderr.includes('\u001b['), 'a progress line was written to a pipe');
  });

  test('on a terminal a progress line is shown and cleared (run under a pseudo-terminal with script(1))', async (t) => {
    if (!fs.existsSync('/usr/bin/script')) {
      skipOutsideCi(t, 'NO script(1) (util-linux): the terminal progress line was NOT checked');
      return;
    }
    const command = [process.execPath, path.join(repoRoot, 'dist', 'cli.js'), 'run', 'passing.json2', ...connection, '--output', 'none']
      .map((word) => `'${word}'`)
      .join(' ');
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        '/usr/bin/script',
        ['-qec', command, '/dev/null'],
        { cwd: fixturesDir, env: { PATH: process.env.PATH ?? '', ...env } },
        (error, stdout) => {
          resolve({ code: error ? Number(error.code) : 0, output: stdout });
        },
      );
    });
    assert.equal(result.code, 0, result.output);
    const clearLine = '\r\u001b[K';
    assert.ok(result.output.includes(`${clearLine}[1/3] passing.json2: Server version`), JSON.stringify(result.output));
    assert.match(result.output, /\[3\/3\] passing\.json2: Their contacts/);
    assert.ok(result.output.includes(`${clearLine}json2 run: 3 requests: 3 passed`), JSON.stringify(result.output));
  });

  test('chained requests: the named request runs first, and its answer feeds the next', async () => {
    const result = await runCli(['run', 'passing.json2', ...connection, '--output', 'json'], { env });
    assert.equal(result.code, 0, result.stderr);
    const requests = (JSON.parse(result.stdout) as JsonRun).files[0].requests;
    assert.deepEqual(
      requests.map((r) => r.label),
      ['Server version', 'companies', 'Their contacts (uses companies, written further down: it runs first)'],
    );
    const companyIds = (requests[1].body as { id: number }[]).map((company) => company.id);
    const parents = (requests[2].body as { parent_id: [number, string] }[]).map((contact) => contact.parent_id[0]);
    assert.ok(
      parents.length > 0 && parents.every((id) => companyIds.includes(id)),
      `${JSON.stringify(parents)} ⊄ ${JSON.stringify(companyIds)}`,
    );
  });

  test('--name runs only that request; --line runs the request on that line after what it needs', async () => {
    const byName = JSON.parse(
      (await runCli(['run', 'passing.json2', ...connection, '--output', 'json', '--name', 'companies'], { env })).stdout,
    ) as JsonRun;
    assert.deepEqual(
      byName.files[0].requests.map((r) => r.label),
      ['companies'],
    );
    const byLine = await runCli(['run', 'passing.json2', ...connection, '--output', 'json', '--line', '12'], { env });
    assert.equal(byLine.code, 0, byLine.stderr);
    assert.deepEqual(
      (JSON.parse(byLine.stdout) as JsonRun).files[0].requests.map((r) => r.name ?? r.label.slice(0, 14)),
      ['companies', 'Their contacts'],
    );
    const nowhere = await runCli(['run', 'passing.json2', ...connection, '--name', 'nobody'], { env });
    assert.equal(nowhere.code, 2);
    assert.match(nowhere.stderr, /no request is named nobody/);
  });

  test('exit 1 on a failed assertion, reported as file:line:col; the JUnit report says which', async () => {
    const junit = path.join(tmp, 'failing.xml');
    const result = await runCli(['run', 'failing.json2', ...connection, '--output', 'none', '--junit', junit], { env });
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^failing\.json2:8:1: failed: Wrong expectation: 1 of 2 assertions failed$/m);
    assert.match(result.stderr, /^failing\.json2:9:1: \?\? body\.version == "18\.0": got "19\.0"$/m);
    const report = await readJunit(junit);
    assert.equal(report.tests, 3);
    assert.equal(report.failures, 1);
    const cases = report.testsuite?.[0].testcase ?? [];
    assert.deepEqual(
      cases.map((c) => c.name),
      ['First passes', 'Wrong expectation', 'Last passes'],
    );
    assert.equal(cases[1].failure?.[0].message, '?? body.version == "18.0": got "19.0"');
    assert.equal(cases[0].failure, undefined);
  });

  test('--bail stops at the first failure; the rest is reported as skipped', async () => {
    const junit = path.join(tmp, 'bail.xml');
    const result = await runCli(['run', 'failing.json2', ...connection, '--bail', '--junit', junit], { env });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /3 requests: 1 passed, 1 failed, 1 skipped/);
    const report = await readJunit(junit);
    assert.equal(report.skipped, 1);
    assert.match(report.testsuite?.[0].testcase?.[2].skipped?.[0].message ?? '', /--bail/);
  });

  test('exit 1 for an error status without assertions, and for a wrong key (which is not printed)', async () => {
    const file = path.join(tmp, 'missing.json2');
    fs.writeFileSync(file, 'POST res.partner/no_such_method\n');
    const missing = await runCli(['run', file, ...connection], { env });
    assert.equal(missing.code, 1);
    assert.match(missing.stdout, /✗ POST res\.partner\/no_such_method {2}404/);
    const wrongKey = 'wrong-key-0123456789abcdef';
    const refused = await runCli(['run', 'passing.json2', ...connection, '--output', 'none'], { env: { JSON2_API_KEY: wrongKey } });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /HTTP 401/);
    assert.ok(!refused.stderr.includes(wrongKey) && !refused.stdout.includes(wrongKey));
  });

  test('--timeout stops a request the server is slow to answer (the server sees the client go), a refused connection is reported as not sent', async () => {
    const file = path.join(tmp, 'slow.json2');
    fs.writeFileSync(file, `POST ${sandbox.slowMethod.model}/${sandbox.slowMethod.method}\n{"${sandbox.slowMethod.argument}": 30}\n`);
    const cancelledBefore = sandbox.slowMethod.cancelled();
    const completedBefore = sandbox.slowMethod.completed();
    const slow = await runCli(['run', file, ...connection, '--timeout', '300'], { env });
    assert.equal(slow.code, 1, slow.stderr);
    assert.match(slow.stdout, /No complete answer within 300 ms; the request was stopped\./);
    assert.equal(sandbox.slowMethod.completed(), completedBefore, 'stopped before the 30-second call could end');
    await eventually(() => sandbox.slowMethod.cancelled() > cancelledBefore, 'the sandbox seeing the connection close');
    assert.equal(sandbox.slowMethod.cancelled(), cancelledBefore + 1, 'the sandbox did not see the connection close');
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const refused = await runCli(['run', 'passing.json2', '--url', `http://127.0.0.1:${closed}`, '--db', 'demo', '--output', 'none'], {
      env,
    });
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /The connection to 127\.0\.0\.1:\d+ was refused: is the server running/);
  });

  test('exit 2 for a malformed file: every problem as file:line:col, nothing sent', async () => {
    const result = await runCli(['run', 'passing.json2', 'malformed.json2', ...connection], { env });
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^malformed\.json2:1:1: error: .*\(lowercase-method\)$/m);
    assert.match(result.stderr, /^malformed\.json2:5:3: error: .*\(hash-comment-in-body\)$/m);
    assert.match(result.stderr, /nothing was sent/);
    const unknown = path.join(tmp, 'unknown.json2');
    fs.writeFileSync(unknown, 'POST res.partner/search_read\n{ "limit": {{limit}} }\n');
    const unknownResult = await runCli(['run', unknown, ...connection], { env });
    assert.equal(unknownResult.code, 2);
    assert.match(unknownResult.stderr, /unknown\.json2:2:12: error: Unknown variable limit/);
  });

  test('exit 2 for bad usage: unknown options (a key cannot be given as one), --db without --url, no key anywhere', async () => {
    const keyArgument = await runCli(['run', 'passing.json2', ...connection, '--key', 'abc'], { env });
    assert.equal(keyArgument.code, 2);
    assert.match(keyArgument.stderr, /Unknown option '--key'/);
    assert.equal((await runCli(['run', 'passing.json2', '--db', 'demo'], { env })).code, 2);
    assert.equal((await runCli(['run'], { env })).code, 2);
    assert.equal((await runCli(['run', 'no-such-file.json2', ...connection], { env })).code, 2);
    const noKey = await runCli(['run', 'passing.json2', ...connection]);
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /No API key .*JSON2_API_KEY/);
    const help = await runCli(['run', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Exit codes: 0 every request and assertion passed, 1 one failed, 2 bad usage/);
  });

  test('a key that comes back in an answer is never printed: stdout, stderr and the JUnit report in every format', async () => {
    const key = sandbox.keys.admin;
    for (const output of ['pretty', 'json', 'body', 'none']) {
      const junit = path.join(tmp, `secret-${output}.xml`);
      const result = await runCli(['run', 'secretEcho.json2', ...connection, '--output', output, '--junit', junit], { env });
      assert.equal(result.code, 1, result.stderr);
      const report = fs.readFileSync(junit, 'utf8');
      parseJunit(report);
      if (output === 'json') JSON.parse(result.stdout);
      for (const [where, text] of [
        ['stdout', result.stdout],
        ['stderr', result.stderr],
        ['junit', report],
      ]) {
        assert.ok(!text.includes(key), `the key is in ${where} (--output ${output})`);
      }
      assert.match(report, /«redacted»/);
      if (output !== 'none') assert.match(result.stdout + result.stderr, /«redacted»/);
    }
  });

  test('a saved connection from --connections with its key from JSON2_API_KEY_<NAME>, or from --key-file', async () => {
    const settings = path.join(tmp, 'connections.json');
    fs.writeFileSync(
      settings,
      JSON.stringify({ 'json2.connections': [{ name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database }] }),
    );
    const named = await runCli(['run', 'namedConnection.json2', '--connections', settings], {
      env: { JSON2_API_KEY_SANDBOX: sandbox.keys.user },
    });
    assert.equal(named.code, 0, named.stderr);
    const keyFile = path.join(tmp, 'key.txt');
    fs.writeFileSync(keyFile, `${sandbox.keys.robot}\n`, { mode: 0o600 });
    const fromFile = await runCli(['run', 'namedConnection.json2', '--connections', settings, '--key-file', keyFile]);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.ok(!fromFile.stdout.includes(sandbox.keys.robot) && !fromFile.stderr.includes(sandbox.keys.robot));
  });

  test('a read-only connection refuses writes before sending; production and # @confirm need --yes off a terminal', async () => {
    const file = path.join(tmp, 'write.json2');
    fs.writeFileSync(file, '# @connection guarded\nPOST res.partner/create\n{ "vals_list": [{"name": "Guarded"}] }\n?? status == 200\n');
    const settings = (mode: Record<string, boolean>) => {
      const written = path.join(tmp, `guarded-${Object.keys(mode).join('-') || 'plain'}.json`);
      fs.writeFileSync(written, JSON.stringify([{ name: 'guarded', baseUrl: sandbox.url, database: sandbox.database, ...mode }]));
      return written;
    };
    const keyEnv = { JSON2_API_KEY_GUARDED: sandbox.keys.admin };
    const readOnly = await runCli(['run', file, '--connections', settings({ readOnly: true }), '--yes'], { env: keyEnv });
    assert.equal(readOnly.code, 1);
    assert.match(readOnly.stdout, /is read-only: res\.partner\.create may change data, so it was not sent/);
    const production = await runCli(['run', file, '--connections', settings({ production: true })], { env: keyEnv });
    assert.equal(production.code, 1);
    assert.match(production.stdout, /not sent: it needs confirmation/);
    assert.equal((await runCli(['run', file, '--connections', settings({ production: true }), '--yes'], { env: keyEnv })).code, 0);
    const confirm = path.join(tmp, 'confirm.json2');
    fs.writeFileSync(confirm, '# @confirm Really?\nGET /web/version\n');
    const unconfirmed = await runCli(['run', confirm, ...connection], { env });
    assert.equal(unconfirmed.code, 1);
    assert.match(unconfirmed.stdout, /needs confirmation \("Really\?"\)/);
    assert.equal((await runCli(['run', confirm, ...connection, '--yes'], { env })).code, 0);
  });

  test('a prompt is answered from JSON2_<NAME>; without it the request fails and says which variable to set', async () => {
    const file = path.join(tmp, 'prompt.json2');
    fs.writeFileSync(
      file,
      '# @prompt partnerName\nPOST res.partner/search_count\n{ "domain": [["name", "=", "{{partnerName}}"]] }\n?? body == 1\n',
    );
    assert.equal((await runCli(['run', file, ...connection], { env: { ...env, JSON2_PARTNER_NAME: 'Brouwerij De Kroon' } })).code, 0);
    const unanswered = await runCli(['run', file, ...connection], { env });
    assert.equal(unanswered.code, 1);
    assert.match(unanswered.stdout, /set JSON2_PARTNER_NAME in the environment/);
  });

  test('the examples npm start runs all pass (every feature of the format on the demo data)', async () => {
    const settings = path.join(tmp, 'examples-connections.json');
    fs.writeFileSync(
      settings,
      JSON.stringify([
        { name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database, variables: { database: sandbox.database, lang: 'en_US' } },
      ]),
    );
    const examples = fs
      .readdirSync(path.join(repoRoot, 'examples'))
      .filter((name) => name.endsWith('.json2'))
      .map((name) => path.join('examples', name));
    assert.ok(examples.length >= 4);
    const result = await runCli(
      ['run', ...examples, '--connections', settings, '--env', 'examples/sandbox.env', '--yes', '--output', 'none'],
      {
        cwd: repoRoot,
        env: { JSON2_API_KEY_SANDBOX: sandbox.keys.admin, JSON2_PARTNER_NAME: 'Brouwerij De Kroon', JSON2_EXAMPLES_RUN_BY: 'test' },
      },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stderr, /warning/);
  });
});
