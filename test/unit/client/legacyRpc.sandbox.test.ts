// LegacyRpcClient against the sandbox's /xmlrpc/2 and /jsonrpc: the common, object and db services, typed faults, and
// every method of the mapping table run through callAsJson2 on both interfaces with the same results as JSON-2.
// detectProtocol tells a current server from one that only has the deprecated interfaces (--legacy-only).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ClientError } from '../../../src/core/client/clientErrors';
import { Json2Client } from '../../../src/core/client/json2Client';
import { type LegacyProtocol, LegacyRpcClient } from '../../../src/core/client/legacyRpcClient';
import { JsonRpcError, XmlRpcFault } from '../../../src/core/client/legacyRpcErrors';
import { KNOWN_METHODS } from '../../../src/core/client/methodCatalog';
import { detectProtocol } from '../../../src/core/client/protocolDetection';
import type { Json2Call } from '../../../src/core/client/rpcMapping';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { assertNoSecretIn } from './secretLeakCheck';

const PROTOCOLS: readonly LegacyProtocol[] = ['xmlrpc', 'jsonrpc'];

describe('LegacyRpcClient against the sandbox', () => {
  let sandbox: StartedSandbox;
  let json2: Json2Client;
  const legacy = {} as Record<LegacyProtocol, LegacyRpcClient>;
  let partnerIds: number[];

  before(async () => {
    sandbox = await startSandbox();
    json2 = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    for (const protocol of PROTOCOLS) {
      legacy[protocol] = new LegacyRpcClient({
        baseUrl: sandbox.url,
        protocol,
        database: sandbox.database,
        login: sandbox.users.admin.login,
        password: sandbox.users.admin.password as string,
      });
    }
    partnerIds = await json2.call<number[]>('res.partner', 'search', { domain: [], limit: 3, order: 'id' });
  });
  after(async () => {
    await Promise.all([json2?.close(), ...Object.values(legacy).map((client) => client.close())]);
    await sandbox?.stop();
  });

  for (const protocol of PROTOCOLS) {
    describe(protocol, () => {
      test('common service: version, login and authenticate give the user id', async () => {
        const client = legacy[protocol];
        assert.deepEqual(await client.version(), {
          server_version: '19.0',
          server_version_info: [19, 0, 0, 'final', 0, ''],
          server_serie: '19.0',
          protocol_version: 1,
        });
        assert.equal(await client.loginUser(), sandbox.users.admin.id);
        assert.equal(await client.authenticate({ interactive: false }), sandbox.users.admin.id);
      });

      test('an API key works in place of the password; a wrong password is refused without showing it', async () => {
        const withKey = new LegacyRpcClient({
          baseUrl: sandbox.url,
          protocol,
          database: sandbox.database,
          login: 'admin',
          password: sandbox.keys.admin,
        });
        assert.equal(
          await withKey.executeKw('res.users', 'context_get', []).then((c) => (c as { uid: number }).uid),
          sandbox.users.admin.id,
        );
        const wrongPassword = 'not-the-Password-42';
        const wrong = new LegacyRpcClient({
          baseUrl: sandbox.url,
          protocol,
          database: sandbox.database,
          login: 'admin',
          password: wrongPassword,
        });
        const error = await wrong.executeKw('res.partner', 'search', [[]]).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(error instanceof ClientError && error.kind === 'auth', String(error));
        assertNoSecretIn(error, [wrongPassword]);
        await Promise.all([withKey.close(), wrong.close()]);
      });

      test('object service errors are typed with their code and text; passwords never show', async () => {
        const client = legacy[protocol];
        const error = await client.executeKw('res.partner', 'write', [[987654321], { name: 'x' }]).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (protocol === 'xmlrpc') {
          assert.ok(error instanceof XmlRpcFault, String(error));
          assert.equal(error.code, 2);
        } else {
          assert.ok(error instanceof JsonRpcError, String(error));
          assert.equal(error.exceptionName, 'odoo.exceptions.MissingError');
        }
        // XML-RPC's code 2 covers user, validation and missing-record errors alike; JSON-RPC carries the exception's name.
        assert.equal(error.kind, protocol === 'xmlrpc' ? 'validation' : 'missing');
        const unknown = await client.executeKw('res.partner', 'search', [[['no_field', '=', 1]]]).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(unknown instanceof ClientError && unknown.kind === 'server', String(unknown));
        assert.match(unknown.message, /Invalid field res\.partner\.no_field/);
        for (const thrown of [error, unknown]) assertNoSecretIn(thrown, [sandbox.users.admin.password as string]);
      });

      test('execute: positional arguments only', async () => {
        const found = (await legacy[protocol].execute('res.partner', 'search', [['id', 'in', partnerIds]])) as number[];
        assert.deepEqual(
          [...found].sort((a, b) => a - b),
          partnerIds,
        );
        assert.equal(await legacy[protocol].execute('res.partner', 'search_count', [['id', 'in', partnerIds]]), partnerIds.length);
      });

      test('db service: list, db_exist, server_version and list_lang need no master password; a wrong one is refused and redacted', async () => {
        const client = legacy[protocol];
        assert.deepEqual(await client.db('list'), [sandbox.database]);
        assert.equal(await client.db('db_exist', [sandbox.database]), true);
        assert.equal(await client.db('server_version'), '19.0');
        assert.ok(Array.isArray(await client.db('list_lang')));
        const wrongMaster = 'wrong-Master-pw-77';
        const error = await client.db('drop', [wrongMaster, sandbox.database]).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(error instanceof ClientError && error.kind === 'auth', String(error));
        assertNoSecretIn(error, [wrongMaster, sandbox.masterPassword]);
        assert.equal(await client.db('db_exist', [sandbox.database]), true);
      });
    });
  }

  /** One call per method of the table; `compare` checks the JSON-2 and deprecated results when they cannot be equal. */
  interface MappingCase {
    readonly call: (ids: number[]) => Omit<Json2Call, 'database'>;
    /** Normalises a result before comparing (new ids, new keys). */
    readonly shape?: (result: unknown) => unknown;
    /** XML-RPC cannot carry a null result: it becomes a fault. */
    readonly returnsNothing?: boolean;
    /** Private on the 19.0 server (as check_access): every interface refuses it with an access error. */
    readonly privateOnServer?: boolean;
  }
  const isIdList = (result: unknown): unknown =>
    Array.isArray(result) && result.length === 1 && Number.isInteger(result[0]) ? 'one new id in a list' : result;
  const CASES: Record<string, MappingCase> = {
    search: {
      call: (ids) => ({ model: 'res.partner', method: 'search', args: { domain: [['id', 'in', ids]], limit: 2, order: 'id desc' } }),
    },
    search_count: { call: (ids) => ({ model: 'res.partner', method: 'search_count', args: { domain: [['id', 'in', ids]] } }) },
    read: {
      call: (ids) => ({ model: 'res.partner', method: 'read', args: { fields: ['name', 'country_id'] }, ids, context: { lang: 'en_US' } }),
    },
    search_read: {
      call: (ids) => ({
        model: 'res.partner',
        method: 'search_read',
        args: { domain: [['id', 'in', ids]], fields: ['name', 'email'], order: 'id' },
      }),
    },
    fields_get: {
      call: () => ({
        model: 'res.partner',
        method: 'fields_get',
        args: { allfields: ['name', 'country_id'], attributes: ['string', 'type', 'relation'] },
      }),
    },
    create: { call: () => ({ model: 'res.partner', method: 'create', args: { vals_list: { name: 'Mapped create' } } }), shape: isIdList },
    write: {
      call: (ids) => ({ model: 'res.partner', method: 'write', args: { vals: { comment: 'written through the mapping' } }, ids: [ids[0]] }),
    },
    unlink: { call: (ids) => ({ model: 'res.partner', method: 'unlink', args: {}, ids: [ids.at(-1) as number] }) },
    name_search: { call: () => ({ model: 'res.partner', method: 'name_search', args: { name: 'a', limit: 5 } }) },
    name_create: {
      call: () => ({ model: 'res.partner', method: 'name_create', args: { name: 'Mapped name' } }),
      shape: (result) => (Array.isArray(result) && Number.isInteger(result[0]) ? ['new id', result[1]] : result),
    },
    default_get: { call: () => ({ model: 'res.partner', method: 'default_get', args: { fields: ['active', 'type'] } }) },
    copy: {
      call: (ids) => ({ model: 'res.partner', method: 'copy', args: { default: { name: 'Mapped copy' } }, ids: [ids[0]] }),
      shape: isIdList,
    },
    read_group: {
      call: (ids) => ({
        model: 'res.partner',
        method: 'read_group',
        args: { domain: [['id', 'in', ids]], fields: ['is_company'], groupby: ['is_company'], lazy: false },
      }),
    },
    formatted_read_group: {
      call: (ids) => ({
        model: 'res.partner',
        method: 'formatted_read_group',
        args: { domain: [['id', 'in', ids]], groupby: ['is_company'], aggregates: ['__count'] },
      }),
    },
    check_access: {
      call: (ids) => ({ model: 'res.partner', method: 'check_access', args: { operation: 'read' }, ids }),
      privateOnServer: true,
    },
    has_access: { call: (ids) => ({ model: 'res.partner', method: 'has_access', args: { operation: 'write' }, ids }) },
    context_get: { call: () => ({ model: 'res.users', method: 'context_get', args: {} }) },
    has_group: {
      call: () => ({ model: 'res.users', method: 'has_group', args: { group_ext_id: 'base.group_system' }, ids: [sandbox.users.admin.id] }),
    },
    generate: {
      call: () => ({
        model: 'res.users.apikeys',
        method: 'generate',
        args: { key: sandbox.keys.admin, scope: 'rpc', name: 'mapped', expiration_date: expiry() },
      }),
      shape: (result) => (typeof result === 'string' && /^[0-9a-f]{40}$/.test(result) ? 'a new key' : result),
    },
    revoke: {
      call: () => ({ model: 'res.users.apikeys', method: 'revoke', args: { key: keysToRevoke.shift() as string } }),
      returnsNothing: true,
    },
  };
  const keysToRevoke: string[] = [];
  const expiry = (): string => new Date(sandbox.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);

  test('the cases cover every method of the mapping table', () => {
    assert.deepEqual(Object.keys(CASES).sort(), KNOWN_METHODS.map((method) => method.name).sort());
  });

  for (const [method, mapping] of Object.entries(CASES)) {
    test(`${method}: JSON-2, XML-RPC and JSON-RPC through callAsJson2 give the same result`, async (t) => {
      // Each interface works on its own records, so that writes and deletions do not interfere.
      const ids = await json2.call<number[]>('res.partner', 'create', {
        vals_list: [{ name: `${method} A` }, { name: `${method} B` }, { name: `${method} C` }],
      });
      if (method === 'revoke') for (let i = 0; i < 3; i += 1) keysToRevoke.push(await sandbox.newKey('admin', { name: `to revoke ${i}` }));
      const shape = mapping.shape ?? ((result: unknown) => result);
      const call = mapping.call(ids);
      const answered = await json2.call(call.model, call.method, call.args, { ids: call.ids, context: call.context }).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      if ('error' in answered) {
        // A method of the notes' table this sandbox does not have, or one that 19.0 makes private (check_access):
        // every interface must refuse the same method alike.
        const kind = mapping.privateOnServer ? 'access' : 'notFound';
        assert.ok(answered.error instanceof ClientError && answered.error.kind === kind, String(answered.error));
        t.diagnostic(`the sandbox has no ${call.model}.${method}: ${answered.error.message}`);
        for (const protocol of PROTOCOLS) {
          const refused = await legacy[protocol].callAsJson2(call).then(
            () => undefined,
            (error: unknown) => error,
          );
          assert.ok(refused instanceof ClientError, `${protocol}: ${String(refused)}`);
          assert.match(refused.message, new RegExp(`${call.model.replace('.', '\\.')}\\.${method}`), protocol);
        }
        return;
      }
      const viaJson2 = answered.value;
      for (const protocol of PROTOCOLS) {
        const protocolIds = await json2.call<number[]>('res.partner', 'create', {
          vals_list: [{ name: `${method} A` }, { name: `${method} B` }, { name: `${method} C` }],
        });
        const outcome = await legacy[protocol].callAsJson2(mapping.call(protocolIds)).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if (mapping.returnsNothing && protocol === 'xmlrpc') {
          assert.ok('error' in outcome && outcome.error instanceof XmlRpcFault, `${protocol}: XML-RPC cannot send nothing`);
          assert.match(outcome.error.faultString, /None/);
          continue;
        }
        assert.ok('value' in outcome, `${protocol}: ${String((outcome as { error: unknown }).error)}`);
        assert.deepEqual(shape(translateIds(outcome.value, protocolIds, ids)), shape(viaJson2), `${protocol} ${method}`);
        if (method === 'generate') await json2.revokeKey(outcome.value as string);
      }
      if (method === 'generate') await json2.revokeKey(viaJson2 as string);
    });
  }

  test('the effects are the same too: records written, deleted and created through each interface read back alike', async () => {
    for (const target of ['json2', ...PROTOCOLS] as const) {
      const [id] = await json2.call<number[]>('res.partner', 'create', { vals_list: [{ name: `effects ${target}` }] });
      const run = (call: Omit<Json2Call, 'database'>) =>
        target === 'json2'
          ? json2.call(call.model, call.method, call.args, { ids: call.ids, context: call.context })
          : legacy[target].callAsJson2(call);
      await run({ model: 'res.partner', method: 'write', args: { vals: { email: `${target}@example.com` } }, ids: [id] });
      const created = (await run({
        model: 'res.partner',
        method: 'create',
        args: { vals_list: [{ name: `child of ${target}`, parent_id: id }] },
      })) as number[];
      const read = await json2.call<Array<Record<string, unknown>>>(
        'res.partner',
        'read',
        { fields: ['email', 'child_ids'] },
        { ids: [id] },
      );
      assert.deepEqual(read, [{ id, email: `${target}@example.com`, child_ids: created }]);
      await run({ model: 'res.partner', method: 'unlink', args: {}, ids: created });
      assert.equal(await json2.call('res.partner', 'search_count', { domain: [['id', 'in', created]] }), 0);
    }
  });

  test("create's integer-versus-list difference follows the explicit option", async () => {
    for (const protocol of PROTOCOLS) {
      const single = await legacy[protocol].callAsJson2(
        { model: 'res.partner', method: 'create', args: { vals_list: { name: 'legacy shape' } } },
        { createResult: 'legacy' },
      );
      assert.ok(Number.isInteger(single), `${protocol}: ${JSON.stringify(single)}`);
      const raw = await legacy[protocol].executeKw('res.partner', 'create', [{ name: 'raw create' }]);
      assert.ok(Number.isInteger(raw), 'execute_kw create with one mapping returns an integer');
      const list = await legacy[protocol].callAsJson2(
        { model: 'res.partner', method: 'create', args: { vals_list: [{ name: 'a' }, { name: 'b' }] } },
        { createResult: 'legacy' },
      );
      assert.ok(Array.isArray(list) && list.length === 2);
    }
  });
});

describe('detectProtocol', () => {
  let current: StartedSandbox;
  let legacyOnly: StartedSandbox;

  before(async () => {
    current = await startSandbox();
    legacyOnly = await startSandbox({ legacyOnly: true });
  });
  after(async () => {
    await current?.stop();
    await legacyOnly?.stop();
  });

  test('a current server offers JSON-2 and both deprecated interfaces', async () => {
    assert.deepEqual(await detectProtocol(current.url), {
      protocol: 'json2',
      version: '19.0',
      json2: true,
      xmlrpc: true,
      jsonrpc: true,
      needsDatabase: false,
    });
  });

  test('a --legacy-only server is told apart, and the same JSON-2 request runs on it through the mapping', async () => {
    const detected = await detectProtocol(legacyOnly.url);
    assert.deepEqual(detected, {
      protocol: 'xmlrpc',
      version: '18.0',
      json2: false,
      xmlrpc: true,
      jsonrpc: true,
      needsDatabase: false,
    });
    const client = new LegacyRpcClient({
      baseUrl: legacyOnly.url,
      protocol: 'xmlrpc',
      database: legacyOnly.database,
      login: 'admin',
      password: legacyOnly.keys.admin,
    });
    const records = await client.callAsJson2({
      model: 'res.partner',
      method: 'search_read',
      args: { domain: [['is_company', '=', true]], fields: ['name'], limit: 2, order: 'id' },
    });
    assert.ok(Array.isArray(records) && records.length === 2 && typeof (records[0] as { name: unknown }).name === 'string');
    await client.close();
  });

  test('a URL that answers neither is a clear error', async () => {
    await assert.rejects(
      detectProtocol(`${current.url}/nothing-here`),
      (error: unknown) =>
        error instanceof ClientError && error.kind === 'notFound' && /answers neither JSON-2 nor the deprecated/.test(error.message),
    );
  });
});

/** Replaces the ids of one interface's records by the matching ids of the JSON-2 run, wherever they appear. */
function translateIds(value: unknown, from: number[], to: number[]): unknown {
  if (typeof value === 'number' && from.includes(value)) return to[from.indexOf(value)];
  if (Array.isArray(value)) return value.map((item) => translateIds(item, from, to));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translateIds(item, from, to)]));
  }
  return value;
}
