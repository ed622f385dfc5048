// The CLI finds its connection in .vscode/settings.json (JSONC) or a --connections file, and its key in the
// environment or a key file that git does not track.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveCliConnection } from '../../../src/core/connections/cliConnectionResolver';
import { ConnectionLookupError } from '../../../src/core/connections/connectionFile';
import { apiKeyVariableOf } from '../../../src/core/connections/connectionSecretNames';

const KEY = 'a'.repeat(40);
const OTHER_KEY = 'b'.repeat(40);

function workspace(settings: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-connections-'));
  fs.mkdirSync(path.join(dir, '.vscode'));
  fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), settings);
  fs.mkdirSync(path.join(dir, 'requests', 'deep'), { recursive: true });
  return dir;
}

const SETTINGS = `{
  // comments and trailing commas, as VS Code allows
  "editor.tabSize": 2,
  "json2.connections": [
    { "name": "local", "baseUrl": "http://127.0.0.1:8069", "database": "demo", },
    { "name": "my staging", "baseUrl": "https://staging.example.com", "readOnly": true },
    { "name": "broken", "baseUrl": "ftp://x" },
  ],
}`;

function lookupError(run: () => unknown): ConnectionLookupError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConnectionLookupError, String(error));
    return error;
  }
  assert.fail('expected a ConnectionLookupError');
}

test('the variable name is the connection name in capitals', () => {
  assert.equal(apiKeyVariableOf('local'), 'JSON2_API_KEY_LOCAL');
  assert.equal(apiKeyVariableOf('my staging'), 'JSON2_API_KEY_MY_STAGING');
  assert.equal(apiKeyVariableOf('erp.example.com-demo'), 'JSON2_API_KEY_ERP_EXAMPLE_COM_DEMO');
});

test('a connection is found by name from a folder below the workspace, its key from its own variable first', () => {
  const dir = workspace(SETTINGS);
  const env = { JSON2_API_KEY: OTHER_KEY, JSON2_API_KEY_MY_STAGING: KEY };
  const found = resolveCliConnection({ cwd: path.join(dir, 'requests', 'deep'), connectionName: 'My Staging', env });
  assert.equal(found.profile.baseUrl, 'https://staging.example.com');
  assert.equal(found.profile.readOnly, true);
  assert.equal(found.secret.secret, KEY);
  assert.equal(found.secret.source, 'JSON2_API_KEY_MY_STAGING');
  assert.equal(found.file, path.join(dir, '.vscode', 'settings.json'));
  const fallback = resolveCliConnection({ cwd: dir, connectionName: 'local', env });
  assert.equal(fallback.secret.source, 'JSON2_API_KEY');
  assert.equal(fallback.profile.database, 'demo');
});

test('without a name, the only connection is used; with several, the error lists them', () => {
  const single = workspace('{"json2.connections": [{"name": "only", "baseUrl": "https://only.example.com"}]}');
  assert.equal(resolveCliConnection({ cwd: single, env: { JSON2_API_KEY: KEY } }).profile.name, 'only');
  const error = lookupError(() => resolveCliConnection({ cwd: workspace(SETTINGS), env: { JSON2_API_KEY: KEY } }));
  assert.equal(error.reason, 'usage');
  assert.match(error.message, /local, my staging/);
});

test('unknown and unusable connections are explained', () => {
  const dir = workspace(SETTINGS);
  assert.match(
    lookupError(() => resolveCliConnection({ cwd: dir, connectionName: 'nope', env: {} })).message,
    /No connection named "nope".*known: local, my staging/,
  );
  assert.match(
    lookupError(() => resolveCliConnection({ cwd: dir, connectionName: 'broken', env: {} })).message,
    /cannot be used: .*https:\/\//,
  );
});

test('a missing key names the variables to set and never takes one from the command line', () => {
  const error = lookupError(() => resolveCliConnection({ cwd: workspace(SETTINGS), connectionName: 'local', env: {} }));
  assert.equal(error.reason, 'missing');
  assert.match(error.message, /JSON2_API_KEY_LOCAL or JSON2_API_KEY/);
});

test('a --connections file (bare list or settings object) replaces the workspace settings', () => {
  const dir = workspace(SETTINGS);
  const file = path.join(dir, 'connections.jsonc');
  fs.writeFileSync(file, '[ /* a list */ {"name": "ci", "baseUrl": "https://ci.example.com", "production": true}, ]');
  const found = resolveCliConnection({ cwd: dir, connectionsFile: file, env: { JSON2_API_KEY_CI: KEY } });
  assert.equal(found.profile.name, 'ci');
  assert.equal(found.profile.production, true);
  fs.writeFileSync(file, '{"json2.connections": [{"name": "ci", "baseUrl": "https://ci.example.com"}');
  assert.match(lookupError(() => resolveCliConnection({ cwd: dir, connectionsFile: file, env: {} })).message, /connections\.jsonc:1:\d+: /);
});

test('--url makes a connection that is not saved; --db alone or with --connection is a usage error', () => {
  const found = resolveCliConnection({ cwd: os.tmpdir(), url: 'http://localhost:8069/', database: 'demo', env: { JSON2_API_KEY: KEY } });
  assert.equal(found.profile.baseUrl, 'http://localhost:8069');
  assert.equal(found.profile.database, 'demo');
  assert.equal(
    lookupError(() => resolveCliConnection({ cwd: os.tmpdir(), url: 'https://a.example', connectionName: 'x', env: {} })).reason,
    'usage',
  );
  assert.equal(lookupError(() => resolveCliConnection({ cwd: os.tmpdir(), database: 'demo', env: {} })).reason, 'usage');
  assert.match(lookupError(() => resolveCliConnection({ cwd: os.tmpdir(), url: 'http://erp.lan', env: {} })).message, /unencrypted/);
});

test('--db-header (else JSON2_DATABASE_HEADER) names the one database header of a --url connection; none: both', () => {
  const url = 'http://localhost:8069';
  const both = resolveCliConnection({ cwd: os.tmpdir(), url, database: 'demo', env: { JSON2_API_KEY: KEY } });
  assert.equal(both.profile.databaseHeader, undefined);
  const given = resolveCliConnection({ cwd: os.tmpdir(), url, databaseHeader: 'X-Odoo-Database', env: { JSON2_API_KEY: KEY } });
  assert.equal(given.profile.databaseHeader, 'X-Odoo-Database');
  const env = { JSON2_API_KEY: KEY, JSON2_DATABASE_HEADER: 'X-Service-Database' };
  assert.equal(resolveCliConnection({ cwd: os.tmpdir(), url, env }).profile.databaseHeader, 'X-Service-Database');
  assert.equal(
    resolveCliConnection({ cwd: os.tmpdir(), url, databaseHeader: 'X-Odoo-Database', env }).profile.databaseHeader,
    'X-Odoo-Database',
    'the option wins over the variable',
  );
  assert.match(
    lookupError(() => resolveCliConnection({ cwd: os.tmpdir(), url, databaseHeader: 'Bad Header', env })).message,
    /--db-header \(or JSON2_DATABASE_HEADER\): "Bad Header" is not a header name/,
  );
  const noUrl = lookupError(() => resolveCliConnection({ cwd: os.tmpdir(), databaseHeader: 'X-Odoo-Database', env: {} }));
  assert.deepEqual([noUrl.reason, /--db-header goes with --url/.test(noUrl.message)], ['usage', true]);
});

test('a key file is read, and refused when git tracks it', () => {
  const dir = workspace(SETTINGS);
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  git('init', '-q');
  const keyFile = path.join(dir, 'local.key');
  fs.writeFileSync(keyFile, `${KEY}\n`, { mode: 0o600 });
  const untracked = resolveCliConnection({ cwd: dir, connectionName: 'local', keyFile, env: { JSON2_API_KEY: OTHER_KEY } });
  assert.equal(untracked.secret.secret, KEY, 'the key file comes before the environment');
  assert.match(untracked.secret.warnings.join(' '), /not ignored; add it to \.gitignore/);
  fs.writeFileSync(path.join(dir, '.gitignore'), '*.key\n');
  assert.deepEqual(resolveCliConnection({ cwd: dir, connectionName: 'local', keyFile, env: {} }).secret.warnings, []);
  git('add', '-f', 'local.key');
  const error = lookupError(() => resolveCliConnection({ cwd: dir, connectionName: 'local', keyFile, env: {} }));
  assert.match(error.message, /tracked by git/);
  assert.ok(!error.message.includes(KEY));
  // Deeper in the repository, and reached through a symbolic link from outside it: git is still asked.
  const nested = path.join(dir, 'config', 'keys');
  fs.mkdirSync(nested, { recursive: true });
  fs.writeFileSync(path.join(nested, 'deep.key'), `${KEY}\n`, { mode: 0o600 });
  git('add', '-f', 'config/keys/deep.key');
  const link = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'json2-key-link-')), 'keys');
  fs.symlinkSync(nested, link);
  for (const keyPath of [path.join(nested, 'deep.key'), path.join(link, 'deep.key')]) {
    assert.match(
      lookupError(() => resolveCliConnection({ cwd: dir, connectionName: 'local', keyFile: keyPath, env: {} })).message,
      /tracked by git/,
      keyPath,
    );
  }
});

test('a key file must hold one line, and one others can read gives a warning', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-key-file-'));
  const keyFile = path.join(dir, 'key');
  fs.writeFileSync(keyFile, `${KEY}\n${OTHER_KEY}\n`);
  assert.match(
    lookupError(() => resolveCliConnection({ cwd: dir, url: 'https://a.example', keyFile, env: {} })).message,
    /exactly one line/,
  );
  fs.writeFileSync(keyFile, `  ${KEY}  \r\n`);
  fs.chmodSync(keyFile, 0o644);
  const found = resolveCliConnection({ cwd: dir, url: 'https://a.example', keyFile, env: {} });
  assert.equal(found.secret.secret, KEY);
  assert.match(found.secret.warnings.join(' '), /chmod 600/);
  assert.match(
    lookupError(() => resolveCliConnection({ cwd: dir, url: 'https://a.example', keyFile: path.join(dir, 'none'), env: {} })).message,
    /ENOENT/,
  );
});
