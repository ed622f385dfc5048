// The key commands on a server without programmatic key management (a sandbox started with keyMethods: false, as a
// recorded 19.0 build): said before anything is asked, the browser path offered (the user's preferences), keys pasted
// through the Update API Key path (checked on the server), the old key deleted on the key page and checked; rotation
// ends with the same report as a rotation through the API.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Json2Client } from '../../../src/core/client/json2Client';
import { clientServerProbe } from '../../../src/core/connections/clientServerProbe';
import { runUpdateKeyFlow } from '../../../src/core/connections/connectionEditFlows';
import type { SavedConnection } from '../../../src/core/connections/connectionProfile';
import type { KeyDialogs, KeyFlowPorts, KeyTarget } from '../../../src/core/keys/keyFlowPorts';
import { generateKeyFlow, revokeKeyFlow } from '../../../src/core/keys/keyFlows';
import { keyMethodsOf } from '../../../src/core/keys/keyMethodsSupport';
import { rotateKeyFlow } from '../../../src/core/keys/rotateKeyFlow';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { SandboxBrowser } from '../../support/sandboxBrowser';
import { type ScriptedAnswer, ScriptedInputPort } from '../connections/scriptedInputPort';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require(path.resolve(__dirname, '../../../src/sandbox/testApi.js')) as {
  startSandbox(options: { hashCost: number; keyMethods?: boolean }): Promise<StartedSandbox>;
};

interface Shown {
  /** Every dialog, in order: `offer: <message>`, `step: <question>`, `error: <summary>`, `info: <message>`. */
  readonly dialogs: string[];
  readonly urls: string[];
  readonly details: string[];
  readonly pastedReasons: string[];
}

describe('the key commands on a server without programmatic key management', () => {
  let sandbox: StartedSandbox;
  const clients: Json2Client[] = [];
  const keys = new Map<string, string>();
  let connection: SavedConnection;
  const probe = clientServerProbe();

  const clientOf = (key: string): Json2Client => {
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey: key, database: sandbox.database });
    clients.push(client);
    return client;
  };
  const works = (key: string): Promise<boolean> =>
    clientOf(key)
      .whoami()
      .then(
        () => true,
        () => false,
      );
  /** Deletes a key on the sandbox's key page, as a person does in Account Security. */
  const deleteInBrowser = async (name: string): Promise<void> => {
    const [record] = await clientOf(sandbox.keys.admin).call<Array<{ id: number }>>('res.users.apikeys', 'search_read', {
      domain: [['name', '=', name]],
      fields: ['id'],
    });
    const browser = new SandboxBrowser(sandbox.url);
    await browser.logIn(sandbox.users.admin.login, sandbox.users.admin.password as string);
    assert.equal((await browser.get('/odoo/action-base.action_res_users_my')).status, 200, "the preferences' address shows the key page");
    const answer = await browser.post('/web/security/keys/delete', { key_id: String(record.id) });
    assert.ok(answer.status < 400, `deleted: ${answer.status}`);
  };

  before(async () => {
    sandbox = await startSandbox({ hashCost: 10, keyMethods: false });
    connection = {
      level: 'user',
      profile: {
        name: 'no-key-methods',
        baseUrl: sandbox.url,
        database: sandbox.database,
        databaseHeader: 'X-Service-Database',
        protocol: 'json2',
        readOnly: false,
        production: false,
        allowInsecureHttp: true,
        serverVersion: '19.0',
      },
    };
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await sandbox?.stop();
  });

  /** Ports whose Update API Key is the real one (asked, checked on the server, stored), answered from `pasted`. */
  function portsFor(
    options: { pasted?: ScriptedAnswer[]; questions?: ScriptedAnswer[]; goOn?: boolean; deleted?: () => Promise<boolean> } = {},
  ) {
    const shown: Shown = { dialogs: [], urls: [], details: [], pastedReasons: [] };
    const keyInput = new ScriptedInputPort(options.pasted ?? []);
    const questions = new ScriptedInputPort(options.questions ?? []);
    const dialogs: KeyDialogs = {
      showNewKey: async () => assert.fail('no key is made through the API'),
      confirmRevoke: async () => assert.fail('nothing is revoked through the API'),
      confirmRotate: async () => assert.fail('no rotation through the API'),
      showError: (message, detail) => {
        shown.dialogs.push(`error: ${message}`);
        if (detail) shown.details.push(detail);
      },
      showInfo: (message) => shown.dialogs.push(`info: ${message}`),
      offerBrowserPath: async (message, detail, url) => {
        shown.dialogs.push(`offer: ${message}`);
        shown.details.push(detail);
        shown.urls.push(url);
        return options.goOn ?? true;
      },
      confirmBrowserStep: async (question, _detail, url) => {
        shown.dialogs.push(`step: ${question}`);
        shown.urls.push(url);
        return options.deleted ? options.deleted() : true;
      },
    };
    const ports: KeyFlowPorts = {
      input: () => questions,
      connections: { list: () => [connection], find: (name) => (name === connection.profile.name ? connection : undefined) },
      storage: {
        keyOf: async (profile) => keys.get(profile.name),
        store: async (saved, key) => {
          keys.set(saved.profile.name, key);
        },
        forget: async (saved) => {
          keys.delete(saved.profile.name);
        },
        client: async (profile, key) => new Json2Client({ baseUrl: profile.baseUrl, apiKey: key, database: profile.database }),
      },
      choices: { get: () => undefined, remember: async () => undefined },
      dialogs: () => dialogs,
      progress: { run: (_title, _cancellable, work) => work(() => undefined, new AbortController().signal) },
      log: { info: () => undefined, warn: () => undefined },
      updateKey: async (saved, reason) => {
        shown.pastedReasons.push(reason);
        const updated = await runUpdateKeyFlow(keyInput, probe, saved.profile, reason);
        if (!updated) return false;
        keys.set(saved.profile.name, updated.secret);
        return true;
      },
    };
    return { ports, shown, keyInput, questions };
  }

  const on: KeyTarget = { choose: async () => connection };
  const preferences = () => `${sandbox.url}/web/login?db=${sandbox.database}&redirect=%2Fodoo%2Faction-base.action_res_users_my`;

  test("the server's own documentation says generate and revoke are absent", async () => {
    assert.deepEqual(await keyMethodsOf(clientOf(sandbox.keys.admin)), { methods: 'absent', from: 'documents' });
  });

  test('Generate API Key: said before any question, the preferences offered, a key made there pasted, checked and stored', async () => {
    keys.set('no-key-methods', await sandbox.newKey('admin', { name: 'generate: connection key' }));
    const made = await sandbox.newKey('admin', { name: 'made in the browser' });
    const { ports, shown, keyInput, questions } = portsFor({ pasted: [{ text: 'not a key at all' }, { text: made }] });
    assert.equal(await generateKeyFlow(ports, on), true);
    assert.equal(questions.shown.length, 0, 'none of the usual questions (name, scope, lifetime) was asked');
    assert.deepEqual(shown.dialogs, ['offer: "no-key-methods": this server cannot make API keys through its API.']);
    assert.match(shown.details[0], /has no generate or revoke \(its documentation says so\)/);
    assert.match(shown.details[0], /Account Security → New API Key/);
    assert.deepEqual(shown.urls, [preferences()]);
    assert.deepEqual(
      keyInput.shown.map((question) => question.id),
      ['apiKey'],
    );
    assert.equal(keyInput.shown[0].problems.length, 1, 'a key the server refuses is not stored: the Update API Key check');
    assert.equal(keys.get('no-key-methods'), made);
  });

  test('declining the browser path changes nothing', async () => {
    const before = keys.get('no-key-methods');
    const { ports, shown, keyInput } = portsFor({ goOn: false });
    assert.equal(await rotateKeyFlow(ports, on), false);
    assert.equal(keyInput.shown.length, 0);
    assert.equal(shown.dialogs.length, 1);
    assert.equal(keys.get('no-key-methods'), before);
  });

  test('Rotate API Key: new key made in the browser → pasted → checked → old key deleted there → checked; the same report', async () => {
    const oldKey = await sandbox.newKey('admin', { name: 'rotate: old key' });
    keys.set('no-key-methods', oldKey);
    const newKey = await sandbox.newKey('admin', { name: 'rotate: new key' });
    const { ports, shown } = portsFor({
      pasted: [{ text: newKey }],
      deleted: async () => {
        await deleteInBrowser('rotate: old key');
        return true;
      },
    });
    assert.equal(await rotateKeyFlow(ports, on), true);
    assert.deepEqual(shown.dialogs, [
      'offer: "no-key-methods": this server cannot rotate API keys through its API.',
      'step: Now delete the old key of "no-key-methods" in Account Security.',
      'info: The key of "no-key-methods" was rotated: the new key is stored; the old key is revoked.',
    ]);
    assert.match(
      shown.details[0],
      /1\. make the new key .*; 2\. paste it here.*; 3\. delete the old key there; 4\. the old key is checked here/,
    );
    assert.match(shown.pastedReasons[0], /step 2 of 4/);
    assert.equal(keys.get('no-key-methods'), newKey);
    assert.equal(await works(newKey), true);
    assert.equal(await works(oldKey), false);
  });

  test('a rotation whose old key was not deleted stops at the last step with the report of valid keys', async () => {
    const oldKey = keys.get('no-key-methods') ?? assert.fail('a key');
    const newKey = await sandbox.newKey('admin', { name: 'rotate again: new key' });
    const { ports, shown } = portsFor({ pasted: [{ text: newKey }], deleted: async () => true });
    assert.equal(await rotateKeyFlow(ports, on), false);
    assert.equal(
      shown.dialogs.at(-1),
      'error: Key rotation of "no-key-methods" stopped while revoking the old key: the server still takes the old key: it was not deleted in Account Security',
    );
    assert.equal(
      shown.details.at(-1),
      [
        'Valid now:',
        '• The old key: still valid (not revoked). Revoke it with "Revoke API Key…" once nothing uses it any more.',
        '• The new key: valid, and it is the key the connection uses now.',
      ].join('\n'),
    );
    assert.equal(keys.get('no-key-methods'), newKey);
    assert.equal(await works(oldKey), true);
  });

  test('a rotation with a key of another user puts the old key back and says so', async () => {
    const oldKey = keys.get('no-key-methods') ?? assert.fail('a key');
    const otherUser = await sandbox.newKey('demo', { name: 'not the same user' });
    const { ports, shown } = portsFor({ pasted: [{ text: otherUser }] });
    assert.equal(await rotateKeyFlow(ports, on), false);
    assert.match(
      shown.dialogs.at(-1) ?? '',
      /stopped while checking the new key: the new key belongs to user \d+, the old one to user \d+/,
    );
    assert.equal(keys.get('no-key-methods'), oldKey);
  });

  test("Revoke API Key: said first, the key deleted in the browser; the connection's own key, refused now, forgotten", async () => {
    keys.set('no-key-methods', await sandbox.newKey('admin', { name: 'revoke: own key' }));
    const { ports, shown, questions } = portsFor({
      deleted: async () => {
        await deleteInBrowser('revoke: own key');
        return true;
      },
    });
    assert.equal(await revokeKeyFlow(ports, on), true);
    assert.equal(questions.shown.length, 0, 'not asked which key: it is deleted in the browser');
    assert.deepEqual(shown.dialogs, [
      'offer: "no-key-methods": this server cannot revoke API keys through its API.',
      'step: Did you delete the key in Account Security?',
      'info: The key of "no-key-methods" is deleted on the server and removed from the secret storage.',
    ]);
    assert.equal(keys.has('no-key-methods'), false);
  });

  test('a key that may not read the documentation: the questions, then the 404 of generate leads to the browser path', async () => {
    const demoKey = await sandbox.newKey('demo', { name: 'demo connection key' });
    assert.deepEqual(await keyMethodsOf(clientOf(demoKey)), { methods: 'unknown', from: 'nothing' }, 'a 19.0 release settles nothing');
    keys.set('no-key-methods', demoKey);
    const made = await sandbox.newKey('demo', { name: 'demo: made in the browser' });
    const { ports, shown, questions } = portsFor({
      pasted: [{ text: made }],
      questions: [{ text: 'asked before the server said' }, { pick: '\u0000none' }, { pick: '7d' }],
    });
    assert.equal(await generateKeyFlow(ports, on), true);
    assert.deepEqual(
      questions.shown.map((question) => question.id),
      ['keyName', 'keyScope', 'keyLifetime'],
    );
    assert.deepEqual(shown.dialogs, ['offer: "no-key-methods": this server cannot make API keys through its API.']);
    assert.match(shown.details[0], /it answered that the method does not exist/);
    assert.equal(keys.get('no-key-methods'), made);
  });
});

describe('keyMethodsOf', () => {
  const backend = (document: unknown, version: string) => ({
    getDocument: async () => (document instanceof Error ? Promise.reject(document) : { notModified: false, body: document }),
    version: async () => ({ version, version_info: [] }),
  });
  test('the documentation decides; without it, a release after 19.0 has the methods and 19.0 cannot be told', async () => {
    assert.deepEqual(await keyMethodsOf(backend({ methods: { generate: {}, revoke: {}, remove: {} } }, '19.0')), {
      methods: 'available',
      from: 'documents',
    });
    assert.deepEqual(await keyMethodsOf(backend({ methods: { remove: {} } }, 'saas~19.2')), { methods: 'absent', from: 'documents' });
    const refused = Object.assign(new Error('forbidden'), { status: 403 });
    assert.deepEqual(await keyMethodsOf(backend(refused, 'saas~19.1')), { methods: 'available', from: 'release' });
    assert.deepEqual(await keyMethodsOf(backend(refused, '20.0')), { methods: 'available', from: 'release' });
    assert.deepEqual(await keyMethodsOf(backend(refused, '19.0')), { methods: 'unknown', from: 'nothing' });
  });
});
