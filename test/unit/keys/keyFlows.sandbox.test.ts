// The key commands' flows against the sandbox: Generate (questions, the key shown once, stored in the connection picked),
// Rotate (the steps, the new key stored and working, the old one revoked; a failed store cleaned up) and Revoke (a pasted
// key or the connection's own, confirmed; a refusal explained without the key), through scripted ports.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Json2Client } from '../../../src/core/client/json2Client';
import type { SavedConnection } from '../../../src/core/connections/connectionProfile';
import type { KeyDialogs, KeyFacts, KeyFlowPorts, KeyTarget, NewKeyFacts } from '../../../src/core/keys/keyFlowPorts';
import { generateKeyFlow, revokeKeyFlow } from '../../../src/core/keys/keyFlows';
import { rotateKeyFlow } from '../../../src/core/keys/rotateKeyFlow';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { type ScriptedAnswer, ScriptedInputPort } from '../connections/scriptedInputPort';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require(path.resolve(__dirname, '../../../src/sandbox/testApi.js')) as {
  startSandbox(options: { hashCost: number }): Promise<StartedSandbox>;
};

interface Shown {
  readonly newKeys: Array<{ key: string; facts: NewKeyFacts }>;
  readonly errors: Array<{ message: string; detail?: string }>;
  readonly infos: string[];
  readonly confirmations: string[];
  readonly logs: string[];
  readonly steps: string[];
}

describe('the key flows against the sandbox', () => {
  let sandbox: StartedSandbox;
  const clients: Json2Client[] = [];
  /** The editor's secret storage and the connections' recorded facts, by connection name. */
  const keys = new Map<string, string>();
  const facts = new Map<string, KeyFacts>();
  const choices = new Map<string, { scope: string | null; lifetime: string }>();
  let connections: SavedConnection[];

  const clientOf = (key: string): Json2Client => {
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey: key, database: sandbox.database });
    clients.push(client);
    return client;
  };
  /** Whether the server takes `key` (whoami answers). */
  const works = (key: string): Promise<boolean> =>
    clientOf(key)
      .whoami()
      .then(
        () => true,
        () => false,
      );

  before(async () => {
    sandbox = await startSandbox({ hashCost: 10 });
    const profile = {
      baseUrl: sandbox.url,
      database: sandbox.database,
      databaseHeader: 'X-Service-Database',
      protocol: 'json2' as const,
      readOnly: false,
      production: false,
      allowInsecureHttp: false,
    };
    connections = [
      { level: 'user', profile: { ...profile, name: 'admin' } },
      { level: 'workspace', profile: { ...profile, name: 'ci' } },
    ];
    keys.set('admin', sandbox.keys.admin);
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await sandbox?.stop();
  });

  function portsFor(answers: ScriptedAnswer[], dialogs: { store?: boolean; confirm?: boolean; failStore?: boolean } = {}) {
    const input = new ScriptedInputPort(answers);
    const shown: Shown = { newKeys: [], errors: [], infos: [], confirmations: [], logs: [], steps: [] };
    const answered: KeyDialogs = {
      showNewKey: async (key, keyFacts) => {
        shown.newKeys.push({ key, facts: keyFacts });
        return dialogs.store ?? false;
      },
      confirmRevoke: async (question) => {
        shown.confirmations.push(question);
        return dialogs.confirm ?? true;
      },
      confirmRotate: async (question) => {
        shown.confirmations.push(question);
        return dialogs.confirm ?? true;
      },
      showError: (message, detail) => shown.errors.push({ message, ...(detail !== undefined ? { detail } : {}) }),
      showInfo: (message) => shown.infos.push(message),
      offerBrowserPath: async () => assert.fail('this sandbox has generate and revoke: no browser path'),
      confirmBrowserStep: async () => assert.fail('this sandbox has generate and revoke: no browser path'),
    };
    const ports: KeyFlowPorts = {
      input: () => input,
      connections: { list: () => connections, find: (name) => connections.find((saved) => saved.profile.name === name) },
      storage: {
        keyOf: async (profile) => keys.get(profile.name),
        store: async (saved, key, keyFacts) => {
          if (dialogs.failStore) throw new Error('the secret storage is not available');
          keys.set(saved.profile.name, key);
          facts.set(saved.profile.name, keyFacts);
        },
        forget: async (saved) => {
          keys.delete(saved.profile.name);
          facts.delete(saved.profile.name);
        },
        client: async (profile, key) => new Json2Client({ baseUrl: profile.baseUrl, apiKey: key, database: profile.database }),
      },
      choices: {
        get: (name) => choices.get(name),
        remember: async (name, choice) => {
          choices.set(name, choice);
        },
      },
      dialogs: () => answered,
      progress: {
        run: (_title, _cancellable, work) =>
          work((step) => {
            if (step.message) shown.steps.push(step.message);
          }, new AbortController().signal),
      },
      log: { info: (line) => shown.logs.push(line), warn: (line) => shown.logs.push(line) },
      updateKey: async () => assert.fail('this sandbox has generate and revoke: no key is pasted'),
    };
    return { ports, input, shown };
  }

  const on = (name: string): KeyTarget => ({ choose: async () => connections.find((saved) => saved.profile.name === name) });

  test('Generate API Key: the answers make a working key, shown once, stored in the connection picked; the choices remembered', async () => {
    const { ports, input, shown } = portsFor([{ text: 'robot key' }, { pick: 'rpc' }, { pick: '7d' }, { pick: 'ci' }], { store: true });
    assert.equal(await generateKeyFlow(ports, on('admin')), true);
    assert.deepEqual(
      input.shown.map((question) => question.id),
      ['keyName', 'keyScope', 'keyLifetime', 'storeConnection'],
    );
    assert.deepEqual(input.shown[3].items, ['admin', 'ci'], 'the connections of the same database');
    const [{ key, facts: keyFacts }] = shown.newKeys;
    assert.equal(keyFacts.name, 'robot key');
    assert.equal(keyFacts.scope, 'rpc');
    assert.equal(keys.get('ci'), key);
    assert.deepEqual(facts.get('ci'), { scope: 'rpc', expiration: keyFacts.expiration });
    assert.ok(await works(key));
    assert.deepEqual(choices.get('admin'), { scope: 'rpc', lifetime: '7d' });
    assert.deepEqual(shown.infos, [`The new key is stored in "ci"; it expires on ${keyFacts.expiration}.`]);
    assert.ok(!shown.logs.join('\n').includes(key), 'the new key is not logged');
  });

  test('a connection without a key in the secret storage is told so, and nothing is asked', async () => {
    keys.delete('ci');
    const { ports, input, shown } = portsFor([]);
    assert.equal(await generateKeyFlow(ports, on('ci')), false);
    assert.equal(input.shown.length, 0);
    assert.deepEqual(shown.errors, [
      { message: 'The connection "ci" has no key in this editor\'s secret storage: set one with Update API Key first.' },
    ]);
  });

  test('Rotate API Key: four steps, the new key stored and working, the old one revoked', async () => {
    const { ports, shown } = portsFor([]);
    const { ports: making } = portsFor([{ text: 'to rotate' }, { pick: '\u0000none' }, { pick: '30d' }, { pick: 'ci' }], { store: true });
    assert.equal(await generateKeyFlow(making, on('admin')), true);
    const old = keys.get('ci') ?? assert.fail('no key stored');
    assert.equal(await rotateKeyFlow(ports, on('ci')), true);
    assert.deepEqual(shown.confirmations, ['Rotate the key of "ci"?']);
    assert.deepEqual(
      shown.steps.map((step) => step.slice(0, 3)),
      ['1/4', '2/4', '3/4', '4/4'],
    );
    const rotated = keys.get('ci') ?? '';
    assert.notEqual(rotated, old);
    assert.ok(await works(rotated));
    assert.equal(await works(old), false, 'the old key is revoked');
    assert.match(
      shown.infos[0],
      /^The key of "ci" was rotated: the new key is stored and expires on \d{4}-\d\d-\d\d; the old key is revoked\.$/,
    );
  });

  test('a rotation whose store step fails: reported, the new key revoked again, the old key still works', async () => {
    const old = keys.get('ci') ?? assert.fail('no key stored');
    const { ports, shown } = portsFor([], { failStore: true });
    assert.equal(await rotateKeyFlow(ports, on('ci')), false);
    assert.equal(keys.get('ci'), old);
    assert.ok(await works(old));
    assert.equal(shown.errors.length, 1);
    assert.match(shown.errors[0].message, /^Key rotation of "ci" stopped while .*the secret storage is not available/);
    assert.match(shown.errors[0].detail ?? '', /Valid now:/);
  });

  test('Revoke API Key: a pasted key after a confirmation; a declined confirmation revokes nothing', async () => {
    const pasted = await clientOf(sandbox.keys.admin).generateKey({
      name: 'paste me',
      scope: null,
      expirationDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });
    const declined = portsFor([{ pick: 'pasted' }, { text: ` ${pasted} ` }], { confirm: false });
    assert.equal(await revokeKeyFlow(declined.ports, on('admin')), false);
    assert.ok(await works(pasted));
    const { ports, input, shown } = portsFor([{ pick: 'pasted' }, { text: 'two words' }, { text: pasted }]);
    assert.equal(await revokeKeyFlow(ports, on('admin')), true);
    assert.deepEqual(input.shown[1].problems, ['A key has no spaces.']);
    assert.equal(input.shown[1].password, true);
    assert.deepEqual(shown.confirmations, ['Revoke the pasted key on "admin"?']);
    assert.equal(await works(pasted), false);
    assert.deepEqual(shown.infos, ['The key is revoked.']);
    assert.ok(await works(sandbox.keys.admin), "the connection's own key is untouched");
  });

  test('revoking a key that is not valid: explained, and the pasted text is nowhere in the message or the log', async () => {
    const bogus = 'not-a-real-key-0123456789abcdef';
    const { ports, shown } = portsFor([{ pick: 'pasted' }, { text: bogus }]);
    assert.equal(await revokeKeyFlow(ports, on('admin')), false);
    assert.equal(shown.errors.length, 1);
    assert.ok(!shown.errors[0].message.includes(bogus) && !shown.logs.join('\n').includes(bogus));
  });

  test("Revoke API Key on the connection's own key: revoked and removed from the secret storage", async () => {
    const own = keys.get('ci') ?? assert.fail('no key stored');
    const { ports, shown } = portsFor([{ pick: 'own' }]);
    assert.equal(await revokeKeyFlow(ports, on('ci')), true);
    assert.deepEqual(shown.confirmations, ['Revoke the key of the connection "ci"?']);
    assert.equal(keys.has('ci'), false);
    assert.equal(facts.has('ci'), false);
    assert.equal(await works(own), false);
    assert.deepEqual(shown.infos, ['The key of "ci" is revoked and removed from the secret storage.']);
  });
});
