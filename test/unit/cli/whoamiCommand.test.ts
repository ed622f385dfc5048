// `json2 whoami` as a separate process against the sandbox: the demo user's groups and company as text and as JSON,
// through a saved connection (--connection) and through --url, and bad usage with a specific message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from './cliHarness';

describe('json2 whoami', () => {
  let sandbox: StartedSandbox;
  let workspace: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-whoami-test-'));
    fs.mkdirSync(path.join(workspace, '.vscode'));
    fs.writeFileSync(
      path.join(workspace, '.vscode', 'settings.json'),
      JSON.stringify({
        'json2.connections': [
          { name: 'as admin', baseUrl: sandbox.url, database: sandbox.database },
          { name: 'as demo', baseUrl: sandbox.url, database: sandbox.database },
        ],
      }),
    );
  });
  after(async () => {
    await sandbox?.stop();
    if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
  });

  test('text: the demo user, their company and groups by application, their key; the key never printed', async () => {
    const env = { JSON2_API_KEY_AS_DEMO: sandbox.keys.user, JSON2_API_KEY_AS_ADMIN: sandbox.keys.admin };
    const result = await runCli(['whoami', '--connection', 'as demo'], { env, cwd: workspace });
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.split('\n');
    assert.ok(lines.includes(`User:       Marc Demo (login demo, id ${sandbox.users.user.id})`), result.stdout);
    assert.ok(lines.includes(`Database:   ${sandbox.database}`));
    assert.ok(lines.includes('Company:    My Company (San Francisco) (current)'));
    assert.ok(lines.includes('Companies:  My Company (San Francisco)'));
    assert.ok(lines.includes('Time zone:  Europe/Brussels'));
    assert.match(result.stdout, /^API key: {4}'test key for demo' \(no scope, expires \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/m);
    const groups = lines.slice(lines.indexOf('Groups:') + 1).filter(Boolean);
    assert.deepEqual(groups, ['  Sales', '    Sales / User: Own Documents Only', '  Without application', '    Role / User']);
    assert.ok(!result.stdout.includes(sandbox.keys.user));
  });

  test('--output json through --url: the same identity as data, the administrator in both companies', async () => {
    const result = await runCli(['whoami', '--url', sandbox.url, '--db', sandbox.database, '--output', 'json'], {
      env: { JSON2_API_KEY: sandbox.keys.admin },
      cwd: workspace,
    });
    assert.equal(result.code, 0, result.stderr);
    const identity = JSON.parse(result.stdout) as {
      user: { login: string };
      database: string;
      companies: { current: { name: string }; allowed: Array<{ name: string }> };
      groups: Array<{ fullName: string; application: string | null; xmlId: string | null }>;
      key: { name: string; scope: string | null; expiresAt: string };
    };
    assert.equal(identity.user.login, 'admin');
    assert.equal(identity.database, sandbox.database);
    assert.deepEqual(
      identity.companies.allowed.map((company) => company.name),
      ['My Company (San Francisco)', 'My Company (Chicago)'],
    );
    assert.ok(identity.groups.some((group) => group.fullName === 'Sales / Administrator' && group.application === 'Sales'));
    assert.ok(identity.groups.some((group) => group.fullName === 'Role / Administrator' && group.xmlId === 'base.group_system'));
    assert.equal(identity.key.name, 'test key for admin');
    assert.match(identity.key.expiresAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  test('bad usage exits 2 and says what is wrong', async () => {
    const output = await runCli(['whoami', '--output', 'yaml'], { cwd: workspace });
    assert.equal(output.code, 2);
    assert.match(output.stderr, /--output must be text or json, not 'yaml'/);
    const unnamed = await runCli(['whoami'], { cwd: workspace, env: { JSON2_API_KEY: sandbox.keys.user } });
    assert.equal(unnamed.code, 2);
    assert.match(unnamed.stderr, /as admin|--connection/);
    const missing = await runCli(['whoami', '--connection', 'nope'], { cwd: workspace, env: { JSON2_API_KEY: sandbox.keys.user } });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope/);
  });

  test('a key the server refuses exits 3 without printing the key', async () => {
    const wrong = 'f'.repeat(40);
    const result = await runCli(['whoami', '--url', sandbox.url, '--db', sandbox.database], {
      env: { JSON2_API_KEY: wrong },
      cwd: workspace,
    });
    assert.equal(result.code, 3, result.stderr);
    assert.match(result.stderr, /^json2 whoami: the server could not be read: /);
    assert.ok(!result.stderr.includes(wrong) && !result.stdout.includes(wrong));
  });
});
