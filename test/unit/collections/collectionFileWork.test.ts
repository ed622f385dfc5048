// The file-to-file import and export of src/core/collections on an in-memory file port (what the CLI and the editor
// share): default names, several inputs in sub-folders, a folder's other JSON skipped, files that exist found, a
// folder's .json2 files exported in path order.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { type CollectionFiles, defaultImportFolderName, stemOf } from '../../../src/core/collections/collectionFiles';
import { defaultExportName, exportText } from '../../../src/core/collections/exportFiles';
import { importCounts, planImport, writeImport } from '../../../src/core/collections/importFiles';
import { collectionsDir, FIXTURE_SECRETS } from './collectionFixtures';

/** Files by `/`-separated path; folders are the paths' prefixes. */
function memoryFiles(initial: Record<string, string>): CollectionFiles<string> & { texts: Map<string, string> } {
  const texts = new Map(Object.entries(initial));
  const isFolder = (location: string) => [...texts.keys()].some((file) => file.startsWith(`${location}/`));
  return {
    texts,
    kind: async (location) => (texts.has(location) ? 'file' : isFolder(location) ? 'folder' : undefined),
    readText: async (location) => {
      const text = texts.get(location);
      if (text === undefined) throw new Error(`${location}: no such file`);
      return text;
    },
    writeText: async (location, text) => void texts.set(location, text),
    children: async (folder) => {
      const names = new Map<string, 'file' | 'folder'>();
      for (const file of texts.keys()) {
        if (!file.startsWith(`${folder}/`)) continue;
        const [name, ...rest] = file.slice(folder.length + 1).split('/');
        names.set(name, rest.length > 0 ? 'folder' : 'file');
      }
      return [...names].map(([name, kind]) => ({ name, kind }));
    },
    child: (folder, relative) => `${folder}/${relative}`,
    baseName: (location) => location.replace(/^.*\//, ''),
    label: (location) => location,
  };
}

const fixture = (name: string) => fs.readFileSync(path.join(collectionsDir, name), 'utf8');

describe('collection file work (core, on a file port)', () => {
  test('default names: the import beside the source in <stem>-json2, the export <stem>.postman_collection.json / .http', () => {
    assert.equal(stemOf('odoo.postman_collection.json'), 'odoo');
    assert.equal(defaultImportFolderName(['odoo.postman_collection.json']), 'odoo-json2');
    assert.equal(defaultImportFolderName(['bruno']), 'bruno-json2');
    assert.equal(defaultImportFolderName(['a.http', 'b.http']), 'collections-json2');
    assert.equal(defaultExportName('partners.json2', 'postman'), 'partners.postman_collection.json');
    assert.equal(defaultExportName('requests', 'http'), 'requests.http');
  });

  test('a folder of collections: each imported, other JSON skipped with its reason, existing files found, no secret written', async () => {
    const files = memoryFiles({
      'src/odoo.http': fixture('odoo.http'),
      'src/odoo.postman_collection.json': fixture('odoo.postman_collection.json'),
      'src/package.json': '{"name": "not a collection"}',
      'out/odoo.json2': 'GET /web/version\n',
    });
    const plan = await planImport(files, ['src'], 'out');
    assert.deepEqual(
      plan.imports.map((each) => each.source),
      ['src/odoo.http', 'src/odoo.postman_collection.json'],
    );
    assert.deepEqual(
      plan.skipped.map((each) => each.where),
      ['src/package.json'],
    );
    assert.deepEqual(plan.existing, ['out/odoo.json2']);
    const counts = importCounts(plan);
    assert.ok(counts.converted > 0 && counts.secrets > 0 && counts.scripts > 0, JSON.stringify(counts));
    const { written, report } = await writeImport(files, plan);
    assert.equal(written.length, counts.files);
    for (const location of written) for (const secret of FIXTURE_SECRETS) assert.ok(!files.texts.get(location)?.includes(secret));
    assert.match(report, /^# Import of src\/odoo\.http$/m);
    assert.match(report, /^# Import of src\/odoo\.postman_collection\.json$/m);
  });

  test('several inputs go to sub-folders named after them; an input that is not there is refused', async () => {
    const files = memoryFiles({ 'a/one.http': fixture('odoo.http'), 'b/two.http': fixture('odoo.http') });
    const plan = await planImport(files, ['a/one.http', 'b/two.http'], 'out');
    assert.deepEqual([...new Set(plan.imports.map((each) => each.target))], ['out/one', 'out/two']);
    await assert.rejects(planImport(files, ['missing.http'], 'out'), /missing\.http: no such file or folder/);
  });

  test('a folder exported: its .json2 files at any depth, in path order, named by their relative paths', async () => {
    const files = memoryFiles({
      'req/b.json2': '### B\nres.partner/search_count\n{ "domain": [] }\n',
      'req/sub/a.json2': '### A\nGET /web/version\n',
      'req/notes.md': '# not a request file',
    });
    const exported = await exportText(files, ['req'], 'postman', 'req', { baseUrl: 'http://odoo.test', database: 'prod' });
    assert.equal(exported.files, 2);
    assert.equal(exported.requests, 2);
    const collection = JSON.parse(exported.text) as { item: { name: string }[]; variable: { key: string; value: string }[] };
    assert.deepEqual(
      collection.item.map((folder) => folder.name),
      ['b', 'sub/a'],
    );
    assert.deepEqual(
      collection.variable.slice(0, 2).map((variable) => variable.value),
      ['http://odoo.test', 'prod'],
    );
    await assert.rejects(exportText(memoryFiles({ 'x/notes.md': '' }), ['x'], 'http', 'x', {}), /no \.json2 file was found/);
  });
});
