// The schema service's decisions: documents or meta-models, freshness, ETag revalidation, invalidation, persistence.
// The backend here only records requests and plays back answers; the sandbox suite checks the real endpoints.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Json2Error } from '../../../src/core/client/clientErrors';
import { fieldsOfFieldsGet, methodsOfModelDocument, modelsOfIndex } from '../../../src/core/schema/schemaDocuments';
import { type SchemaBackend, SchemaService } from '../../../src/core/schema/schemaService';
import { FileSchemaStorage, MemorySchemaStorage, type SchemaStoragePort } from '../../../src/core/schema/schemaStorage';

const INDEX = { modules: ['base'], models: [{ model: 'res.partner', name: 'Contact', fields: { name: { string: 'Name' } }, methods: ['search'] }, { model: 'res.country', name: 'Country' }] };
const PARTNER_DOCUMENT = {
  model: 'res.partner', name: 'Contact', doc: '',
  fields: { name: { string: 'Name', type: 'char', required: true, help: '' }, country_id: { string: 'Country', type: 'many2one', relation: 'res.country' },
    type: { string: 'Type', type: 'selection', selection: [['contact', 'Contact'], ['invoice', 'Invoice']] } },
  methods: { search: { signature: '(domain, offset=0, limit=None, order=None)', parameters: { domain: { name: 'domain' }, offset: { name: 'offset', default: 0 }, limit: { name: 'limit', default: null } }, return: 'ids', doc: 'Search.', api: ['model', 'readonly'] },
    write: { signature: '(vals)', parameters: { vals: { name: 'vals', annotation: 'dict' } }, return: 'bool', doc: '', api: [] } },
};

class RecordingBackend implements SchemaBackend {
  readonly requests: string[] = [];
  documents: 'readable' | 'forbidden' | 'absent' = 'readable';
  etags: Record<string, string> = { '/doc-bearer/index.json': '"v1"', '/doc-bearer/res.partner.json': '"p1"' };

  getDocument(path: string, options: { etag?: string } = {}): ReturnType<SchemaBackend['getDocument']> {
    this.requests.push(`GET ${path}${options.etag ? ` if-none-match ${options.etag}` : ''}`);
    if (this.documents === 'forbidden') return Promise.reject(new Json2Error({ status: 403, kind: 'access', message: 'no', target: path }));
    if (this.documents === 'absent') return Promise.reject(new Json2Error({ status: 404, kind: 'notFound', message: 'no', target: path }));
    const etag = this.etags[path];
    if (options.etag !== undefined && options.etag === etag) return Promise.resolve({ notModified: true, etag });
    const body = path.endsWith('index.json') ? INDEX : path.endsWith('res.partner.json') ? PARTNER_DOCUMENT : undefined;
    if (!body) return Promise.reject(new Json2Error({ status: 404, kind: 'notFound', message: 'no', target: path }));
    return Promise.resolve({ notModified: false, etag, body });
  }

  call<T>(model: string, method: string, args: Readonly<Record<string, unknown>> = {}): Promise<T> {
    this.requests.push(`POST ${model}/${method} ${JSON.stringify(args)}`);
    if (model === 'ir.model') return Promise.resolve([{ model: 'res.partner', name: 'Contact', state: 'base' }, { model: 'x_thing', name: 'Thing', state: 'manual' }] as T);
    return Promise.resolve({ name: { string: 'Name', type: 'char', required: true } } as T);
  }
}

function service(backend: RecordingBackend, clock: { now: number }, storage: SchemaStoragePort = new MemorySchemaStorage()): SchemaService {
  return new SchemaService({ backend, connectionId: 'https://erp.example.com', database: 'demo', storage, freshForMs: 1000, now: () => clock.now });
}

describe('SchemaService', () => {
  test('answers from the documents, and from the cache while fresh', async () => {
    const backend = new RecordingBackend();
    const clock = { now: 0 };
    const schema = service(backend, clock);
    assert.deepEqual((await schema.models()).map((m) => m.model), ['res.country', 'res.partner']);
    const fields = await schema.fields('res.partner');
    assert.deepEqual(fields.country_id, { name: 'country_id', type: 'many2one', string: 'Country', relation: 'res.country' });
    assert.deepEqual(fields.type.selection, [['contact', 'Contact'], ['invoice', 'Invoice']]);
    const methods = await schema.methods('res.partner');
    assert.deepEqual(methods.find((m) => m.name === 'search')?.parameters.map((p) => [p.name, p.required]), [['domain', true], ['offset', false], ['limit', false]]);
    assert.equal(methods.find((m) => m.name === 'search')?.level, 'model');
    assert.equal(methods.find((m) => m.name === 'write')?.level, 'records');
    await schema.models();
    await schema.fields('res.partner');
    assert.deepEqual(backend.requests, ['GET /doc-bearer/index.json', 'GET /doc-bearer/res.partner.json']);
    assert.equal(schema.cachedDetail('res.partner')?.origin, 'documents');
  });

  test('revalidates stale entries with their ETag and keeps them on 304; takes the new version otherwise', async () => {
    const backend = new RecordingBackend();
    const clock = { now: 0 };
    const schema = service(backend, clock);
    await schema.models();
    clock.now = 5000;
    await schema.models();
    assert.equal(backend.requests.at(-1), 'GET /doc-bearer/index.json if-none-match "v1"');
    assert.equal((await schema.models()).length, 2);
    backend.etags['/doc-bearer/index.json'] = '"v2"';
    await schema.models({ refresh: true });
    assert.equal(backend.requests.at(-1), 'GET /doc-bearer/index.json if-none-match "v1"');
    await schema.models({ refresh: true });
    assert.equal(backend.requests.at(-1), 'GET /doc-bearer/index.json if-none-match "v2"');
  });

  test('falls back to ir.model, fields_get and the method table when documents are forbidden, and remembers it', async () => {
    const backend = new RecordingBackend();
    backend.documents = 'forbidden';
    const clock = { now: 0 };
    const schema = service(backend, clock);
    assert.deepEqual(await schema.models(), [{ model: 'res.partner', name: 'Contact', state: 'base' }, { model: 'x_thing', name: 'Thing', state: 'manual' }]);
    assert.deepEqual(Object.keys(await schema.fields('res.partner')), ['name']);
    assert.ok((await schema.methods('res.partner')).some((m) => m.name === 'search_read' && m.level === 'model'));
    assert.deepEqual(backend.requests, [
      'GET /doc-bearer/index.json',
      'POST ir.model/search_read {"domain":[],"fields":["model","name","state"]}',
      'POST res.partner/fields_get {"attributes":["string","help","type","relation","required","readonly","selection"]}',
    ]);
    assert.equal(schema.cachedDetail('res.partner')?.origin, 'metaModels');
  });

  test('a model without its own document falls back for that model only', async () => {
    const backend = new RecordingBackend();
    const schema = service(backend, { now: 0 });
    await schema.models();
    await schema.fields('res.country');
    await schema.fields('res.partner');
    assert.deepEqual(backend.requests.slice(1), ['GET /doc-bearer/res.country.json', 'POST res.country/fields_get {"attributes":["string","help","type","relation","required","readonly","selection"]}', 'GET /doc-bearer/res.partner.json']);
  });

  test('invalidation forgets one model or everything', async () => {
    const backend = new RecordingBackend();
    const schema = service(backend, { now: 0 });
    await schema.models();
    await schema.fields('res.partner');
    await schema.invalidate('res.partner');
    assert.equal(schema.cachedDetail('res.partner'), undefined);
    await schema.models();
    assert.equal(backend.requests.length, 2);
    await schema.invalidate();
    await schema.models();
    assert.equal(backend.requests.length, 3);
  });

  test('concurrent lookups share one request', async () => {
    const backend = new RecordingBackend();
    const schema = service(backend, { now: 0 });
    await Promise.all([schema.models(), schema.models(), schema.models()]);
    assert.equal(backend.requests.length, 1);
  });

  test('persists through the storage port: a new service answers at once from a file store', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-schema-'));
    const storage = new FileSchemaStorage(folder);
    const first = new RecordingBackend();
    await service(first, { now: 0 }, storage).fields('res.partner');
    const second = new RecordingBackend();
    const reopened = service(second, { now: 10 }, storage);
    await reopened.restore();
    assert.equal((await reopened.fields('res.partner')).name.type, 'char');
    assert.deepEqual(second.requests, []);
    await reopened.invalidate();
    assert.deepEqual(fs.readdirSync(folder), []);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('keys are per connection and database', async () => {
    const storage = new MemorySchemaStorage();
    const clock = { now: 0 };
    await service(new RecordingBackend(), clock, storage).models();
    const other = new SchemaService({ backend: new RecordingBackend(), connectionId: 'https://erp.example.com', database: 'other', storage, now: () => 0 });
    await other.restore();
    assert.equal(other.cachedDetail('res.partner'), undefined);
    assert.equal(storage.entries.size, 1);
  });
});

describe('schema documents', () => {
  test('read the documented shapes and refuse others', () => {
    assert.deepEqual(modelsOfIndex(INDEX).map((m) => m.name), ['Country', 'Contact']);
    assert.throws(() => modelsOfIndex({ models: 'x' }), /models list/);
    assert.deepEqual(fieldsOfFieldsGet({ a: { type: 'integer', help: '' } }), { a: { name: 'a', type: 'integer' } });
    assert.deepEqual(methodsOfModelDocument({ m: { parameters: { x: { name: 'x', default: null } }, api: ['model'] } }),
      [{ name: 'm', parameters: [{ name: 'x', required: false, default: null }], level: 'model', readonly: false }]);
  });
});
