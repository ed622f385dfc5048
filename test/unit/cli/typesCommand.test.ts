// `json2 types` as a separate process against the sandbox: it writes TypeScript and Python files, `--check` passes
// while the schema is unchanged and fails (exit 1) naming each difference once a field is removed or a selection
// value changes, --from-project reads the models a project's request files and code use, and bad usage, an unknown
// model or a file it did not write exit 2 with a specific message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok } from '../../support/sandboxHttp';
import { ensureCliBuilt, runCli } from './cliHarness';

describe('json2 types', () => {
  let sandbox: StartedSandbox;
  let dir: string;
  let env: Record<string, string>;
  let partnerModelId: number;
  let server: string[];

  const field = async (name: string, values: Record<string, unknown>): Promise<void> => {
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: [{ model_id: partnerModelId, name, field_description: name, state: 'manual', ...values }],
    });
  };
  const removeField = async (name: string): Promise<void> => {
    const ids = await ok<number[]>(sandbox, 'ir.model.fields', 'search', {
      domain: [
        ['model', '=', 'res.partner'],
        ['name', '=', name],
      ],
    });
    assert.equal(ids.length, 1);
    await ok(sandbox, 'ir.model.fields', 'unlink', { ids });
  };

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-types-cli-'));
    env = { JSON2_API_KEY: sandbox.keys.admin };
    server = ['--url', sandbox.url, '--db', sandbox.database];
    [partnerModelId] = await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', 'res.partner']] });
    await field('x_priority', { ttype: 'selection', selection: "[('low', 'Low'), ('high', 'High')]" });
    await field('x_gone', { ttype: 'char' });
  });
  after(async () => {
    await sandbox?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('writes the types, and --check passes, then names each change of the schema and exits 1', async () => {
    const tsFile = path.join(dir, 'types.ts');
    const pyFile = path.join(dir, 'json2_types.py');
    const written = await runCli(['types', ...server, '--models', 'res.partner,sale.order', '--client', '--out', tsFile], {
      env,
      cwd: dir,
    });
    assert.equal(written.code, 0, written.stderr);
    assert.equal(written.stderr, 'json2 types: wrote the TypeScript types of 2 models to ' + tsFile + '\n');
    const python = await runCli(['types', ...server, '--models', 'res.partner', '--out', pyFile], { env, cwd: dir });
    assert.equal(python.code, 0, python.stderr);
    const tsText = fs.readFileSync(tsFile, 'utf8');
    assert.match(tsText, /^ {2}x_priority: 'low' \| 'high' \| false;$/m);
    assert.match(fs.readFileSync(pyFile, 'utf8'), /^ {4}'x_priority': Literal\['low', 'high', False\],$/m);
    for (const text of [tsText, fs.readFileSync(pyFile, 'utf8')]) assert.ok(!text.includes(sandbox.keys.admin), 'the key is never written');

    for (const file of [tsFile, pyFile]) {
      const unchanged = await runCli(['types', ...server, '--check', file], { env, cwd: dir });
      assert.deepEqual(
        [unchanged.code, unchanged.stdout, unchanged.stderr],
        [0, '', `json2 types: ${file} matches the schema of ${sandbox.url}\n`],
      );
    }

    // A selection value changes (a custom field's selection is fixed once created: it is made again) and a field goes.
    await removeField('x_priority');
    await field('x_priority', { ttype: 'selection', selection: "[('low', 'Low'), ('urgent', 'Urgent')]" });
    await removeField('x_gone');
    for (const file of [tsFile, pyFile]) {
      const changed = await runCli(['types', ...server, '--check', file], { env, cwd: dir });
      assert.equal(changed.code, 1, changed.stderr);
      assert.equal(
        changed.stdout,
        'res.partner: field x_gone was removed\nres.partner: field x_priority: selection changed from "low, high" to "low, urgent"\n',
      );
      assert.equal(changed.stderr, `json2 types: ${file} no longer matches the schema of ${sandbox.url} (2 differences); regenerate it\n`);
    }
  });

  test('--from-project: the models of the request files and code, others added with --models, missing ones warned', async () => {
    const project = path.join(dir, 'project');
    const write = (relative: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(project, relative)), { recursive: true });
      fs.writeFileSync(path.join(project, relative), text);
    };
    write(
      'requests/partners.json2',
      '### Partners\nPOST res.partner/search_read\n{"domain": [], "limit": 1}\n\n### Placeholder model\nPOST {{model}}/read\n{}\n',
    );
    write(
      'sync/orders.py',
      'import xmlrpc.client\nmodels = xmlrpc.client.ServerProxy(URL + "/xmlrpc/2/object")\n' +
        'orders = models.execute_kw(DB, UID, KEY, "sale.order", "search_read", [[]], {"fields": ["name"]})\n',
    );
    write('web/products.js', 'await fetch(`${base}/json/2/product.product/search_read`, { method: "POST" });\n');
    write('web/missing.ts', 'await fetch(base + "/json/2/res.nothing/search_read");\n');
    write('node_modules/lib/index.js', 'fetch("/json/2/res.users/search_read");\n');
    write('.gitignore', 'ignored/\n');
    write('ignored/old.py', 'fetch("/json/2/res.company/read")\n');
    const file = path.join(dir, 'project.ts');
    const run = await runCli(['types', ...server, '--from-project', 'project', '--models', 'res.country', '--out', file], {
      env,
      cwd: dir,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stderr,
      `json2 types: warning: res.nothing (used in ${path.join('project', 'web', 'missing.ts')}) is not on this database; left out\n` +
        'json2 types: the project uses product.product, res.partner, sale.order\n' +
        `json2 types: wrote the TypeScript types of 4 models to ${file}\n`,
    );
    assert.match(
      fs.readFileSync(file, 'utf8'),
      /^\/\/ json2-types \{"version":1,"lang":"ts","models":\["res\.country","product\.product","res\.partner","sale\.order"\],"depth":0,"client":false\}$/m,
    );
    // Without a folder, the current one; a project that uses no model of the database exits 2 and says so.
    const here = await runCli(['types', ...server, '--from-project', '--lang', 'python'], { env, cwd: path.join(project, 'web') });
    assert.equal(here.code, 0, here.stderr);
    assert.match(here.stdout, /^ProductProductRead = TypedDict\('ProductProductRead', \{$/m);
    fs.mkdirSync(path.join(dir, 'empty'));
    const empty = await runCli(['types', ...server, '--from-project', 'empty'], { env, cwd: dir });
    assert.deepEqual(
      [empty.code, empty.stderr],
      [2, 'json2 types: found no model of this database in the .json2 request files or code under empty\n'],
    );
    const missing = await runCli(['types', ...server, '--from-project', 'nowhere'], { env, cwd: dir });
    assert.deepEqual([missing.code, missing.stderr], [2, 'json2 types: --from-project nowhere: no such file or folder\n']);
  });

  test('bad usage, an unknown model and a file json2 types did not write exit 2 and say why', async () => {
    const usage = await runCli(['types', ...server, '--check', 'x.ts', '--models', 'res.partner'], { env, cwd: dir });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /^json2 types: --models does not go with --check: the file's header says how it was generated\n/);
    const noModels = await runCli(['types', ...server], { env, cwd: dir });
    assert.equal(noModels.code, 2);
    assert.match(
      noModels.stderr,
      /^json2 types: say which models with --models res\.partner,sale\.order or --from-project \[DIR\] \(or --check FILE\)\n/,
    );
    const unknown = await runCli(['types', ...server, '--models', 'res.partner,res.nothing'], { env, cwd: dir });
    assert.deepEqual([unknown.code, unknown.stdout, unknown.stderr], [2, '', "json2 types: no model 'res.nothing' on this database\n"]);
    const foreign = path.join(dir, 'foreign.ts');
    fs.writeFileSync(foreign, 'export type Nothing = never;\n');
    const notOurs = await runCli(['types', ...server, '--check', foreign], { env, cwd: dir });
    assert.deepEqual(
      [notOurs.code, notOurs.stderr],
      [2, `json2 types: cannot check ${foreign}: it has no "json2-types" line in its header: was it written by json2 types?\n`],
    );
    const missing = await runCli(['types', ...server, '--check', path.join(dir, 'missing.ts')], { env, cwd: dir });
    assert.deepEqual(
      [missing.code, missing.stderr],
      [2, `json2 types: cannot check ${path.join(dir, 'missing.ts')}: it cannot be read (ENOENT)\n`],
    );
    const badKey = await runCli(['types', ...server, '--models', 'res.partner'], { env: { JSON2_API_KEY: 'not-a-key' }, cwd: dir });
    assert.equal(badKey.code, 3, badKey.stderr);
    assert.match(badKey.stderr, /^json2 types: the server could not be read: /);
  });
});
