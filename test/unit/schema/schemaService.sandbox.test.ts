// The schema service against the sandbox: a key of the documentation group reads /doc-bearer, others ir.model and
// fields_get; stale entries are revalidated with their ETag (304 seen in the server's log); the first lookup of a
// database costs one round trip whichever the key; the cache persists and forgets on invalidation.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Json2Client } from '../../../src/core/client/json2Client';
import { type SchemaBackend, SchemaService } from '../../../src/core/schema/schemaService';
import { FileSchemaStorage, MemorySchemaStorage, type SchemaStoragePort } from '../../../src/core/schema/schemaStorage';
import { FIELD_ATTRIBUTES } from '../../../src/core/schema/schemaTypes';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';

/** A backend over a real client that counts round trips: requests sent after another answer of the same lookup came back. */
class CountingBackend implements SchemaBackend {
  sent = 0;
  #answered = 0;
  /** Requests that waited for an earlier answer (0 means everything went out at once: one round trip). */
  sequential = 0;

  constructor(private readonly client: Json2Client) {}

  reset(): void {
    this.sent = 0;
    this.#answered = 0;
    this.sequential = 0;
  }

  get roundTrips(): number {
    return this.sent === 0 ? 0 : 1 + this.sequential;
  }

  getDocument(documentPath: string, options?: { etag?: string; signal?: AbortSignal }): ReturnType<SchemaBackend['getDocument']> {
    return this.#count(() => this.client.getDocument(documentPath, options));
  }

  call<T = unknown>(
    model: string,
    method: string,
    args?: Readonly<Record<string, unknown>>,
    options?: { signal?: AbortSignal },
  ): Promise<T> {
    return this.#count(() => this.client.call<T>(model, method, args, options));
  }

  async #count<T>(send: () => Promise<T>): Promise<T> {
    this.sent += 1;
    if (this.#answered > 0) this.sequential += 1;
    try {
      return await send();
    } finally {
      this.#answered += 1;
    }
  }
}

describe('SchemaService against the sandbox', () => {
  let sandbox: StartedSandbox;
  let folder: string;
  const log: string[] = [];
  let adminClient: Json2Client;
  let userClient: Json2Client;

  /** The server's log lines of the requests that finished since the last `beforeEach`, once `count` of them matched. */
  async function served(pattern: RegExp, count: number): Promise<string[]> {
    const deadline = Date.now() + 2_000;
    while (log.filter((line) => pattern.test(line)).length < count && Date.now() < deadline) await delay(10);
    await delay(30);
    return log.filter((line) => pattern.test(line));
  }

  const service = (
    client: Json2Client,
    storage: SchemaStoragePort,
    options: { freshForMs?: number; database?: string } = {},
  ): { schema: SchemaService; backend: CountingBackend } => {
    const backend = new CountingBackend(client);
    const schema = new SchemaService({
      backend,
      connectionId: `test\u0000${sandbox.url}`,
      database: options.database ?? sandbox.database,
      storage,
      freshForMs: options.freshForMs,
    });
    return { schema, backend };
  };

  before(async () => {
    // The clients' one look at the database list (client/knownDatabases.ts) is not the schema's: left out.
    sandbox = await startSandbox({ log: (line) => !line.includes('/web/database/list') && log.push(line) });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-schema-'));
    adminClient = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    userClient = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.user, database: sandbox.database });
  });
  beforeEach(() => {
    log.length = 0;
  });
  after(async () => {
    await Promise.all([adminClient?.close(), userClient?.close()]);
    await sandbox?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('a key of the documentation group: models, fields and methods from the documents, one round trip each', async () => {
    const { schema, backend } = service(adminClient, new MemorySchemaStorage());
    const models = await schema.models();
    assert.equal(backend.roundTrips, 1);
    assert.ok(backend.sent <= 2, 'the document, and at most the meta-model query sent beside it');
    assert.ok(models.some((model) => model.model === 'res.partner' && model.name !== ''));
    assert.deepEqual(
      models.map((model) => model.model),
      [...models.map((model) => model.model)].sort((a, b) => a.localeCompare(b)),
    );
    assert.equal((await served(/\/doc-bearer\/index\.json 200/, 1)).length, 1);

    backend.reset();
    log.length = 0;
    const fields = await schema.fields('res.partner');
    assert.deepEqual([backend.sent, backend.roundTrips], [1, 1], 'documents are known to be readable now: one request');
    assert.deepEqual(await served(/^(GET|POST) /, 1).then((lines) => lines.map((line) => line.split(' ').slice(0, 3).join(' '))), [
      'GET /doc-bearer/res.partner.json 200',
    ]);
    assert.equal(schema.cachedDetail('res.partner')?.origin, 'documents');
    const truth = await adminClient.call<Record<string, Record<string, unknown>>>('res.partner', 'fields_get', {
      attributes: [...FIELD_ATTRIBUTES],
    });
    assert.deepEqual(Object.keys(fields).sort(), Object.keys(truth).sort());
    assert.deepEqual({ ...fields.country_id }, { name: 'country_id', ...pick(truth.country_id) });
    const methods = await schema.methods('res.partner');
    const search = methods.find((method) => method.name === 'search');
    assert.equal(search?.level, 'model');
    assert.deepEqual(
      search?.parameters.map((parameter) => [parameter.name, parameter.required]),
      [
        ['domain', true],
        ['offset', false],
        ['limit', false],
        ['order', false],
      ],
    );
    assert.equal(methods.find((method) => method.name === 'write')?.level, 'records');
    assert.equal(backend.sent, 1, 'methods came with the fields');
  });

  test('a key without the documentation group: ir.model and fields_get, and the first lookup still costs one round trip', async () => {
    const { schema, backend } = service(userClient, new MemorySchemaStorage());
    const models = await schema.models();
    assert.deepEqual([backend.sent, backend.roundTrips], [2, 1], 'the refused document and ir.model went out together');
    const lines = await served(/^(GET|POST) /, 2);
    assert.deepEqual(lines.map((line) => line.split(' ').slice(0, 3).join(' ')).sort(), [
      'GET /doc-bearer/index.json 403',
      'POST /json/2/ir.model/search_read 200',
    ]);
    const partner = models.find((model) => model.model === 'res.partner');
    assert.equal(partner?.state, 'base');

    backend.reset();
    log.length = 0;
    const fields = await schema.fields('res.partner');
    assert.deepEqual([backend.sent, backend.roundTrips], [1, 1]);
    assert.deepEqual(
      (await served(/^(GET|POST) /, 1)).map((line) => line.split(' ').slice(0, 3).join(' ')),
      ['POST /json/2/res.partner/fields_get 200'],
    );
    const truth = await userClient.call<Record<string, Record<string, unknown>>>('res.partner', 'fields_get', {
      attributes: [...FIELD_ATTRIBUTES],
    });
    assert.deepEqual(Object.keys(fields).sort(), Object.keys(truth).sort());
    assert.deepEqual({ ...fields.name }, { name: 'name', ...pick(truth.name) });
    assert.equal(schema.cachedDetail('res.partner')?.origin, 'metaModels');
    assert.ok((await schema.methods('res.partner')).some((method) => method.name === 'search_read' && method.level === 'model'));
  });

  test('issue 11: the first field lookup of a database costs one round trip for either key, later ones one request', async () => {
    for (const client of [userClient, adminClient]) {
      const { schema, backend } = service(client, new MemorySchemaStorage());
      await schema.fields('res.country');
      assert.equal(backend.roundTrips, 1, 'first lookup: one round trip');
      backend.reset();
      await schema.fields('res.currency');
      assert.deepEqual([backend.sent, backend.roundTrips], [1, 1], 'second model: one request');
      await schema.invalidate();
      backend.reset();
      await schema.fields('res.currency');
      // After Refresh Schema: a key that could read the documents asks them alone; one that could not asks both again.
      assert.deepEqual([backend.sent, backend.roundTrips], [client === adminClient ? 1 : 2, 1], 'after a full invalidation');
    }
  });

  test('stale entries are revalidated with their ETag: the server answers 304, and 200 with a new ETag once the schema changed', async () => {
    const { schema, backend } = service(adminClient, new MemorySchemaStorage(), { freshForMs: 0 });
    const first = await schema.models();
    backend.reset();
    log.length = 0;
    const again = await schema.models();
    assert.deepEqual(again, first);
    assert.deepEqual([backend.sent, backend.roundTrips], [1, 1]);
    assert.deepEqual(
      (await served(/^(GET|POST) /, 1)).map((line) => line.split(' ').slice(0, 3).join(' ')),
      ['GET /doc-bearer/index.json 304'],
    );

    // Readable by the administrator (a new custom model has no access row, as on the reference), so it is listed.
    const [system] = await adminClient.call<Array<{ res_id: number }>>('ir.model.data', 'search_read', {
      domain: [
        ['module', '=', 'base'],
        ['name', '=', 'group_system'],
      ],
      fields: ['res_id'],
    });
    await adminClient.call('ir.model', 'create', {
      vals_list: {
        name: 'Revalidated',
        model: 'x_revalidated',
        state: 'manual',
        access_ids: [[0, 0, { name: 'administrators', group_id: system.res_id, perm_read: true }]],
      },
    });
    log.length = 0;
    const changed = await schema.models({ refresh: true });
    assert.deepEqual(
      (await served(/doc-bearer/, 1)).map((line) => line.split(' ').slice(0, 3).join(' ')),
      ['GET /doc-bearer/index.json 200'],
    );
    assert.ok(changed.some((model) => model.model === 'x_revalidated'));
    assert.equal(changed.length, first.length + 1);
  });

  test('a fresh entry is answered from the cache without any request; refresh asks again', async () => {
    const { schema, backend } = service(userClient, new MemorySchemaStorage());
    await schema.fields('res.partner');
    backend.reset();
    await schema.fields('res.partner');
    await schema.methods('res.partner');
    assert.equal(backend.sent, 0);
    await schema.fields('res.partner', { refresh: true });
    assert.equal(backend.sent, 1);
  });

  test('persisted in a file store: a new service answers at once, remembers that documents are refused, and forgets on invalidate', async () => {
    const storage = new FileSchemaStorage(folder);
    const first = service(userClient, storage);
    await first.schema.fields('res.partner');
    const reopened = service(userClient, storage);
    await reopened.schema.restore();
    assert.equal((await reopened.schema.fields('res.partner')).name.type, 'char');
    assert.equal(reopened.backend.sent, 0, 'answered from the stored cache');
    log.length = 0;
    await reopened.schema.fields('res.country');
    assert.deepEqual(
      (await served(/^(GET|POST) /, 1)).map((line) => line.split(' ').slice(0, 3).join(' ')),
      ['POST /json/2/res.country/fields_get 200'],
      'the stored refusal of the documents spares the /doc-bearer request',
    );
    await reopened.schema.invalidate('res.partner');
    assert.equal(reopened.schema.cachedDetail('res.partner'), undefined);
    assert.ok(reopened.schema.cachedDetail('res.country'));
    await reopened.schema.invalidate();
    assert.deepEqual(fs.readdirSync(folder), []);
    reopened.backend.reset();
    await reopened.schema.fields('res.partner');
    assert.deepEqual(
      [reopened.backend.sent, reopened.backend.roundTrips],
      [2, 1],
      'after a full invalidation the documents are asked again',
    );
  });

  test('caches are per connection and database', async () => {
    const storage = new MemorySchemaStorage();
    await service(adminClient, storage).schema.models();
    const other = service(adminClient, storage, { database: 'other' });
    await other.schema.restore();
    assert.equal(other.schema.cachedModels(), undefined);
    assert.equal(storage.entries.size, 1);
  });

  test('concurrent lookups share one request', async () => {
    const { schema, backend } = service(userClient, new MemorySchemaStorage(), {});
    await Promise.all([schema.fields('res.partner'), schema.fields('res.partner'), schema.methods('res.partner')]);
    assert.equal(backend.sent, 2);
    assert.equal(backend.roundTrips, 1);
  });
});

/** The attributes the service keeps from a `fields_get` answer (an empty help is left out). */
function pick(attributes: Record<string, unknown> | undefined): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (name === 'help' && value === '') continue;
    if (name === 'relation' && value === '') continue;
    kept[name] = value;
  }
  return kept;
}
