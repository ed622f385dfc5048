// json2 types' TypeScript from the sandbox's live schema: it compiles with --strict, a program using it compiles and
// its typed client calls the sandbox, and programs that read a misspelled field or use a value a selection does not
// have fail to compile with the diagnostic that names them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Json2Client } from '../../../src/core/client/json2Client';
import { SchemaService } from '../../../src/core/schema/schemaService';
import { generateTypes } from '../../../src/core/typegen/typeGeneration';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { transpileToCommonJs, typeScriptDiagnostics } from '../../support/typeCheckers';

const MODELS = ['res.partner', 'sale.order', 'sale.order.line', 'product.product'];
const DATE = new Date('2026-03-04T05:06:07Z');

const GOOD = `import { Json2Client, type ResPartnerRead, type SaleOrderDomain, type SaleOrderWrite } from './json2Types';

export async function run(baseUrl: string, apiKey: string, database: string) {
  const client = new Json2Client({ baseUrl, apiKey, database });
  const domain: SaleOrderDomain = [
    '|',
    ['state', 'in', ['draft', 'sale']],
    '!',
    ['partner_id.name', '=ilike', 'nobody%'],
    ['partner_id', 'any', [['is_company', 'in', [true, false]]]],
  ];
  const orders = await client.call('sale.order', 'search_read', { domain, fields: ['name', 'state', 'partner_id'], order: 'id' });
  const names = orders.map((order) => order.name);
  const values: SaleOrderWrite = { note: false, order_line: [[5], [4, 1]] };
  void values;
  const partners = await client.call('res.partner', 'read', { ids: [orders[0].partner_id === false || orders[0].partner_id === undefined ? 1 : orders[0].partner_id[0]], fields: ['name', 'country_id'] });
  const first: Partial<ResPartnerRead> = partners[0];
  const country = first.country_id === undefined || first.country_id === false ? null : first.country_id[1];
  const count: number = await client.call('sale.order', 'search_count', { domain: [['state', '!=', 'cancel']] });
  return { names, states: orders.map((order) => order.state), country, count };
}

/** Deeper paths are checked on their first step. */
export const deep: SaleOrderDomain = [['partner_id.country_id.code', '=', 'BE']];
`;

const MISSPELLED_FIELD = `import type { SaleOrderRead } from './json2Types';
export function label(order: SaleOrderRead): string {
  return String(order.nmae);
}
`;

const INVALID_SELECTION = `import type { SaleOrderDomain, SaleOrderLineWrite } from './json2Types';
export const line: SaleOrderLineWrite = { display_type: 'line_chapter' };
export const domain: SaleOrderDomain = [['state', '=', 'confirmed']];
`;

describe('json2 types: TypeScript of the sandbox schema', () => {
  let sandbox: StartedSandbox;
  let client: Json2Client;
  let dir: string;
  let text: string;

  const generate = () =>
    generateTypes({
      source: new SchemaService({ backend: client, connectionId: `test\u0000${sandbox.url}`, database: sandbox.database }),
      origin: { server: sandbox.url, database: sandbox.database, release: '19.0' },
      options: { lang: 'ts', models: MODELS, depth: 0, client: true },
      generatedAt: DATE,
    });

  before(async () => {
    sandbox = await startSandbox();
    client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-types-ts-'));
    const generated = await generate();
    assert.deepEqual(generated.models, [...MODELS].sort());
    text = generated.text;
    fs.writeFileSync(path.join(dir, 'json2Types.ts'), text);
  });
  after(async () => {
    await client?.close();
    await sandbox?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the file names its origin, compiles with --strict, and the same schema gives the same bytes', async () => {
    const header = text.split('\n').slice(0, 7).join('\n');
    assert.match(header, new RegExp(`^// Server: +${sandbox.url.replace(/[.]/g, '\\.')}$`, 'm'));
    assert.match(header, /^\/\/ Database: +demo$/m);
    assert.match(header, /^\/\/ Release: +19\.0$/m);
    assert.match(header, /^\/\/ Date: +2026-03-04$/m);
    assert.ok(!text.includes(sandbox.keys.admin), 'the key is never written');
    assert.deepEqual(typeScriptDiagnostics(dir, 'json2Types.ts'), []);
    assert.equal((await generate()).text, text);
    // Spot checks of the mapping: many2one read shape, x2many ids and commands, selection literals, method arguments.
    assert.match(text, /^ {2}partner_id: Json2Many2one;$/m);
    assert.match(text, /^ {2}order_line: number\[\];$/m);
    assert.match(text, /^ {2}order_line\?: Json2X2manyCommand<SaleOrderLineWrite>\[\];$/m);
    assert.match(text, /^ {2}state: 'draft' \| 'sent' \| 'sale' \| 'cancel' \| false;$/m);
    assert.match(text, /^ {4}args: \{ ids: number\[\]; vals: SaleOrderWrite; context\?: Json2Context \};$/m);
  });

  test('a program using the types compiles, and its typed client reads what the server answers', async () => {
    fs.writeFileSync(path.join(dir, 'good.ts'), GOOD);
    assert.deepEqual(typeScriptDiagnostics(dir, 'good.ts'), []);
    transpileToCommonJs(dir, ['json2Types.ts', 'good.ts']);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const program = require(path.join(dir, 'good.js')) as { run(url: string, key: string, db: string): Promise<Record<string, unknown>> };
    const answer = await program.run(sandbox.url, sandbox.keys.admin, sandbox.database);
    const truth = await client.call<Array<{ name: string; state: string }>>('sale.order', 'search_read', {
      domain: ['|', ['state', 'in', ['draft', 'sale']], '!', ['partner_id.name', '=ilike', 'nobody%']],
      fields: ['name', 'state'],
      order: 'id',
    });
    assert.ok(truth.length > 0);
    assert.deepEqual(
      answer.names,
      truth.map((order) => order.name),
    );
    assert.deepEqual(
      answer.states,
      truth.map((order) => order.state),
    );
    assert.equal(answer.count, await client.call('sale.order', 'search_count', { domain: [['state', '!=', 'cancel']] }));
  });

  test('reading a misspelled field does not compile', () => {
    fs.writeFileSync(path.join(dir, 'misspelled.ts'), MISSPELLED_FIELD);
    const diagnostics = typeScriptDiagnostics(dir, 'misspelled.ts');
    assert.deepEqual(diagnostics, [
      { file: 'misspelled.ts', code: 2339, message: "Property 'nmae' does not exist on type 'SaleOrderRead'." },
    ]);
  });

  test('a path through a misspelled relational field does not compile', () => {
    fs.writeFileSync(
      path.join(dir, 'path.ts'),
      "import type { SaleOrderDomain } from './json2Types';\nexport const domain: SaleOrderDomain = [['partnr_id.name', '=', 'x']];\n",
    );
    const diagnostics = typeScriptDiagnostics(dir, 'path.ts');
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message.split('\n')[0]]),
      [[2322, `Type '["partnr_id.name", "=", "x"]' is not assignable to type 'Json2Logic | SaleOrderCondition'.`]],
    );
  });

  test('a value the selection does not have does not compile, in values and in a domain', () => {
    fs.writeFileSync(path.join(dir, 'selection.ts'), INVALID_SELECTION);
    const diagnostics = typeScriptDiagnostics(dir, 'selection.ts');
    assert.equal(diagnostics.length, 2, JSON.stringify(diagnostics, null, 2));
    assert.deepEqual(
      diagnostics.map((diagnostic) => diagnostic.code),
      [2322, 2322],
    );
    // The compiler lists a union's members in the order it met them: compared as sets.
    const rejected = (message: string, value: string): string[] => {
      const found = new RegExp(`Type '"${value}"' is not assignable to type '([^']+)'\\.$`).exec(message);
      assert.ok(found, message);
      return found[1].split(' | ').sort();
    };
    assert.deepEqual(rejected(diagnostics[0].message, 'line_chapter'), [
      '"line_note"',
      '"line_section"',
      '"line_subsection"',
      'false',
      'undefined',
    ]);
    assert.deepEqual(rejected(diagnostics[1].message, 'confirmed'), ['"cancel"', '"draft"', '"sale"', '"sent"', 'false']);
  });
});
