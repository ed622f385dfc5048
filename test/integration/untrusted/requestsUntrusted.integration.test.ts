// Request files in an untrusted workspace (a host session with workspace trust on, the folder not trusted): they are
// highlighted and checked, but Send, Send all, Rerun Last and the Test Explorer send nothing; a counting proxy in front of the sandbox
// and the sandbox's own data show it.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { RunSummary } from '../../../src/extension/requests/requestRunService';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { eventually } from '../suite/connectionsDriver.integration.test';
import {
  addSandboxConnection,
  clickLens,
  CONNECTION,
  lineOf,
  openRequestFile,
  partnersNamed,
  testApis,
} from '../suite/requestsDriver.integration.test';
import { startSandbox } from '../suite/sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

interface CountingProxy {
  readonly url: string;
  /** Requests that reached the sandbox through the proxy. */
  count(): number;
  /** Their method and path, in order. */
  seen(): readonly string[];
  close(): Promise<void>;
}

/** A loopback HTTP proxy to `target` that counts every request it forwards. */
async function countingProxy(target: string): Promise<CountingProxy> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
    const upstream = http.request(new URL(request.url ?? '/', target), { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => seen.length,
    seen: () => [...seen],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

suite('Request files in an untrusted workspace', function () {
  this.timeout(120_000);
  let sandbox: StartedSandbox;
  let proxy: CountingProxy;

  suiteSetup(async function () {
    sandbox = await startSandbox({ log: () => undefined });
    proxy = await countingProxy(sandbox.url);
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await proxy?.close();
    await sandbox?.stop();
  });

  test('the host runs this suite with the workspace untrusted', () => {
    assert.equal(vscode.workspace.isTrusted, false, 'workspace trust must be on and this folder untrusted for this suite to mean anything');
  });

  test('a file is checked (diagnostics) but Send, Send all and Rerun Last send nothing to the sandbox', async () => {
    const api = await testApis();
    await addSandboxConnection(api, { ...sandbox, url: proxy.url });
    const marker = `untrusted-${Date.now()}`;
    const document = await openRequestFile(
      'untrusted.json2',
      `# @connection ${CONNECTION}
### Create
POST res.partner/create
{ "vals_list": [{ "name": "${marker}" }] }

### Uses an unknown variable
POST res.partner/search_count
{ "domain": [["name", "=", "{{nope}}"]] }
`,
    );
    await eventually(
      () => vscode.languages.getDiagnostics(document.uri).some((diagnostic) => diagnostic.message.includes('nope')),
      'the unknown variable reported',
    );

    const before = proxy.count();
    const sent = await clickLens(document, 'Send', lineOf(document, 'POST res.partner/create'));
    assert.deepEqual(sent.results, []);
    assert.deepEqual((await clickLens(document, 'Send all', 0)).results, []);
    assert.deepEqual((await vscode.commands.executeCommand<RunSummary>(CommandIds.rerunLastRequest)).results, []);
    // The Test Explorer finds the file but its run sends nothing either.
    assert.ok(api.testing);
    await api.testing.discover();
    const item = api.testing.controller.items.get(document.uri.toString());
    assert.ok(item, 'the file in the Test Explorer');
    await api.testing.run([item], 'run');
    assert.deepEqual(api.testing.runs().at(-1)?.results.get(item.id), {
      state: 'errored',
      messages: [{ message: 'Nothing is sent from an untrusted workspace. Trust the workspace to run requests.' }],
      output: '',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(proxy.seen().slice(before), [], 'no request reached the sandbox');
    assert.equal(await partnersNamed(sandbox, marker), 0, 'nothing was created');
    assert.equal(api.requests.history().length, 0);

    // The proxy does count what goes through it.
    const direct = await fetch(`${proxy.url}/web/version`);
    assert.equal(direct.status, 200);
    assert.equal(proxy.count(), before + 1);
  });
});
