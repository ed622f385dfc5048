// The database commands' flows against the sandbox's manager: each dialogue asked through a scripted input port, the
// server's databases changed as answered, the master password asked, remembered, refused and forgotten, and what the
// person is told.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DatabaseManagerClient } from '../../../src/core/client/databaseManagerClient';
import type { SavedConnection } from '../../../src/core/connections/connectionProfile';
import { type ChosenFile, type DatabaseFlowPorts, DatabaseFlows, type DatabaseTarget } from '../../../src/core/databases/databaseFlows';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { type ScriptedAnswer, ScriptedInputPort } from '../connections/scriptedInputPort';

/** What a flow showed and did through its ports besides questions. */
interface Seen {
  readonly errors: string[];
  readonly infos: string[];
  readonly logs: string[];
  readonly progress: Array<{ title: string; cancellable: boolean; steps: number }>;
  refreshed: number;
}

describe('the database flows against the sandbox', () => {
  let sandbox: StartedSandbox;
  let dir: string;
  let saved: SavedConnection;
  /** The editor's remembered master passwords, per server. */
  const remembered = new Map<string, string>();

  before(async () => {
    sandbox = await startSandbox();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-db-flows-'));
    saved = {
      level: 'user',
      profile: {
        name: 'sandbox',
        baseUrl: sandbox.url,
        database: sandbox.database,
        databaseHeader: 'X-Service-Database',
        protocol: 'json2',
        readOnly: false,
        production: false,
        allowInsecureHttp: false,
      },
    };
  });
  after(async () => {
    await sandbox?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Ports answering from `answers`, with the file dialogs' choices and the offer to remember answered as given. */
  function flowsFor(answers: ScriptedAnswer[], options: { remember?: boolean; file?: ChosenFile; abort?: boolean } = {}) {
    const input = new ScriptedInputPort(answers);
    const seen: Seen = { errors: [], infos: [], logs: [], progress: [], refreshed: 0 };
    const ports: DatabaseFlowPorts = {
      input: () => input,
      masters: {
        get: async (baseUrl) => remembered.get(baseUrl),
        store: async (baseUrl, password) => {
          remembered.set(baseUrl, password);
        },
        forget: async (baseUrl) => {
          remembered.delete(baseUrl);
        },
      },
      openManager: async (connection, masterPassword) => new DatabaseManagerClient({ baseUrl: connection.profile.baseUrl, masterPassword }),
      offerToRemember: async () => options.remember ?? false,
      showError: (message) => seen.errors.push(message),
      showInfo: (message) => seen.infos.push(message),
      log: { info: (line) => seen.logs.push(line), warn: (line) => seen.logs.push(line) },
      backupDestination: async () => options.file,
      restoreSource: async () => options.file,
      progress: {
        run: (title, cancellable, work) => {
          const shown = { title, cancellable, steps: 0 };
          seen.progress.push(shown);
          const controller = new AbortController();
          return work(() => {
            shown.steps += 1;
            // The Cancel button, pressed once the transfer has begun.
            if (options.abort) controller.abort();
          }, controller.signal);
        },
      },
      refresh: async () => {
        seen.refreshed += 1;
      },
    };
    return { flows: new DatabaseFlows(ports), input, seen };
  }

  const target = (database?: string): DatabaseTarget => ({ choose: async () => saved, ...(database !== undefined ? { database } : {}) });

  async function databases(): Promise<string[]> {
    const client = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: '' });
    try {
      return await client.list();
    } finally {
      await client.close();
    }
  }

  test('Create Database: an existing name is refused on the input, the master password asked and then remembered', async () => {
    const { flows, input, seen } = flowsFor(
      [
        { text: sandbox.database },
        { text: 'flowmade' },
        { text: 'boss' },
        { text: '' },
        { text: 'Boss-pa55' },
        { pick: false },
        { text: sandbox.masterPassword },
      ],
      { remember: true },
    );
    assert.equal(await flows.create(target()), true);
    assert.deepEqual(
      input.shown.map((question) => question.id),
      ['newDatabase', 'adminLogin', 'adminPassword', 'demoData', 'masterPassword'],
    );
    assert.equal(input.shown[0].problems.length, 1, 'the existing name was refused as typed');
    assert.deepEqual(input.shown[2].problems, ['Type a password.']);
    assert.equal(input.shown[4].password, true);
    assert.match(
      input.shown[4].prompt,
      /The master password of http:\/\/127\.0\.0\.1:\d+ \(the database manager's password, not a user's\)\./,
    );
    assert.ok((await databases()).includes('flowmade'));
    assert.deepEqual(seen.infos, [`The database "flowmade" was created on sandbox.`]);
    assert.deepEqual(
      seen.progress.map(({ title, cancellable }) => [title, cancellable]),
      [['Creating the database "flowmade" on sandbox…', false]],
    );
    assert.equal(seen.refreshed, 1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(remembered.get(sandbox.url), sandbox.masterPassword, 'remembered after the person said so');
    assert.ok(
      !seen.logs.join('\n').includes(sandbox.masterPassword) && !seen.logs.join('\n').includes('Boss-pa55'),
      'no password in the log',
    );
  });

  test('Duplicate Database from a database node: the remembered password is used, nothing more is asked', async () => {
    const { flows, input, seen } = flowsFor([{ text: 'flowmade_copy' }, { pick: true }]);
    assert.equal(await flows.duplicate(target('flowmade')), true);
    assert.deepEqual(
      input.shown.map((question) => [question.id, question.value]),
      [
        ['newDatabase', 'flowmade_copy'],
        ['neutralize', undefined],
      ],
    );
    assert.ok((await databases()).includes('flowmade_copy'));
    assert.deepEqual(seen.infos, ['"flowmade" was copied to "flowmade_copy".']);
    assert.ok(seen.logs.includes('[sandbox] database flowmade duplicated as flowmade_copy (neutralised)'));
  });

  test('Back Up Database from the palette: the database picked from the list, a zip with progress; a remote file refused', async () => {
    const file = path.join(dir, 'flowmade.zip');
    const { flows, input, seen } = flowsFor([{ pick: 'flowmade' }, { pick: 'zip' }], { file: { path: file } });
    assert.equal(await flows.backup(target()), file);
    assert.ok(input.shown[0].items?.includes('flowmade'));
    assert.ok(fs.statSync(file).size > 0);
    assert.equal(seen.progress[0].cancellable, true);
    assert.ok(seen.progress[0].steps > 0, 'byte progress reported');
    assert.match(seen.infos[0], new RegExp(`^The backup of "flowmade" was saved to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d`));
    const remote = flowsFor([{ pick: 'flowmade' }, { pick: 'dump' }], { file: { elsewhere: 'vscode-vfs://github/x/y.dump' } });
    assert.equal(await remote.flows.backup(target()), undefined);
    assert.deepEqual(remote.seen.errors, [
      'A backup can only be saved to a file on this machine (vscode-vfs://github/x/y.dump is not one).',
    ]);
  });

  test('a backup cancelled once under way says so and leaves no file', async () => {
    const file = path.join(dir, 'cancelled.zip');
    const { flows, seen } = flowsFor([{ pick: 'zip' }], { file: { path: file }, abort: true });
    assert.equal(await flows.backup(target('flowmade')), undefined);
    assert.deepEqual(seen.infos, ['Back Up Database: cancelled. The partial file was removed.'], seen.errors.join('\n'));
    assert.equal(fs.existsSync(file), false);
  });

  test('Restore Database: the name offered from the file, the backup restored under it', async () => {
    const file = path.join(dir, 'flowmade.zip');
    const { flows, input, seen } = flowsFor([{ text: 'restored_flow' }, { pick: true }, { pick: false }], { file: { path: file } });
    assert.equal(await flows.restore(target()), true);
    assert.equal(input.shown[0].value, 'flowmade');
    assert.ok((await databases()).includes('restored_flow'));
    assert.deepEqual(seen.infos, ['The backup was restored as "restored_flow".']);
  });

  test('Drop Database: only the exact name confirms it', async () => {
    const { flows, input, seen } = flowsFor([{ text: 'flowmade copy' }, { text: 'flowmade_copy' }]);
    assert.equal(await flows.drop(target('flowmade_copy')), true);
    assert.deepEqual(input.shown[0].problems, ['Type the database name exactly to confirm.']);
    assert.ok(!(await databases()).includes('flowmade_copy'));
    assert.deepEqual(seen.infos, ['The database "flowmade_copy" was dropped.']);
  });

  test('a refused remembered master password is forgotten and said so; nothing changes on the server', async () => {
    remembered.set(sandbox.url, 'not-the-master-password');
    const { flows, seen } = flowsFor([{ text: 'restored_flow' }]);
    assert.equal(await flows.drop(target('restored_flow')), false);
    assert.equal(remembered.has(sandbox.url), false);
    assert.equal(seen.errors.length, 1);
    assert.match(
      seen.errors[0],
      /The remembered master password of http:\/\/127\.0\.0\.1:\d+ was refused, so it is forgotten: run the command again and type it\.$/,
    );
    assert.ok((await databases()).includes('restored_flow'));
  });

  test('Change Master Password: two matching entries, the new one works and the remembered one follows; Forget forgets it', async () => {
    remembered.set(sandbox.url, sandbox.masterPassword);
    const changed = 'new-master-pass';
    const { flows, input, seen } = flowsFor([{ text: 'short' }, { text: changed }, { text: 'other-one' }, { text: changed }]);
    assert.equal(await flows.changeMasterPassword(target()), true);
    assert.deepEqual(
      input.shown.map((question) => [question.id, question.step, question.totalSteps, question.problems]),
      [
        ['newMasterPassword', 1, 2, ['Use at least 8 characters.']],
        ['newMasterPasswordAgain', 2, 2, ['The two passwords differ.']],
      ],
    );
    assert.equal(remembered.get(sandbox.url), changed);
    assert.match(seen.infos[0], /was changed, and the remembered one updated\.$/);
    const manager = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: changed });
    try {
      await manager.drop('restored_flow');
    } finally {
      await manager.close();
    }
    const forget = flowsFor([]);
    await forget.flows.forgetMasterPassword(target());
    assert.equal(remembered.has(sandbox.url), false);
    assert.match(forget.seen.infos[0], /^The master password of http:\/\/127\.0\.0\.1:\d+ is no longer remembered\.$/);
  });

  test('a cancelled question or connection pick ends the flow without a call', async () => {
    const none: DatabaseTarget = { choose: async () => undefined };
    const { flows, seen } = flowsFor(['cancel']);
    assert.equal(await flows.create(none), false);
    assert.equal(await flows.create(target()), false);
    assert.deepEqual(seen.progress, []);
  });
});
