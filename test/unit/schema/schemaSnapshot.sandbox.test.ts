// Loading whole schemas from two sandbox databases made to differ through ir.model / ir.model.fields: the comparison
// finds exactly those differences; the documents and fields_get describe one database alike; the loader keeps to its
// concurrency, reports progress, stops asking once cancelled, and sets aside models the key may not read.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ClientError } from '../../../src/core/client/clientErrors';
import { Json2Client } from '../../../src/core/client/json2Client';
import { compareSchemas } from '../../../src/core/schema/schemaComparison';
import { type SchemaBackend, SchemaService } from '../../../src/core/schema/schemaService';
import { loadSchemaSnapshot, type SchemaSource, type SnapshotProgress } from '../../../src/core/schema/schemaSnapshot';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { differencesOf, EXPECTED_DIFFERENCES, makeSchemasDiffer } from '../../support/schemaDifferences';

const STAGING = 'staging';

describe('Schema snapshots of two sandbox databases', () => {
  let sandbox: StartedSandbox;
  let production: Json2Client;
  let staging: Json2Client;

  const service = (client: Json2Client, database: string, backend: SchemaBackend = client): SchemaService =>
    new SchemaService({ backend, connectionId: `test\u0000${database}`, database });

  before(async () => {
    sandbox = await startSandbox({ databases: [STAGING] });
    production = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    const stagingKey = await sandbox.newKey('admin', { database: STAGING });
    staging = new Json2Client({ baseUrl: sandbox.url, apiKey: stagingKey, database: STAGING });
    await makeSchemasDiffer(production, staging);
  });
  after(async () => {
    await Promise.all([production?.close(), staging?.close()]);
    await sandbox?.stop();
  });

  test('the comparison of the two databases finds exactly the models and fields made to differ', async () => {
    const [left, right] = await Promise.all([
      loadSchemaSnapshot(service(production, sandbox.database), { label: 'production' }),
      loadSchemaSnapshot(service(staging, STAGING), { label: 'staging' }),
    ]);
    assert.ok(left.models.length > 20, `${left.models.length} models`);
    assert.equal(Object.keys(left.fields).length, left.models.length);
    const comparison = compareSchemas(left, right);
    assert.deepEqual(differencesOf(comparison), EXPECTED_DIFFERENCES);
    assert.equal(comparison.sameModels, left.models.length - 2);
    assert.deepEqual(comparison.uncomparedModels, []);
  });

  test('the schema documents and ir.model with fields_get describe one database alike', async () => {
    const noDocuments: SchemaBackend = {
      getDocument: () => Promise.reject(new ClientError('access', 'no documents')),
      call: (model, method, args, options) => production.call(model, method, args, options),
    };
    const [documents, metaModels] = await Promise.all([
      loadSchemaSnapshot(service(production, sandbox.database), { label: 'documents' }),
      loadSchemaSnapshot(service(production, sandbox.database, noDocuments), { label: 'metaModels' }),
    ]);
    const comparison = compareSchemas(documents, metaModels);
    assert.deepEqual(differencesOf(comparison), { addedModels: [], removedModels: [], changedModels: [] });
  });

  test('at most `concurrency` lookups at once, progress up to the total, nothing asked after cancelling', async () => {
    const schema = service(production, sandbox.database);
    let running = 0;
    let most = 0;
    let started = 0;
    const controller = new AbortController();
    const progress: SnapshotProgress[] = [];
    const counting: SchemaSource = {
      models: (options) => schema.models(options),
      fields: async (model, options) => {
        started += 1;
        running += 1;
        most = Math.max(most, running);
        try {
          return await schema.fields(model, options);
        } finally {
          running -= 1;
        }
      },
    };
    const whole = await loadSchemaSnapshot(counting, { label: 'x', concurrency: 3, refresh: true, onProgress: (p) => progress.push(p) });
    assert.equal(most, 3);
    assert.deepEqual(progress.at(-1), { done: whole.models.length, total: whole.models.length });
    assert.deepEqual(
      progress.map((p) => p.done),
      progress.map((_, index) => index),
    );

    started = 0;
    const onProgress = (p: SnapshotProgress): void => {
      if (p.done === 5) controller.abort();
    };
    const cancelled = loadSchemaSnapshot(counting, { label: 'x', concurrency: 3, refresh: true, signal: controller.signal, onProgress });
    await assert.rejects(cancelled, (error: Error) => error.name === 'AbortError');
    const askedWhenCancelled = started;
    assert.ok(askedWhenCancelled <= 5 + 3, `${askedWhenCancelled} lookups started`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(started, askedWhenCancelled, 'no lookup starts after the cancellation');
  });

  test('models whose fields the key may not read are set aside and left out of the comparison', async () => {
    const schema = service(production, sandbox.database);
    const refusing: SchemaSource = {
      models: (options) => schema.models(options),
      fields: (model, options) =>
        model === 'res.partner' ? Promise.reject(new ClientError('access', 'You are not allowed')) : schema.fields(model, options),
    };
    const [left, right] = await Promise.all([
      loadSchemaSnapshot(refusing, { label: 'production' }),
      loadSchemaSnapshot(service(staging, STAGING), { label: 'staging' }),
    ]);
    assert.deepEqual(left.unreadable, ['res.partner']);
    const comparison = compareSchemas(left, right);
    assert.deepEqual(comparison.uncomparedModels, ['res.partner']);
    assert.deepEqual(comparison.changedModels, []);
  });

  test('a failure other than a refusal fails the whole load', async () => {
    const schema = service(production, sandbox.database);
    const failing: SchemaSource = {
      models: (options) => schema.models(options),
      fields: (model, options) =>
        model === 'res.partner' ? Promise.reject(new ClientError('network', 'connection reset')) : schema.fields(model, options),
    };
    await assert.rejects(loadSchemaSnapshot(failing, { label: 'x' }), /connection reset/);
  });
});
