// Issue 24, point 11 (master password): `json2 sandbox` takes the master password from JSON2_SANDBOX_MASTER_PASSWORD,
// --master-password-file or --master-password-prompt (a real terminal, through script(1)); --master-password PW still
// works with a deprecation warning. Each source is checked against the running sandbox's db service.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseSandboxArguments, UsageError, type ServeOptions } from '../../../src/sandbox/command/commandOptions';
import { MASTER_PASSWORD_VARIABLE } from '../../../src/sandbox/command/masterPasswordSource';
import { CommandEndedError, commandBackend, startCommand } from '../../support/sandboxCommandRun';
import { rawRequest } from '../../support/sandboxHttp';
import { skipOutsideCi } from '../../support/skipOutsideCi';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-master-input-test-'));
const dataDir = path.join(scratch, 'data');
const backend = commandBackend();
after(async () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  await backend.drop();
});

/** Runs `json2 sandbox` with `args` and `check` while it runs; resolves with its exit code and what it printed. */
async function runCommand(
  args: string[],
  check: (url: string) => Promise<void> = async () => undefined,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let running;
  try {
    running = await startCommand(['--data', dataDir, '--port', '0', ...backend.args, ...args]);
  } catch (error) {
    if (!(error instanceof CommandEndedError)) throw error;
    return { code: error.code, stdout: '', stderr: error.stderr.join('\n') };
  }
  try {
    await check(running.url);
  } finally {
    await running.stop();
  }
  return { code: await running.stop(), stdout: running.stdout.join('\n'), stderr: running.stderr.join('\n') };
}

/** True when the running sandbox accepts `master` (the db service's list_countries needs it). */
async function accepts(url: string, master: string): Promise<boolean> {
  const answer = await rawRequest(url, {
    path: '/jsonrpc',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { service: 'db', method: 'list_countries', args: [master] } }),
  });
  return Array.isArray((answer.json as { result?: unknown }).result);
}

describe('master password sources (issue 24, point 11)', () => {
  it('parses the sources and the upload limit, one source at a time', () => {
    const serve = (args: string[]) => parseSandboxArguments(args) as ServeOptions;
    assert.deepEqual(serve(['--master-password-file', '/run/master']).masterPasswordSource, { from: 'file', path: '/run/master' });
    assert.deepEqual(serve(['--master-password-prompt']).masterPasswordSource, { from: 'prompt' });
    assert.deepEqual(serve(['--master-password', 'pw']).masterPasswordSource, { from: 'argument', value: 'pw' });
    assert.equal(serve(['--max-upload-mb', '10']).maxUploadBytes, 10 * 1024 * 1024);
    assert.throws(
      () => serve(['--master-password', 'pw', '--master-password-prompt']),
      (error: unknown) => error instanceof UsageError && /choose one of --master-password and --master-password-prompt/.test(error.message),
    );
    assert.throws(() => serve(['--max-upload-mb', '0']), /--max-upload-mb needs a whole number from 1 to 1048576/);
  });

  it('takes it from JSON2_SANDBOX_MASTER_PASSWORD, without printing it', async () => {
    process.env[MASTER_PASSWORD_VARIABLE] = 'from-the-environment';
    try {
      const run = await runCommand([], async (url) => assert.ok(await accepts(url, 'from-the-environment')));
      assert.equal(run.code, 0, run.stderr);
      assert.doesNotMatch(`${run.stdout}\n${run.stderr}`, /from-the-environment|master password:|Warning/);
    } finally {
      delete process.env[MASTER_PASSWORD_VARIABLE];
    }
  });

  it('takes it from the first line of a file, warning when other users can read the file', async () => {
    const file = path.join(scratch, 'master.txt');
    fs.writeFileSync(file, 'from-a-file\nnot part of it\n', { mode: 0o600 });
    const quiet = await runCommand(['--master-password-file', file], async (url) => {
      assert.ok(await accepts(url, 'from-a-file'));
      assert.ok(!(await accepts(url, 'from-the-environment')), 'the earlier password was replaced');
    });
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.doesNotMatch(quiet.stderr, /Warning/);
    fs.chmodSync(file, 0o644);
    const warned = await runCommand(['--master-password-file', file]);
    assert.match(warned.stderr, new RegExp(`Warning: other users can read ${file}, which holds the master password`));
    const missing = await runCommand(['--master-password-file', path.join(scratch, 'nope')]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /json2 sandbox: cannot read the master password file .*nope/);
  });

  it('still takes --master-password PW, with a deprecation warning', async () => {
    const run = await runCommand(['--master-password', 'from-the-argument'], async (url) =>
      assert.ok(await accepts(url, 'from-the-argument')),
    );
    assert.equal(run.code, 0);
    assert.match(
      run.stderr,
      /Warning: --master-password is deprecated: other local users see it in the process list and the shell keeps it in its history; use JSON2_SANDBOX_MASTER_PASSWORD, --master-password-file FILE or --master-password-prompt/,
    );
  });

  it('refuses --master-password-prompt without a terminal, changing nothing', async () => {
    const run = await runCommand(['--master-password-prompt'], async () => assert.fail('the sandbox must not start'));
    assert.equal(run.code, 1);
    assert.match(run.stderr, /--master-password-prompt needs a terminal/);
  });
});

describe('the master password prompt on a real terminal (issue 24, point 11)', () => {
  const module = path.resolve(__dirname, '../../../src/sandbox/command/masterPasswordSource.js');
  const program = `const m = require(${JSON.stringify(module)});
m.readMasterPassword({ from: 'prompt' }, {}, m.processTerminal, console.error).then(
  (password) => { console.log('sha256:' + require('node:crypto').createHash('sha256').update(password).digest('hex')); process.exit(0); },
  (error) => { console.log('refused: ' + error.message); process.exit(1); });`;

  /** Runs the prompt under script(1), typing each answer once its question shows; resolves with the terminal's output. */
  function typeInto(answers: string[]): Promise<string> {
    const command = [process.execPath, '-e', program].map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(' ');
    const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    let asked = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const questions = output.match(/Master password( again)?: /g)?.length ?? 0;
      while (asked < questions && asked < answers.length) child.stdin.write(`${answers[asked++]}\r`);
    });
    return new Promise((resolve) => child.on('close', () => resolve(output)));
  }

  it('asks twice without showing what is typed, and refuses two different answers', async (t) => {
    if (!fs.existsSync('/usr/bin/script')) {
      skipOutsideCi(t, 'NO script(1) (util-linux): the master password prompt was NOT checked on a terminal');
      return;
    }
    const typed = await typeInto(['typed-on-a-tty', 'typed-on-a-tty']);
    assert.match(typed, /Master password: [\s\S]*Master password again: /);
    assert.ok(typed.includes(`sha256:${crypto.createHash('sha256').update('typed-on-a-tty').digest('hex')}`), typed);
    assert.ok(!typed.includes('typed-on-a-tty'), `the password was shown: ${JSON.stringify(typed)}`);
    const differ = await typeInto(['first-answer', 'second-answer']);
    assert.match(differ, /refused: the two master passwords differ; nothing was changed/);
  });
});
