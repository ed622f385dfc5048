// ConnectionPins: the connections a CLI command read at its start stay as they were; an edit of the file that moves a
// connection, changes its safe modes or adds one is refused with a message that says to restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveCliConnection } from '../../../src/core/connections/cliConnectionResolver';
import { ConnectionLookupError } from '../../../src/core/connections/connectionFile';
import { ConnectionPins } from '../../../src/core/connections/connectionPins';

const KEY = 'k'.repeat(40);
const LOCAL = { name: 'local', baseUrl: 'http://127.0.0.1:8069', database: 'demo', variables: { partner: '1' } };

function workspace(connections: unknown): { dir: string; write: (next: unknown) => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-pins-'));
  fs.mkdirSync(path.join(dir, '.vscode'));
  const write = (next: unknown) =>
    fs.writeFileSync(
      path.join(dir, '.vscode', 'settings.json'),
      typeof next === 'string' ? next : JSON.stringify({ 'json2.connections': next }),
    );
  write(connections);
  return { dir, write };
}

function changed(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConnectionLookupError, String(error));
    assert.equal(error.reason, 'changed', error.message);
    return error.message;
  }
  assert.fail('expected a refusal');
}

test('an unchanged connection is used, with the fields that do not decide where its key goes as the file says now', () => {
  const { dir, write } = workspace([LOCAL]);
  const pins = new ConnectionPins({ cwd: dir }, 'json2 mcp');
  write([{ ...LOCAL, variables: { partner: '2' } }]);
  const found = resolveCliConnection({
    cwd: dir,
    connectionName: 'LOCAL',
    env: { JSON2_API_KEY: KEY },
    pinned: { source: pins.verified('LOCAL') },
  });
  assert.equal(found.profile.baseUrl, LOCAL.baseUrl);
  assert.deepEqual(found.profile.variables, { partner: '2' });
  assert.equal(pins.verified(undefined)?.connections[0].profile.name, 'local', 'the only one');
});

test('a new address, database, interface, header or safe mode is refused, naming each change and saying to restart', () => {
  const { dir, write } = workspace([{ ...LOCAL, readOnly: true, production: true }]);
  const pins = new ConnectionPins({ cwd: dir }, 'json2 mcp');
  write([{ ...LOCAL, baseUrl: 'http://127.0.0.1:9999' }]);
  const message = changed(() => pins.verified('local'));
  assert.match(message, /^The connection "local" changed in .*settings\.json since json2 mcp started \(/);
  assert.match(
    message,
    /baseUrl: http:\/\/127\.0\.0\.1:8069 → http:\/\/127\.0\.0\.1:9999; readOnly: true → false; production: true → false/,
  );
  assert.match(message, /Restart json2 mcp to use the connection as it is now\.$/);
  for (const edit of [
    { database: 'other' },
    { protocol: 'jsonrpc', login: 'admin' },
    { databaseHeader: 'X-Other' },
    { allowInsecureHttp: true },
  ]) {
    write([{ ...LOCAL, readOnly: true, production: true, ...edit }]);
    assert.match(
      changed(() => pins.verified('local')),
      new RegExp(Object.keys(edit)[0]),
    );
  }
  // Back as it was: used again.
  write([{ ...LOCAL, readOnly: true, production: true }]);
  assert.equal(pins.verified('local')?.connections[0].profile.baseUrl, LOCAL.baseUrl);
});

test('a connection added, removed, or a file that became unreadable is refused; one never there is an ordinary lookup', () => {
  const { dir, write } = workspace([LOCAL]);
  const pins = new ConnectionPins({ cwd: dir }, 'json2 run');
  write([LOCAL, { name: 'added', baseUrl: 'http://127.0.0.1:9999' }]);
  assert.match(
    changed(() => pins.verified('added')),
    /"added" was not in .* when json2 run started.*Restart json2 run/,
  );
  assert.equal(pins.verified('nowhere')?.connections.length, 1, 'the lookup then says it is unknown');
  write([]);
  assert.match(
    changed(() => pins.verified('local')),
    /it is no longer there/,
  );
  write('{ "json2.connections": [');
  assert.match(
    changed(() => pins.verified('local')),
    /it cannot be read now/,
  );
});

test('no settings at the start: a connection that appears later is refused', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-pins-empty-'));
  // Isolated from any settings above the temporary folder: a --connections file that does not exist yet.
  const file = path.join(dir, 'connections.json');
  fs.writeFileSync(file, '[]');
  const pins = new ConnectionPins({ cwd: dir, connectionsFile: file }, 'json2 mcp');
  fs.writeFileSync(file, JSON.stringify([LOCAL]));
  assert.match(
    changed(() => pins.verified('local')),
    /was not in .* when json2 mcp started/,
  );
});

test('JSON2_ORIGIN_<NAME> binds the key to an origin: the connection elsewhere is refused before any key is read', () => {
  const { dir } = workspace([LOCAL]);
  const env = { JSON2_API_KEY_LOCAL: KEY, JSON2_ORIGIN_LOCAL: 'http://127.0.0.1:8069/' };
  assert.equal(resolveCliConnection({ cwd: dir, connectionName: 'local', env }).secret.secret, KEY);
  const message = changed(() =>
    resolveCliConnection({ cwd: dir, connectionName: 'local', env: { ...env, JSON2_ORIGIN_LOCAL: 'https://127.0.0.1:8069' } }),
  );
  assert.match(
    message,
    /bound to https:\/\/127\.0\.0\.1:8069 \(JSON2_ORIGIN_LOCAL\), but the connection points to http:\/\/127\.0\.0\.1:8069: nothing was sent/,
  );
  assert.ok(!message.includes(KEY));
  assert.throws(
    () => resolveCliConnection({ cwd: dir, connectionName: 'local', env: { ...env, JSON2_ORIGIN_LOCAL: 'nowhere' } }),
    /JSON2_ORIGIN_LOCAL must be an origin/,
  );
});
