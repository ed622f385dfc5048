// The project scan of `json2 types --from-project` and the editor's "Models this project uses": models of .json2 calls
// (not routes, not placeholders), of deprecated RPC calls in Python and JavaScript, of JSON-2 URLs in code; a generated
// types file uses none; folders walked as json2 migrate walks them (.gitignore, dependencies, virtual environments).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MissingPathError } from '../../../src/core/migrate/sourceFiles';
import { requestFileModels } from '../../../src/core/requestFile/requestFileModels';
import { modelsInFile, projectModelUses } from '../../../src/core/typegen/projectModels';
import { typescriptTypes } from '../../../src/core/typegen/typescriptTypes';

describe('modelsInFile', () => {
  test('a request file: its calls, short and full, not routes nor models written with placeholders', () => {
    const text = [
      '### Partners',
      'POST res.partner/search_read',
      '{"domain": []}',
      '',
      '### Orders',
      'POST /json/2/sale.order/read',
      '{"ids": [1]}',
      '',
      '### A route',
      'GET /web/version',
      '',
      '### Dynamic',
      'POST {{model}}/search',
      '{}',
      '',
      '### Again',
      'POST res.partner/read',
      '{"ids": [1]}',
    ].join('\n');
    assert.deepEqual(modelsInFile('requests/api.json2', text, requestFileModels), ['res.partner', 'sale.order']);
  });

  test('Python: execute_kw with a literal model (XML-RPC), and JSON-2 URLs', () => {
    const text = [
      'import xmlrpc.client',
      'models = xmlrpc.client.ServerProxy(f"{URL}/xmlrpc/2/object")',
      'ids = models.execute_kw(DB, UID, KEY, "res.partner", "search", [[]])',
      'model = pick()',
      'rows = models.execute_kw(DB, UID, KEY, model, "read", [ids])',
      'requests.post(URL + "/json/2/account.move/search_read", json={})',
    ].join('\n');
    assert.deepEqual(modelsInFile('sync.py', text, requestFileModels), ['account.move', 'res.partner']);
  });

  test('JavaScript: a JSON-RPC execute_kw body and a fetch of a JSON-2 URL', () => {
    const text = [
      "const body = { jsonrpc: '2.0', method: 'call', params: { service: 'object', method: 'execute_kw',",
      "  args: [db, uid, key, 'product.product', 'search_read', [[]], { fields: ['name'] }] } };",
      "await fetch(url + '/jsonrpc', { method: 'POST', body: JSON.stringify(body) });",
      'await fetch(`${base}/json/2/stock.picking/search_read`, { method: "POST" });',
    ].join('\n');
    assert.deepEqual(modelsInFile('web/app.js', text, requestFileModels), ['product.product', 'stock.picking']);
  });

  test('a file json2 types wrote uses no model; a file that does not parse names what its URLs name', () => {
    const schema = {
      server: 'https://erp.example.com',
      database: 'demo',
      release: '19.0',
      models: [{ model: 'res.partner', name: 'Contact', fields: [], methods: [] }],
    };
    const generated = typescriptTypes(schema, { lang: 'ts', models: ['res.partner'], depth: 0, client: true }, new Date(0));
    assert.match(generated, /json2-types/);
    assert.deepEqual(modelsInFile('odooTypes.ts', `${generated}\n// fetch('/json/2/res.users/read')\n`, requestFileModels), []);
    assert.deepEqual(modelsInFile('broken.py', 'def (:\n  execute_kw("x"\nurl = "/json/2/res.users/read"', requestFileModels), [
      'res.users',
    ]);
  });
});

describe('projectModelUses', () => {
  let dir: string;
  const write = (relative: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), text);
  };

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-project-models-'));
    write('a.json2', 'POST res.partner/search_read\n{}\n');
    write('src/b.ts', "fetch('/json/2/res.partner/read'); fetch('/json/2/sale.order/read');\n");
    write('node_modules/pkg/index.js', "fetch('/json/2/res.users/read');\n");
    write('.venv/lib/x.py', 'url = "/json/2/res.company/read"\n');
    write('env/pyvenv.cfg', 'home = /usr\n');
    write('env/y.py', 'url = "/json/2/res.company/read"\n');
    write('.gitignore', 'build/\n');
    write('build/c.js', "fetch('/json/2/res.country/read');\n");
    write('notes.txt', '/json/2/res.bank/read\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('each model with the files using it; dependencies, environments, ignored folders and other files skipped', async () => {
    assert.deepEqual(await projectModelUses([dir], requestFileModels), [
      { model: 'res.partner', files: [path.join(dir, 'a.json2'), path.join(dir, 'src', 'b.ts')] },
      { model: 'sale.order', files: [path.join(dir, 'src', 'b.ts')] },
    ]);
  });

  test('a folder that does not exist is an error; a file given by name is read', async () => {
    await assert.rejects(projectModelUses([path.join(dir, 'nowhere')], requestFileModels), MissingPathError);
    assert.deepEqual(await projectModelUses([path.join(dir, 'build', 'c.js')], requestFileModels), [
      { model: 'res.country', files: [path.join(dir, 'build', 'c.js')] },
    ]);
  });
});
