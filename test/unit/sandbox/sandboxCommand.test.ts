// `json2 sandbox` and `json2 sandbox key`: options and their errors, first start (database and a key shown once),
// keys for scripts while the server runs and while it does not, a clean stop, --reset.
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseSandboxArguments, UsageError, type ServeOptions } from '../../../src/sandbox/command/commandOptions';
import { readServerInfo } from '../../../src/sandbox/command/serverInfo';
import { runSandboxCommand, type CommandIo, type ReadyLine } from '../../../src/sandbox/sandboxCommand';
import { expiryAfterDays } from '../../../src/sandbox/keys/keyIssuer';
import { commandBackend } from '../../support/sandboxCommandRun';
import { rawRequest } from '../../support/sandboxHttp';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-command-test-'));
// With JSON2_SANDBOX_POSTGRES the commands run with --postgres, in a namespace of their own dropped at the end.
const backend = commandBackend();
const backendArgs = backend.args;
after(async () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  await backend.drop();
});

function capture(signal?: AbortSignal): CommandIo & { stdout: string[]; stderr: string[]; listening: Promise<string> } {
  let resolveUrl!: (url: string) => void;
  const listening = new Promise<string>((resolve) => {
    resolveUrl = resolve;
  });
  const io = {
    stdout: [] as string[],
    stderr: [] as string[],
    listening,
    signal,
    out: (line: string) => {
      io.stdout.push(line);
    },
    err: (line: string) => {
      io.stderr.push(line);
    },
    onListening: (url: string) => resolveUrl(url),
  };
  return io;
}

async function contextOf(url: string, key: string): Promise<{ status: number; uid?: number }> {
  const answer = await rawRequest(url, {
    path: '/json/2/res.users/context_get',
    headers: { 'Content-Type': 'application/json', Authorization: `bearer ${key}` },
    body: '{}',
  });
  return { status: answer.status, uid: (answer.json as { uid?: number } | undefined)?.uid };
}

describe('options', () => {
  it('reads the server options with their defaults', () => {
    assert.deepEqual(parseSandboxArguments([]), { command: 'serve', port: 8069, host: '127.0.0.1', dataDir: null, reset: false });
    assert.deepEqual(parseSandboxArguments(['--port', '0', '--host', '0.0.0.0', '--data', '/x', '--reset']), {
      command: 'serve',
      port: 0,
      host: '0.0.0.0',
      dataDir: '/x',
      reset: true,
    });
    assert.deepEqual(parseSandboxArguments(['key', '--db', 'demo', '--user', 'admin', '--days', '7']), {
      command: 'key',
      database: 'demo',
      login: 'admin',
      days: 7,
      name: null,
      dataDir: null,
    });
    assert.deepEqual(parseSandboxArguments(['--help']), { command: 'help' });
    assert.deepEqual(parseSandboxArguments(['--port', '0', '--json']), {
      command: 'serve',
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      reset: false,
      json: true,
    });
    assert.deepEqual((parseSandboxArguments(['--postgres', 'postgres://u@127.0.0.1:5432/postgres']) as ServeOptions).postgres, {
      url: 'postgres://u@127.0.0.1:5432/postgres',
      prefix: 'sandbox_',
    });
    assert.deepEqual(
      parseSandboxArguments([
        'key',
        '--db',
        'demo',
        '--user',
        'admin',
        '--days',
        '7',
        '--postgres',
        'postgresql://h/db',
        '--postgres-prefix',
        'mine_',
      ]),
      {
        command: 'key',
        database: 'demo',
        login: 'admin',
        days: 7,
        name: null,
        dataDir: null,
        postgres: { url: 'postgresql://h/db', prefix: 'mine_' },
      },
    );
  });

  it('refuses bad options with a message naming the problem', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--port', 'http'], /--port needs a whole number from 0 to 65535, got 'http'/],
      [['--port', '70000'], /--port needs a whole number/],
      [['--bogus'], /Unknown option '--bogus'/],
      [['serve'], /unexpected argument 'serve'/],
      [['key', '--user', 'admin', '--days', '7'], /--db is required/],
      [['key', '--db', 'demo', '--days', '7'], /--user is required/],
      [['key', '--db', 'demo', '--user', 'admin'], /--days is required/],
      [['key', '--db', 'demo', '--user', 'admin', '--days', '0'], /--days needs a whole number from 1 to 92/],
      [['key', '--db', 'demo', '--user', 'admin', '--days', '7', '--port', '1'], /Unknown option '--port'/],
      [
        ['--postgres', 'mysql://u:secret@h/db'],
        /--postgres needs a URL like postgres:\/\/user@host:5432\/postgres, got 'mysql:\/\/u:\*\*\*@h\/db'/,
      ],
      [['--postgres-prefix', 'x_'], /--postgres-prefix needs --postgres/],
      [['--postgres', 'postgres://h/db', '--postgres-prefix', 'Bad-Prefix'], /--postgres-prefix needs lowercase letters/],
    ];
    for (const [argv, message] of cases)
      assert.throws(
        () => parseSandboxArguments(argv),
        (error: unknown) => error instanceof UsageError && message.test(error.message),
        argv.join(' '),
      );
  });

  it('answers 2 with the usage for bad options and 0 for --help', async () => {
    const bad = capture();
    assert.equal(await runSandboxCommand(['--port', 'x'], bad), 2);
    assert.match(bad.stderr.join('\n'), /^json2 sandbox: --port needs[\s\S]*Usage:/);
    const help = capture();
    assert.equal(await runSandboxCommand(['-h'], help), 0);
    assert.match(help.stdout.join('\n'), /json2 sandbox key --db DB --user LOGIN --days N/);
  });
});

describe('key lifetimes of the command line', () => {
  it('allows N days only within three calendar months of now', () => {
    const now = new Date('2025-02-01T10:00:00Z');
    assert.equal(expiryAfterDays(89, now).toISOString(), '2025-05-01T10:00:00.000Z');
    assert.throws(() => expiryAfterDays(90, now), /cannot live longer than three months: 90 days from now passes 2025-05-01/);
    assert.equal(expiryAfterDays(92, new Date('2025-11-22T00:00:00Z')).toISOString(), '2026-02-22T00:00:00.000Z');
    assert.throws(() => expiryAfterDays(0, now), /at least 1/);
  });
});

describe('the server and its keys', () => {
  const dataDir = path.join(scratch, 'data');

  it('creates the demo database on first start, prints a key once, serves, answers key requests and stops cleanly', async () => {
    const stop = new AbortController();
    const io = capture(stop.signal);
    const running = runSandboxCommand(['--port', '0', '--data', dataDir, ...backendArgs], io);
    try {
      const url = await io.listening;
      const printed = io.stdout.join('\n');
      assert.match(printed, new RegExp(`JSON-2 sandbox running at ${url.replace(/[.]/g, '\\.')}`));
      assert.match(printed, /database: {2}demo/);
      const key = /API key: {3}([0-9a-f]{40})/.exec(printed)?.[1] as string;
      assert.ok(key, printed);
      assert.equal((await contextOf(url, key)).status, 200);
      assert.equal(readServerInfo(dataDir)?.url, url);

      const script = capture();
      assert.equal(
        await runSandboxCommand(['key', '--db', 'demo', '--user', 'demo', '--days', '7', '--data', dataDir, ...backendArgs], script),
        0,
      );
      const scripted = script.stdout.join('');
      assert.match(scripted, /^[0-9a-f]{40}$/);
      assert.equal((await contextOf(url, scripted)).uid, 3);
      const noUser = capture();
      assert.equal(
        await runSandboxCommand(['key', '--db', 'demo', '--user', 'nobody', '--days', '1', '--data', dataDir, ...backendArgs], noUser),
        1,
      );
      const forged = await rawRequest(url, {
        path: '/sandbox/control/key',
        headers: { 'Content-Type': 'application/json', 'X-Sandbox-Control': 'guess' },
        body: '{"db":"demo","login":"admin","days":1}',
      });
      assert.equal(forged.status, 403);

      const second = capture();
      assert.equal(await runSandboxCommand(['--port', '0', '--data', dataDir, ...backendArgs], second), 1);
      assert.match(second.stderr.join(''), /in use by another sandbox/);

      stop.abort();
      assert.equal(await running, 0);
      assert.equal(readServerInfo(dataDir), null, 'the server card is removed');
      await assert.rejects(rawRequest(url, { method: 'GET', path: '/web/version' }));
    } finally {
      stop.abort();
      await running;
    }
  });

  it('prints no key on a later start, makes keys without a running server, and starts afresh with --reset', async () => {
    const offline = capture();
    assert.equal(
      await runSandboxCommand(['key', '--db', 'demo', '--user', 'admin', '--days', '1', '--data', dataDir, ...backendArgs], offline),
      0,
    );
    const offlineKey = offline.stdout.join('');
    assert.match(offlineKey, /^[0-9a-f]{40}$/);

    const stop = new AbortController();
    const io = capture(stop.signal);
    const running = runSandboxCommand(['--port', '0', '--data', dataDir, ...backendArgs], io);
    try {
      const url = await io.listening;
      assert.match(io.stdout.join('\n'), /API key: {3}not shown again/);
      assert.equal((await contextOf(url, offlineKey)).uid, 2);
    } finally {
      stop.abort();
      assert.equal(await running, 0);
    }

    const resetStop = new AbortController();
    const reset = capture(resetStop.signal);
    const again = runSandboxCommand(['--port', '0', '--data', dataDir, '--reset', ...backendArgs], reset);
    try {
      const resetUrl = await reset.listening;
      assert.match(reset.stdout.join('\n'), /API key: {3}[0-9a-f]{40}/);
      assert.equal((await contextOf(resetUrl, offlineKey)).status, 401, 'keys of the old database are gone');
    } finally {
      resetStop.abort();
      assert.equal(await again, 0);
    }
  });

  it("--json prints one line (url, databases, data folder; the first key only on first start) and the IPC parent's end stops it", async () => {
    const jsonData = path.join(scratch, 'json-data');
    // A child with an IPC channel, as the extension starts it: its parent disconnecting is a stop, like Ctrl+C.
    const script = path.join(scratch, 'sandboxChild.js');
    fs.writeFileSync(
      script,
      `require(${JSON.stringify(require.resolve('../../../src/sandbox/sandboxCommand'))}).runSandboxCommand(process.argv.slice(2)).then((code) => { process.exitCode = code; });\n`,
    );
    const start = async (): Promise<{ ready: ReadyLine; child: ReturnType<typeof fork> }> => {
      const child = fork(script, ['--port', '0', '--data', jsonData, '--json', ...backendArgs], {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      let stdout = '';
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        stdout += chunk;
      });
      while (!stdout.includes('\n')) {
        const [event] = await Promise.race([once(child.stdout!, 'data').then(() => ['data']), once(child, 'exit').then(() => ['exit'])]);
        if (event === 'exit') throw new Error(`the sandbox ended before it was ready: ${stdout}`);
      }
      assert.equal(stdout.trim().split('\n').length, 1, stdout);
      return { ready: JSON.parse(stdout) as ReadyLine, child };
    };
    await backend.drop();
    const first = await start();
    try {
      assert.deepEqual(Object.keys(first.ready).sort(), ['apiKey', 'dataDir', 'databases', 'masterPassword', 'url']);
      assert.equal(typeof first.ready.masterPassword, 'string');
      assert.equal(first.ready.dataDir, jsonData);
      assert.deepEqual(first.ready.databases, ['demo']);
      assert.equal(first.ready.apiKey?.login, 'admin');
      assert.match(first.ready.apiKey?.expiration ?? '', /^\d{4}-\d{2}-\d{2}$/);
      assert.equal((await contextOf(first.ready.url, first.ready.apiKey?.key as string)).uid, 2);
    } finally {
      const exited = once(first.child, 'exit');
      first.child.disconnect();
      assert.deepEqual(await exited, [0, null], 'the sandbox stops cleanly when its parent goes');
    }
    await assert.rejects(rawRequest(first.ready.url, { method: 'GET', path: '/web/version' }));
    const later = await start();
    try {
      assert.deepEqual(
        Object.keys(later.ready).sort(),
        ['dataDir', 'databases', 'url'],
        'the key and master password are shown on first start only',
      );
      assert.equal((await contextOf(later.ready.url, first.ready.apiKey?.key as string)).uid, 2);
    } finally {
      const exited = once(later.child, 'exit');
      later.child.disconnect();
      await exited;
    }
  });
});
