// Issue 26: the schema service and invalidation racing reads against the sandbox. The server's answer to a schema read
// is held in the backend (it has arrived, the lookup has not seen it yet) while a field is added on the server and the
// cache is invalidated; then it is released. A read started before an invalidation must never fill the cache, a lookup
// after it must not join that read, and one caller giving up must not fail the others sharing its read.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Json2Client } from '../../../src/core/client/json2Client';
import { type SchemaBackend, SchemaService } from '../../../src/core/schema/schemaService';
import { MemorySchemaStorage } from '../../../src/core/schema/schemaStorage';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';

interface Held {
  /** Resolves once the held request is waiting: its answer has arrived (`afterAnswer`), or it is about to go out. */
  readonly reached: Promise<void>;
  /** Lets it go on: the answer to the lookup that asked, or the request to the server. */
  release(): void;
}

/** A backend over a real client whose next request can be held before it is sent or after its answer arrived. */
class HoldingBackend implements SchemaBackend {
  sent = 0;
  #next: { where: 'beforeSending' | 'afterAnswer'; reached: () => void; gate: Promise<void> } | undefined;

  constructor(private readonly client: Json2Client) {}

  holdNext(where: 'beforeSending' | 'afterAnswer' = 'afterAnswer'): Held {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#next = { where, reached, gate };
    return { reached: reachedPromise, release };
  }

  getDocument(documentPath: string, options?: { etag?: string; signal?: AbortSignal }): ReturnType<SchemaBackend['getDocument']> {
    return this.#send(() => this.client.getDocument(documentPath, options));
  }

  call<T = unknown>(
    model: string,
    method: string,
    args?: Readonly<Record<string, unknown>>,
    options?: { signal?: AbortSignal },
  ): Promise<T> {
    return this.#send(() => this.client.call<T>(model, method, args, options));
  }

  async #send<T>(send: () => Promise<T>): Promise<T> {
    this.sent += 1;
    const held = this.#next;
    this.#next = undefined;
    if (held?.where === 'beforeSending') {
      held.reached();
      await held.gate;
      return send();
    }
    try {
      return await send();
    } finally {
      held?.reached();
      await held?.gate;
    }
  }
}

describe('SchemaService: invalidation racing reads, against the sandbox', () => {
  let sandbox: StartedSandbox;
  let adminClient: Json2Client;
  let userClient: Json2Client;
  let countryId: number;
  let added = 0;

  before(async () => {
    sandbox = await startSandbox();
    adminClient = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    userClient = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.user, database: sandbox.database });
    const [model] = await adminClient.call<Array<{ id: number }>>('ir.model', 'search_read', {
      domain: [['model', '=', 'res.country']],
      fields: ['id'],
    });
    countryId = model.id;
  });
  after(async () => {
    await Promise.all([adminClient?.close(), userClient?.close()]);
    await sandbox?.stop();
  });

  /** Adds a new custom char field to res.country on the server and returns its name. */
  async function addField(): Promise<string> {
    const name = `x_raced_${++added}`;
    await adminClient.call('ir.model.fields', 'create', {
      vals_list: { model_id: countryId, name, field_description: `Raced ${added}`, ttype: 'char', state: 'manual' },
    });
    return name;
  }

  /** A service whose documents question is already settled, so that each lookup sends one request. */
  async function primed(client: Json2Client): Promise<{ schema: SchemaService; backend: HoldingBackend }> {
    const backend = new HoldingBackend(client);
    const schema = new SchemaService({
      backend,
      connectionId: `race\u0000${sandbox.url}`,
      database: sandbox.database,
      storage: new MemorySchemaStorage(),
    });
    await schema.models();
    backend.sent = 0;
    return { schema, backend };
  }

  for (const [keyName, invalidation] of [
    ['user', 'model'],
    ['admin', 'model'],
    ['user', 'all'],
    ['admin', 'all'],
  ] as const) {
    test(`a fields read answered before the field was added and invalidation of ${invalidation === 'all' ? 'everything' : 'the model'} does not fill the cache (${keyName} key)`, async () => {
      const { schema, backend } = await primed(keyName === 'admin' ? adminClient : userClient);
      const held = backend.holdNext();
      const before = schema.fields('res.country');
      await held.reached;
      const field = await addField();
      await schema.invalidate(invalidation === 'all' ? undefined : 'res.country');
      held.release();
      assert.ok(!(field in (await before)), 'the read started before the field was added answers its caller what it read');
      assert.ok(!(field in (schema.cachedDetail('res.country')?.fields ?? {})), 'but that answer is not cached');
      assert.ok(field in (await schema.fields('res.country')), 'the next lookup reads the server again and sees the field');
    });
  }

  // Joining the held read would wait for it forever: the time limit ends the test then, with that name.
  test('a lookup after an invalidation does not join the read started before it', { timeout: 60_000 }, async () => {
    const { schema, backend } = await primed(userClient);
    const held = backend.holdNext();
    const before = schema.fields('res.country');
    await held.reached;
    const field = await addField();
    await schema.invalidate('res.country');
    const sentBefore = backend.sent;
    const afterwards = schema.fields('res.country');
    try {
      assert.ok(field in (await afterwards), 'the lookup made after the invalidation sees the new field');
      assert.equal(backend.sent, sentBefore + 1, 'it sent its own request');
    } finally {
      held.release();
    }
    assert.ok(!(field in (await before)));
    assert.ok(field in (schema.cachedDetail('res.country')?.fields ?? {}), 'the newer answer stays cached');
  });

  test('the model list: a read started before a full invalidation does not fill the cache', async () => {
    const { schema, backend } = await primed(userClient);
    const held = backend.holdNext();
    const before = schema.models({ refresh: true });
    await held.reached;
    await adminClient.call('ir.model', 'create', { vals_list: { name: 'Raced', model: 'x_raced_model', state: 'manual' } });
    await schema.invalidate();
    held.release();
    assert.ok(!(await before).some((model) => model.model === 'x_raced_model'));
    assert.equal(schema.cachedModels(), undefined, 'the old list is not cached');
    assert.ok((await schema.models()).some((model) => model.model === 'x_raced_model'));
  });

  test('a caller that gives up does not fail the others sharing its read', async () => {
    const { schema, backend } = await primed(userClient);
    await addField();
    const held = backend.holdNext('beforeSending');
    const impatient = new AbortController();
    const first = schema.fields('res.country', { signal: impatient.signal });
    const second = schema.fields('res.country');
    await held.reached;
    impatient.abort();
    held.release();
    await assert.rejects(first, { kind: 'cancelled' });
    const fields = await second;
    assert.equal(backend.sent, 1, 'one request for both');
    assert.equal(fields.name.type, 'char');
    assert.ok(schema.cachedDetail('res.country'), 'and its answer is cached');
  });

  test('a read every caller gave up is cancelled and caches nothing', async () => {
    const { schema, backend } = await primed(userClient);
    const impatient = new AbortController();
    const held = backend.holdNext('beforeSending');
    const lookup = schema.fields('res.partner', { signal: impatient.signal });
    await held.reached;
    impatient.abort();
    held.release();
    await assert.rejects(lookup, { kind: 'cancelled' });
    assert.equal(schema.cachedDetail('res.partner'), undefined);
  });
});
