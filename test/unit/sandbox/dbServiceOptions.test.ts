// Server options of several-database setups: --legacy-only (no /json/2, release 18.0), --no-list-db (listing refused
// in the db service and /jsonrpc), and the Host-based database filter of JSON-2 calls.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseSandboxArguments } from '../../../src/sandbox/command/commandOptions';
import { runSandboxCommand } from '../../../src/sandbox/sandboxCommand';
import { issueApiKey } from '../../../src/sandbox/keys/keyIssuer';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { rawRequest } from '../../support/sandboxHttp';
import { python } from './legacyPythonClient';

describe('--legacy-only and --no-list-db', () => {
  let sandbox: StartedSandbox;
  before(async () => {
    sandbox = await startSandbox({ legacyOnly: true, listDb: false, databases: ['second'] });
  });
  after(async () => {
    await sandbox?.stop();
  });

  it('has no /json/2 and claims release 18.0 in both version answers', async () => {
    const json2 = await rawRequest(sandbox.url, {
      path: '/json/2/res.partner/search',
      headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}`, 'X-Service-Database': 'demo' },
      body: '{"domain": []}',
    });
    assert.equal(json2.status, 404);
    assert.match(String(json2.headers['content-type']), /^text\/html/);
    const version = await rawRequest(sandbox.url, { method: 'GET', path: '/web/version' });
    assert.deepEqual(version.json, { version_info: [18, 0, 0, 'final', 0, ''], version: '18.0' });
    const [common, server] = await python(sandbox.url, [
      ['/xmlrpc/2/common', 'version', []],
      ['/xmlrpc/2/db', 'server_version', []],
    ]);
    assert.deepEqual(common.ok, {
      server_version: '18.0',
      server_version_info: [18, 0, 0, 'final', 0, ''],
      server_serie: '18.0',
      protocol_version: 1,
    });
    assert.equal(server.ok, '18.0');
  });

  it('still serves the deprecated object service on each database', async () => {
    const { admin } = sandbox.users;
    const [demo, second] = await python(sandbox.url, [
      ['/xmlrpc/2/object', 'execute_kw', ['demo', admin.id, sandbox.keys.admin, 'res.partner', 'search_count', [[]]]],
      ['/xmlrpc/2/object', 'execute_kw', ['second', admin.id, admin.password, 'res.partner', 'search_count', [[]]]],
    ]);
    assert.equal(typeof demo.ok, 'number');
    assert.equal(second.ok, demo.ok);
  });

  it('refuses the database list in the db service, over XML-RPC and JSON-RPC, with access denied', async () => {
    const [listed, exists] = await python(sandbox.url, [
      ['/xmlrpc/2/db', 'list', []],
      ['/xmlrpc/2/db', 'db_exist', ['second']],
    ]);
    assert.deepEqual(listed.fault, [3, 'Access Denied']);
    assert.equal(exists.ok, true);
    const answer = await rawRequest(sandbox.url, {
      path: '/jsonrpc',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service: 'db', method: 'list', args: [] }, id: 3 }),
    });
    const envelope = answer.json as { error: { data: { name: string } } };
    assert.equal(answer.status, 200);
    assert.equal(envelope.error.data.name, 'odoo.exceptions.AccessDenied');
  });
});

describe('Host-based database filter', () => {
  let sandbox: StartedSandbox;
  before(async () => {
    sandbox = await startSandbox({ databases: ['second'], databaseFilter: '%d' });
  });
  after(async () => {
    await sandbox?.stop();
  });

  it('picks the database from the first label of the Host header, the database header first, else the 404 page', async () => {
    const secondKey = (
      await issueApiKey(sandbox.server.catalog, 'second', {
        login: 'admin',
        name: 'filter test',
        expiration: new Date(Date.now() + 86_400_000),
      })
    ).key;
    const uuid = async (key: string, headers: Record<string, string>) => {
      const answer = await rawRequest(sandbox.url, {
        path: '/json/2/ir.config_parameter/search_read',
        headers: { 'Content-Type': 'application/json', Authorization: `bearer ${key}`, ...headers },
        body: JSON.stringify({ domain: [['key', '=', 'database.uuid']], fields: ['value'] }),
      });
      return {
        status: answer.status,
        type: String(answer.headers['content-type']),
        value: (answer.json as { value: string }[] | undefined)?.[0]?.value,
      };
    };
    const port = new URL(sandbox.url).port;
    const demo = await uuid(sandbox.keys.admin, { Host: `demo.localhost:${port}` });
    const second = await uuid(secondKey, { Host: `second.localhost:${port}` });
    assert.equal(demo.status, 200);
    assert.equal(second.status, 200);
    assert.notEqual(demo.value, second.value);
    const byHeader = await uuid(secondKey, { Host: `demo.localhost:${port}`, 'X-Service-Database': 'second' });
    assert.equal(byHeader.value, second.value);
    const wrongKey = await uuid(sandbox.keys.admin, { Host: `second.localhost:${port}` });
    assert.equal(wrongKey.status, 401);
    for (const host of [`other.localhost:${port}`, `127.0.0.1:${port}`]) {
      const none = await uuid(sandbox.keys.admin, { Host: host });
      assert.equal(none.status, 404);
      assert.match(none.type, /^text\/html/);
    }
  });
});

describe('json2 sandbox options', () => {
  it('parses --master-password, --no-list-db, --legacy-only, --db-filter and --no-answer-cache, and leaves them out when not given', () => {
    assert.deepEqual(
      parseSandboxArguments(['--master-password', 'pw', '--no-list-db', '--legacy-only', '--db-filter', '%d', '--no-answer-cache']),
      {
        command: 'serve',
        port: 8069,
        host: '127.0.0.1',
        dataDir: null,
        reset: false,
        masterPasswordSource: { from: 'argument', value: 'pw' },
        listDb: false,
        legacyOnly: true,
        databaseFilter: '%d',
        answerCache: false,
      },
    );
    assert.deepEqual(parseSandboxArguments([]), { command: 'serve', port: 8069, host: '127.0.0.1', dataDir: null, reset: false });
    assert.throws(() => parseSandboxArguments(['--master-password', '']), /--master-password is required/);
  });

  it('parses --database-header real (both is the default, left out), and refuses another mode', () => {
    assert.equal((parseSandboxArguments(['--database-header', 'real']) as { databaseHeader?: string }).databaseHeader, 'real');
    assert.equal('databaseHeader' in parseSandboxArguments(['--database-header', 'both']), false);
    assert.throws(() => parseSandboxArguments(['--database-header', 'odoo']), /--database-header must be both or real, not "odoo"/);
  });
});

describe('master password of json2 sandbox', () => {
  /** Starts `json2 sandbox` with `args`, runs `check` with its URL and output, then stops it. */
  async function withCommand(args: string[], check: (url: string, printed: string) => Promise<void>): Promise<void> {
    const stop = new AbortController();
    const out: string[] = [];
    let listening: (url: string) => void = () => undefined;
    const ready = new Promise<string>((resolve) => {
      listening = resolve;
    });
    const running = runSandboxCommand(['--port', '0', ...args], {
      out: (line) => out.push(line),
      err: () => undefined,
      signal: stop.signal,
      onListening: (url) => listening(url),
    });
    try {
      await check(await ready, out.join('\n'));
    } finally {
      stop.abort();
      assert.equal(await running, 0);
    }
  }
  const countries = (url: string, master: string) => python(url, [['/xmlrpc/2/db', 'list_countries', [master]]]);

  it('is made and printed once at the first start, stored only as a hash, and can be set by option', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-master-'));
    try {
      let master = '';
      await withCommand(['--data', dataDir], async (url, printed) => {
        master = /master password: (\S+)/.exec(printed)?.[1] ?? '';
        assert.ok(master.length >= 12, printed);
        assert.ok(Array.isArray((await countries(url, master))[0].ok));
      });
      const config = fs.readFileSync(path.join(dataDir, 'config.json'), 'utf8');
      assert.ok(!config.includes(master), 'only a hash is stored');
      assert.equal(fs.statSync(path.join(dataDir, 'config.json')).mode & 0o077, 0);
      await withCommand(['--data', dataDir], async (url, printed) => {
        assert.doesNotMatch(printed, /master password/);
        assert.ok(Array.isArray((await countries(url, master))[0].ok));
      });
      await withCommand(['--data', dataDir, '--master-password', 'chosen master'], async (url) => {
        assert.deepEqual((await countries(url, master))[0].fault, [3, 'Access Denied']);
        assert.ok(Array.isArray((await countries(url, 'chosen master'))[0].ok));
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
