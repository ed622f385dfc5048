// json2 types' Python from the sandbox's live schema: it compiles (py_compile) and passes mypy --strict, a program
// using its typed stubs passes mypy and reads what the server answers, and programs that read a misspelled field or
// give a value a selection does not have fail mypy with the error that names them. mypy: Debian's (apt-get).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { Json2Client } from '../../../src/core/client/json2Client';
import { SchemaService } from '../../../src/core/schema/schemaService';
import { generateTypes } from '../../../src/core/typegen/typeGeneration';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { skipOutsideCi } from '../../support/skipOutsideCi';
import { mypyAndPython, mypyReport } from '../../support/typeCheckers';

const run = promisify(execFile);
const MODELS = ['res.partner', 'sale.order', 'sale.order.line', 'product.product'];

// mypy 1.0 does not infer a nested literal (an inner domain, a command's values) through a union: they are named
// with their type first, as docs/types.md advises.
const GOOD = `import json
import sys

from json2_types import Json2Client, Json2Path, ResPartnerDomain, SaleOrderDomain, SaleOrderLineWrite, SaleOrderMethods, SaleOrderWrite

client = Json2Client(sys.argv[1], sys.argv[2], database=sys.argv[3])
orders = SaleOrderMethods(client)
companies: ResPartnerDomain = [('is_company', 'in', [True, False])]
domain: SaleOrderDomain = ['|', ('state', 'in', ['draft', 'sale']), '!', (Json2Path('partner_id.name'), '=ilike', 'nobody%'), ('partner_id', 'any', companies)]
line: SaleOrderLineWrite = {'product_id': 1, 'product_uom_qty': 2.0, 'display_type': False}
values: SaleOrderWrite = {'note': False, 'order_line': [(5,), (0, 0, line)]}


def main() -> None:
    found = orders.search_read(domain=domain, fields=['name', 'state', 'partner_id'], order='id')
    names = [order['name'] for order in found]
    states = [order['state'] for order in found]
    count = orders.search_count(domain=[('state', '!=', 'cancel')])
    partner = found[0]['partner_id']
    print(json.dumps({'names': names, 'states': states, 'count': count, 'partner': partner[1] if partner is not False else None}))


main()
`;

const BAD = `from json2_types import SaleOrderLineWrite, SaleOrderRead

line: SaleOrderLineWrite = {'display_type': 'line_chapter'}


def label(order: SaleOrderRead) -> str:
    return str(order['nmae'])
`;

describe('json2 types: Python of the sandbox schema', () => {
  let sandbox: StartedSandbox;
  let client: Json2Client;
  let dir: string;
  let tools: Awaited<ReturnType<typeof mypyAndPython>>;

  before(async () => {
    tools = await mypyAndPython();
    sandbox = await startSandbox();
    client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-types-py-'));
    const generated = await generateTypes({
      source: new SchemaService({ backend: client, connectionId: `test\u0000${sandbox.url}`, database: sandbox.database }),
      origin: { server: sandbox.url, database: sandbox.database, release: '19.0' },
      options: { lang: 'python', models: MODELS, depth: 0, client: false },
      generatedAt: new Date('2026-03-04T00:00:00Z'),
    });
    fs.writeFileSync(path.join(dir, 'json2_types.py'), generated.text);
    fs.writeFileSync(path.join(dir, 'good.py'), GOOD);
    fs.writeFileSync(path.join(dir, 'bad.py'), BAD);
  });
  after(async () => {
    await client?.close();
    await sandbox?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the file compiles and passes mypy --strict', async (t) => {
    if ('skip' in tools) return skipOutsideCi(t, tools.skip);
    await run(tools.python, ['-m', 'py_compile', 'json2_types.py'], { cwd: dir });
    const text = fs.readFileSync(path.join(dir, 'json2_types.py'), 'utf8');
    assert.match(text, /^# Release: +19\.0$/m);
    assert.match(text, /^ {4}'state': Literal\['draft', 'sent', 'sale', 'cancel', False\],$/m);
    assert.match(text, /^ {4}'partner_id': Json2Many2one,$/m);
    assert.ok(!text.includes(sandbox.keys.admin), 'the key is never written');
    const report = await mypyReport(tools.mypy, dir, 'json2_types.py');
    assert.equal(report.code, 0, report.output);
  });

  test('a program using the typed stubs passes mypy and reads what the server answers', async (t) => {
    if ('skip' in tools) return skipOutsideCi(t, tools.skip);
    const report = await mypyReport(tools.mypy, dir, 'good.py');
    assert.equal(report.code, 0, report.output);
    const { stdout } = await run(tools.python, ['good.py', sandbox.url, sandbox.keys.admin, sandbox.database], { cwd: dir });
    const answer = JSON.parse(stdout) as { names: string[]; states: string[]; count: number; partner: string | null };
    const truth = await client.call<Array<{ name: string; state: string; partner_id: [number, string] | false }>>(
      'sale.order',
      'search_read',
      {
        domain: ['|', ['state', 'in', ['draft', 'sale']], '!', ['partner_id.name', '=ilike', 'nobody%']],
        fields: ['name', 'state', 'partner_id'],
        order: 'id',
      },
    );
    assert.ok(truth.length > 0);
    assert.deepEqual(
      answer.names,
      truth.map((order) => order.name),
    );
    assert.deepEqual(
      answer.states,
      truth.map((order) => order.state),
    );
    assert.equal(answer.partner, truth[0].partner_id === false ? null : truth[0].partner_id[1]);
    assert.equal(answer.count, await client.call('sale.order', 'search_count', { domain: [['state', '!=', 'cancel']] }));
  });

  test('a misspelled field and a value the selection does not have fail mypy', async (t) => {
    if ('skip' in tools) return skipOutsideCi(t, tools.skip);
    const report = await mypyReport(tools.mypy, dir, 'bad.py');
    assert.equal(report.code, 1, report.output);
    const errors = report.output.split('\n').filter((line) => line.startsWith('bad.py:'));
    assert.deepEqual(errors, [
      `bad.py:3: error: Incompatible types (expression has type "Literal['line_chapter']", TypedDict item "display_type" has type "Literal['line_section', 'line_subsection', 'line_note', False]")  [typeddict-item]`,
      'bad.py:7: error: TypedDict "SaleOrderRead" has no key "nmae"  [typeddict-item]',
    ]);
  });
});
