// The schema service's pure parts: reading the documented shapes (and refusing others) and the file store.
// The service's behaviour against a server is tested on the sandbox (schemaService.sandbox.test.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fieldsOfFieldsGet, methodsOfModelDocument, modelsOfIndex } from '../../../src/core/schema/schemaDocuments';
import { FileSchemaStorage } from '../../../src/core/schema/schemaStorage';

const INDEX = {
  modules: ['base'],
  models: [
    { model: 'res.partner', name: 'Contact', fields: { name: { string: 'Name' } }, methods: ['search'] },
    { model: 'res.country', name: 'Country' },
  ],
};

describe('schema documents', () => {
  test('read the documented shapes and refuse others', () => {
    assert.deepEqual(
      modelsOfIndex(INDEX).map((m) => m.name),
      ['Country', 'Contact'],
    );
    assert.throws(() => modelsOfIndex({ models: 'x' }), /models list/);
    assert.deepEqual(fieldsOfFieldsGet({ a: { type: 'integer', help: '' } }), { a: { name: 'a', type: 'integer' } });
    assert.deepEqual(methodsOfModelDocument({ m: { parameters: { x: { name: 'x', default: null } }, api: ['model'] } }), [
      { name: 'm', parameters: [{ name: 'x', required: false, default: null }], level: 'model', readonly: false },
    ]);
  });
});

describe('FileSchemaStorage', () => {
  test('saves, loads and deletes one file per key, with a file name that does not show the key', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-schema-store-'));
    const storage = new FileSchemaStorage(path.join(folder, 'nested'));
    const key = 'conn\u0000https://erp.example.com\u0000demo';
    assert.equal(await storage.load(key), undefined);
    await storage.save(key, '{"format":1}');
    await storage.save('another', '{}');
    assert.equal(await storage.load(key), '{"format":1}');
    const files = fs.readdirSync(path.join(folder, 'nested'));
    assert.equal(files.length, 2);
    assert.ok(files.every((file) => /^schema-[0-9a-f]{32}\.json$/.test(file)));
    await storage.delete(key);
    assert.equal(await storage.load(key), undefined);
    await storage.delete(key);
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
