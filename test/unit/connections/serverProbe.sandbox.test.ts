// The connection pieces against the real sandbox: the probe on the core clients, the Add Connection flow answered by a
// script, and the CLI's lookup (workspace settings + environment key) through to a call.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAddConnectionFlow } from '../../../src/core/connections/addConnectionFlow';
import { resolveCliConnection } from '../../../src/core/connections/cliConnectionResolver';
import { clientServerProbe } from '../../../src/core/connections/clientServerProbe';
import { CallRefusedError, ConnectionClient } from '../../../src/core/connections/connectionClient';
import type { ServerTarget } from '../../../src/core/connections/serverProbe';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ScriptedInputPort } from './scriptedInputPort';

let sandbox: StartedSandbox;
const signal = new AbortController().signal;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const target = (): ServerTarget => ({
  baseUrl: sandbox.url,
  database: sandbox.database,
  allowInsecureHttp: false,
});

test('the probe detects JSON-2 and the release without credentials', async () => {
  const release = await clientServerProbe().release({ ...target(), database: undefined }, signal);
  assert.equal(release.protocol, 'json2');
  assert.equal(release.version, '19.0');
  assert.equal(release.available[0], 'json2');
});

test('the probe says whose key it is, and a refused key is an auth error', async () => {
  const probe = clientServerProbe();
  const user = await probe.checkApiKey(target(), sandbox.keys.admin, signal);
  assert.equal(user.login, 'admin');
  assert.equal(typeof user.name, 'string');
  await assert.rejects(
    probe.checkApiKey(target(), '0'.repeat(40), signal),
    (error: unknown) => (error as { kind?: string }).kind === 'auth',
  );
});

test('Add Connection, answered by a script, against the sandbox', async () => {
  const port = new ScriptedInputPort([
    { text: sandbox.url },
    ...((await listsDatabases()) ? [{ pick: sandbox.database }] : [{ text: sandbox.database }]),
    ...((await needsProtocolPick()) ? [{ pick: 'json2' }] : []),
    { text: sandbox.keys.user },
    { text: 'demo-user' },
  ]);
  const added = await runAddConnectionFlow(port, clientServerProbe(), { existingNames: [], canSaveInWorkspace: false });
  assert.equal(added?.profile.user?.login, 'demo');
  assert.equal(added?.profile.database, sandbox.database);
  assert.equal(added?.secret, sandbox.keys.user);
  assert.equal(port.unused, 0);
});

test('the CLI finds the connection in .vscode/settings.json and the key in its variable, then calls through the guards', async () => {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-sandbox-'));
  fs.mkdirSync(path.join(workspace, '.vscode'));
  fs.writeFileSync(
    path.join(workspace, '.vscode', 'settings.json'),
    `{ // the team's settings\n "json2.connections": [{ "name": "local sandbox", "baseUrl": "${sandbox.url}", "database": "${sandbox.database}", "readOnly": true }] }`,
  );
  const found = resolveCliConnection({
    cwd: workspace,
    connectionName: 'local sandbox',
    env: { JSON2_API_KEY_LOCAL_SANDBOX: sandbox.keys.admin },
  });
  const client = new ConnectionClient(found.profile, found.secret.secret);
  try {
    assert.ok((await client.call<number>({ model: 'res.partner', method: 'search_count', args: { domain: [] } })) > 0);
    await assert.rejects(client.call({ model: 'res.partner', method: 'unlink', ids: [1] }), CallRefusedError);
  } finally {
    await client.close();
  }
});

test('the deprecated interfaces: login checked with authenticate, calls through execute_kw behind the same guards', async () => {
  const release = await clientServerProbe().release({ ...target(), database: undefined }, signal);
  assert.deepEqual([...release.available].sort(), ['json2', 'jsonrpc', 'xmlrpc']);
  for (const protocol of ['xmlrpc', 'jsonrpc'] as const) {
    const user = await clientServerProbe().checkLogin(target(), protocol, 'admin', 'admin', signal);
    assert.equal(user.login, 'admin');
    await assert.rejects(
      clientServerProbe().checkLogin(target(), protocol, 'admin', 'wrong', signal),
      (error: unknown) => (error as { kind?: string }).kind === 'auth',
    );
    const client = new ConnectionClient(
      {
        name: protocol,
        baseUrl: sandbox.url,
        database: sandbox.database,
        protocol,
        login: 'admin',
        readOnly: true,
        production: false,
        allowInsecureHttp: false,
      },
      'admin',
    );
    try {
      assert.ok((await client.call<number>({ model: 'res.partner', method: 'search_count', args: { domain: [] } })) > 0);
      await assert.rejects(client.call({ model: 'res.partner', method: 'unlink', ids: [1] }), CallRefusedError);
    } finally {
      await client.close();
    }
  }
});

async function needsProtocolPick(): Promise<boolean> {
  return (await clientServerProbe().release({ ...target(), database: undefined }, signal)).available.length > 1;
}

async function listsDatabases(): Promise<boolean> {
  return ((await clientServerProbe().databases(target(), signal))?.length ?? 0) > 0;
}
