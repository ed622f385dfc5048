// The Add Connection flow's steps, checks, back button and results, answered by a script. The server side here is a
// table of answers; the same flow against the sandbox is in serverProbe.test.ts and the integration suite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runAddConnectionFlow, suggestName } from '../../../src/core/connections/addConnectionFlow';
import { ScriptedInputPort } from './scriptedInputPort';
import { KEY, tableProbe } from './tableServerProbe';

const context = { existingNames: ['taken'], canSaveInWorkspace: true };

test('a JSON-2 connection: URL, database picked from the list, key checked, name, workspace settings', async () => {
  const calls: string[] = [];
  const port = new ScriptedInputPort([
    { text: 'https://erp.example.com/' },
    { pick: 'demo' },
    { text: 'wrong' },
    { text: ` ${KEY} ` },
    { text: 'taken' },
    { text: 'erp' },
    { pick: 'workspace' },
  ]);
  const added = await runAddConnectionFlow(port, tableProbe(calls), context);
  assert.deepEqual(added, {
    profile: {
      name: 'erp',
      baseUrl: 'https://erp.example.com',
      protocol: 'json2',
      readOnly: false,
      production: false,
      allowInsecureHttp: false,
      database: 'demo',
      serverVersion: '19.0',
      user: { id: 2, name: 'Mitchell Admin', login: 'admin' },
    },
    secret: KEY,
    level: 'workspace',
  });
  assert.deepEqual(
    port.shown.map((q) => `${q.id} ${q.step}/${q.totalSteps}`),
    ['url 1/5', 'database 2/5', 'apiKey 3/5', 'name 4/5', 'level 5/5'],
  );
  assert.deepEqual(port.shown[1].items, ['demo', 'prod', 'Another database…']);
  assert.match(port.shown[1].prompt, /Release 19\.0 \(JSON-2\)/);
  assert.equal(port.shown[2].password, true);
  assert.match(port.shown[2].problems[0], /refused this key \(Invalid apikey\)/);
  assert.match(port.shown[3].prompt, /Signed in as Mitchell Admin \(admin\)/);
  assert.equal(port.shown[3].value, 'erp.example.com-demo');
  assert.deepEqual(port.shown[3].problems, ['A connection named "taken" exists already.']);
  assert.deepEqual(calls, [
    'release https://erp.example.com',
    'databases https://erp.example.com',
    'release https://erp.example.com demo',
    'key demo',
    'key demo',
  ]);
  assert.equal(port.unused, 0);
});

test('an unreachable server or a bad URL keeps the person on the URL step with the reason', async () => {
  const port = new ScriptedInputPort([{ text: 'ftp://erp' }, { text: 'https://down.example' }, 'cancel']);
  assert.equal(await runAddConnectionFlow(port, tableProbe(), context), undefined);
  assert.deepEqual(
    port.shown.map((q) => q.id),
    ['url'],
  );
  assert.match(port.shown[0].problems[0], /must start with https:\/\/ or http:\/\//);
  assert.match(port.shown[0].problems[1], /Cannot reach the server: connect ECONNREFUSED/);
});

test('a server that does not list databases gets a typed name; empty means none', async () => {
  const port = new ScriptedInputPort([
    { text: 'https://single.example' },
    { text: 'bad name' },
    { text: '' },
    { text: KEY },
    { text: 'single' },
  ]);
  const added = await runAddConnectionFlow(port, tableProbe(), { existingNames: [], canSaveInWorkspace: false });
  assert.equal(added?.profile.database, undefined);
  assert.equal(added?.level, 'user');
  assert.match(port.shown[1].problems[0], /not a database name/);
  assert.deepEqual(
    port.shown.map((q) => q.id),
    ['url', 'database', 'apiKey', 'name'],
  );
});

test('a server before 19.0 gets the deprecated RPC steps: interface, login, then password checked with authenticate', async () => {
  const port = new ScriptedInputPort([
    { text: 'https://old.example' },
    { pick: 'prod' },
    { pick: 'jsonrpc' },
    { text: 'admin' },
    { text: 'nope' },
    { text: 'admin' },
    { text: 'old' },
    { pick: 'user' },
  ]);
  const added = await runAddConnectionFlow(port, tableProbe(), context);
  assert.equal(added?.profile.protocol, 'jsonrpc');
  assert.equal(added?.profile.login, 'admin');
  assert.equal(added?.profile.serverVersion, '17.0');
  assert.equal(added?.secret, 'admin');
  assert.deepEqual(
    port.shown.map((q) => q.id),
    ['url', 'database', 'protocol', 'login', 'password', 'name', 'level'],
  );
  assert.deepEqual(port.shown[2].items, ['XML-RPC', 'JSON-RPC']);
  assert.match(port.shown[1].prompt, /Release 17\.0 \(deprecated XML-RPC\)/);
  assert.match(port.shown[3].prompt, /Release 17\.0 \(deprecated JSON-RPC\)\. This server offers no JSON-2/);
  assert.match(port.shown[4].problems[0], /refused this login and password/);
});

test('a server with JSON-2 and the deprecated interfaces shows its release and lets the person choose', async () => {
  const port = new ScriptedInputPort([
    { text: 'https://both.example' },
    { pick: 'demo' },
    { pick: 'xmlrpc' },
    { text: 'admin' },
    { text: 'admin' },
    { text: 'both' },
    { pick: 'user' },
  ]);
  const added = await runAddConnectionFlow(port, tableProbe(), context);
  assert.equal(added?.profile.protocol, 'xmlrpc');
  assert.match(port.shown[2].prompt, /^Release 19\.0 offers JSON-2, XML-RPC, JSON-RPC\./);
  assert.match(port.shown[3].prompt, /Log in through the deprecated interface you chose/);
  const json2 = new ScriptedInputPort([
    { text: 'https://both.example' },
    { pick: 'demo' },
    { pick: 'json2' },
    { text: KEY },
    { text: 'both' },
    { pick: 'user' },
  ]);
  assert.equal((await runAddConnectionFlow(json2, tableProbe(), context))?.profile.protocol, 'json2');
});

test('the back button returns to the previous step with its answer kept', async () => {
  const port = new ScriptedInputPort([
    { text: 'https://erp.example.com' },
    { pick: 'prod' },
    'back',
    { pick: 'demo' },
    'back',
    'back',
    { text: 'https://erp.example.com' },
    { pick: 'demo' },
    { text: KEY },
    { text: 'x' },
    'back',
    { text: 'y' },
    { pick: 'user' },
  ]);
  const added = await runAddConnectionFlow(port, tableProbe(), context);
  assert.equal(added?.profile.name, 'y');
  assert.equal(added?.profile.database, 'demo');
  assert.deepEqual(
    port.shown.map((q) => q.id),
    ['url', 'database', 'apiKey', 'database', 'apiKey', 'database', 'url', 'database', 'apiKey', 'name', 'level', 'name', 'level'],
  );
  assert.equal(port.shown[6].value, 'https://erp.example.com', 'the URL step shows the URL given before');
});

test('plain http to another host asks before the key may travel unencrypted', async () => {
  const declined = new ScriptedInputPort([{ text: 'http://erp.lan' }, { pick: false }, 'cancel']);
  assert.equal(await runAddConnectionFlow(declined, tableProbe(), context), undefined);
  assert.deepEqual(
    declined.shown.map((q) => q.id),
    ['url', 'insecure', 'url'],
  );
  const accepted = new ScriptedInputPort([
    { text: 'http://erp.lan' },
    { pick: true },
    { pick: 'demo' },
    { text: KEY },
    { text: 'lan' },
    { pick: 'user' },
  ]);
  const added = await runAddConnectionFlow(accepted, tableProbe(), context);
  assert.equal(added?.profile.allowInsecureHttp, true);
  const loopback = new ScriptedInputPort([
    { text: 'http://localhost:8069' },
    { pick: 'demo' },
    { text: KEY },
    { text: 'local' },
    { pick: 'user' },
  ]);
  assert.equal((await runAddConnectionFlow(loopback, tableProbe(), context))?.profile.allowInsecureHttp, false);
});

test('a server hosting several databases: JSON-2 is asked again with the database, never concluded absent', async () => {
  const calls: string[] = [];
  const port = new ScriptedInputPort([
    { text: 'https://several.example' },
    { pick: 'prod' },
    { pick: 'json2' },
    { text: KEY },
    { text: 'several' },
    { pick: 'user' },
  ]);
  const added = await runAddConnectionFlow(port, tableProbe(calls), context);
  assert.deepEqual(
    port.shown.map((q) => q.id),
    ['url', 'database', 'protocol', 'apiKey', 'name', 'level'],
  );
  assert.deepEqual(port.shown[2].items, ['JSON-2', 'XML-RPC', 'JSON-RPC'], 'the interfaces seen with the database');
  assert.equal(added?.profile.protocol, 'json2');
  assert.equal(added?.profile.database, 'prod');
  assert.equal('databaseHeader' in (added?.profile ?? {}), false, 'no databaseHeader saved: both names are sent');
  assert.deepEqual(calls.slice(0, 3), [
    'release https://several.example',
    'databases https://several.example',
    'release https://several.example prod',
  ]);
});

test('a typed database name the list does not have is refused; a server needing one refuses an empty name', async () => {
  const port = new ScriptedInputPort([
    { text: 'https://several.example' },
    { pick: '\u0000another' },
    { text: 'typo_db' },
    { text: '' },
    { text: 'demo' },
    'cancel',
  ]);
  assert.equal(await runAddConnectionFlow(port, tableProbe(), context), undefined);
  assert.deepEqual(port.shown[2].problems, [
    'The database "typo_db" does not exist on this server; it has: demo, prod.',
    'The server answered "No database is selected": it hosts several databases, so name one.',
  ]);
  assert.match(port.shown[2].prompt, /hosts several databases: type the name of one/);
  assert.equal(port.shown[3].id, 'protocol');
});

test('suggested names are unique', () => {
  assert.equal(suggestName({ baseUrl: 'https://erp.example.com', database: 'demo' }, ['ERP.example.com-demo']), 'erp.example.com-demo-2');
  assert.equal(suggestName({ baseUrl: 'http://localhost:8069' }, []), 'localhost');
});
