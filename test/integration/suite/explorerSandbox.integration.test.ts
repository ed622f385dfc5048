// The explorer tree in a real VS Code host against the sandbox: connections → databases → models → fields with their
// labels, types and relations, through the schema documents (administrator) and through ir.model and fields_get
// (a user without the documentation group); the filter, grouping, refresh and the error node with its retry.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { addConnectionWithKey, removeConnections } from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const ADMIN = 'tree-admin';
const USER = 'tree-user';

/** The tooltip's Markdown with the escapes of server text undone (a backslash before any ASCII punctuation). */
function tooltipText(item: vscode.TreeItem): string {
  assert.ok(item.tooltip instanceof vscode.MarkdownString, 'a Markdown tooltip');
  return item.tooltip.value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

suite('Explorer tree against the sandbox', function () {
  this.timeout(180_000);
  let api: Awaited<ReturnType<typeof explorerApi>>;
  let sandbox: StartedSandbox;
  let tree: TreeWalker;
  const requests: string[] = [];

  suiteSetup(async () => {
    api = await explorerApi();
    tree = new TreeWalker(api);
    sandbox = await startSandbox({ log: (line) => requests.push(line), databases: ['archive'] });
    await addConnectionWithKey(api, { name: ADMIN, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    await addConnectionWithKey(api, { name: USER, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.user);
    await vscode.workspace.getConfiguration('json2').update('explorer.groupModels', true, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand(CommandIds.explorerClearFilter);
    await vscode.workspace.getConfiguration('json2').update('explorer.groupModels', undefined, vscode.ConfigurationTarget.Global);
    await removeConnections([ADMIN, USER]);
    await sandbox?.stop();
  });

  test("connections list the server's databases, the configured one marked", async () => {
    const connection = await tree.path(ADMIN);
    assert.equal(tree.item(connection).contextValue, 'json2.connection');
    const databases = await tree.children(connection);
    assert.deepEqual(
      databases.map((node) => tree.item(node).label),
      ['archive', 'demo'],
    );
    const demo = databases[1];
    assert.equal(tree.item(demo).contextValue, 'json2.database');
    assert.equal(tree.item(demo).description, 'configured');
    assert.deepEqual(
      { connectionName: (demo as { connectionName: string }).connectionName, database: (demo as { database: string }).database },
      { connectionName: ADMIN, database: 'demo' },
    );
  });

  for (const [connection, path] of [
    [ADMIN, 'schema documents'],
    [USER, 'ir.model and fields_get'],
  ] as const) {
    test(`res.partner's fields with labels, types and relations (${path})`, async () => {
      const before = requests.length;
      const model = await tree.path(connection, 'demo', 'res', 'res.partner');
      const modelItem = tree.item(model);
      assert.equal(modelItem.contextValue, 'json2.model');
      assert.equal(modelItem.description, 'Contact');
      assert.deepEqual(
        { model: (model as { model: string }).model, database: (model as { database: string }).database },
        { model: 'res.partner', database: 'demo' },
      );
      const fields = await tree.fields(model);
      const country = fields.get('country_id');
      assert.ok(country, 'country_id is listed');
      assert.equal(country.description, 'many2one → res.country');
      assert.equal(country.contextValue, 'json2.field');
      assert.equal((country.iconPath as vscode.ThemeIcon).id, 'arrow-right');
      assert.match(tooltipText(country), /\*\*Label:\*\* Country/);
      assert.match(tooltipText(country), /\*\*Relation:\*\* res\.country/);
      assert.match(tooltipText(country), /\*\*Required:\*\* no/);
      const name = fields.get('name');
      assert.equal(name?.description, 'char');
      assert.equal((name?.iconPath as vscode.ThemeIcon).id, 'symbol-string');
      const type = fields.get('type');
      assert.equal(type?.description, 'selection');
      assert.match(tooltipText(type as vscode.TreeItem), /\*\*Values:\*\* contact \(Contact\)/);
      assert.equal(fields.get('child_ids')?.description, 'one2many → res.partner');
      const asked = requests.slice(before);
      if (connection === ADMIN) {
        assert.ok(
          asked.some((line) => /^GET \/doc-bearer\/res\.partner\.json 200 /.test(line)),
          `the model's document was read: ${asked.join(' | ')}`,
        );
        assert.ok(!asked.some((line) => line.startsWith('POST /json/2/res.partner/fields_get')), 'no fields_get with documents');
      } else {
        assert.ok(
          asked.some((line) => line.startsWith('POST /json/2/ir.model/search_read 200')),
          `ir.model was read: ${asked.join(' | ')}`,
        );
        assert.ok(
          asked.some((line) => line.startsWith('POST /json/2/res.partner/fields_get 200')),
          `fields_get was called: ${asked.join(' | ')}`,
        );
      }
    });
  }

  test('the sales models: an order with its lines, customer, state values and totals', async () => {
    const order = await tree.path(USER, 'demo', 'sale', 'sale.order');
    assert.equal(tree.item(order).description, 'Sales Order');
    const fields = await tree.fields(order);
    assert.equal(fields.get('order_line')?.description, 'one2many → sale.order.line');
    assert.equal(fields.get('partner_id')?.description, 'many2one → res.partner');
    assert.match(tooltipText(fields.get('partner_id') as vscode.TreeItem), /\*\*Required:\*\* yes/);
    assert.match(
      tooltipText(fields.get('state') as vscode.TreeItem),
      /\*\*Values:\*\* draft \(Quotation\), sent \(Quotation Sent\), sale \(Sales Order\), cancel \(Cancelled\)/,
    );
    assert.equal(fields.get('amount_total')?.description, 'monetary');
    const line = await tree.path(USER, 'demo', 'sale', 'sale.order.line');
    assert.equal((await tree.fields(line)).get('product_id')?.description, 'many2one → product.product');
  });

  test('the filter keeps models whose name or label matches, as typed; grouping off lists them flat', async () => {
    await vscode.commands.executeCommand(CommandIds.explorerFilter, 'partner');
    const database = await tree.path(ADMIN, 'demo');
    const groups = await tree.children(database);
    const models = (await Promise.all(groups.map((group) => tree.children(group)))).flat().map((node) => String(tree.item(node).label));
    assert.ok(models.includes('res.partner') && models.includes('res.partner.category'), models.join(', '));
    assert.ok(
      models.every((model) => model.includes('partner') || /partner/i.test(String(tree.item(groups[0]).label))),
      models.join(', '),
    );
    await vscode.commands.executeCommand(CommandIds.explorerFilter, 'Country');
    const byLabel = (await Promise.all((await tree.children(database)).map((group) => tree.children(group))))
      .flat()
      .map((node) => String(tree.item(node).label));
    assert.ok(byLabel.includes('res.country'), byLabel.join(', '));
    await vscode.commands.executeCommand(CommandIds.explorerFilter, 'no such model at all');
    assert.match(String(tree.item((await tree.children(database))[0]).label), /No model matches/);
    await vscode.commands.executeCommand(CommandIds.explorerClearFilter);
    assert.equal(await vscode.commands.executeCommand(CommandIds.explorerToggleGrouping), false);
    try {
      const flat = await tree.children(database);
      assert.ok(flat.length > 10 && flat.every((node) => node.kind === 'model'), 'a flat list of models');
      assert.ok(flat.some((node) => tree.item(node).label === 'res.partner'));
    } finally {
      assert.equal(await vscode.commands.executeCommand(CommandIds.explorerToggleGrouping), true);
    }
  });

  test("a failed load shows on its node with the server's message, and its retry reads again", async () => {
    // The user's key reads no schema documents, so the fields come from fields_get, which the sandbox now fails.
    const model = await tree.path(USER, 'demo', 'res', 'res.country');
    await vscode.commands.executeCommand(CommandIds.explorerRefresh, model);
    sandbox.faults.failMethod('res.country', 'fields_get');
    try {
      const failed = await tree.children(model);
      assert.equal(failed.length, 1);
      const item = tree.item(failed[0]);
      assert.equal(item.contextValue, 'json2.error');
      assert.match(String(item.label), /Injected fault: res\.country\.fields_get failed/);
      assert.equal(item.command?.command, CommandIds.explorerRetry);
      sandbox.faults.clear();
      await vscode.commands.executeCommand(CommandIds.explorerRetry, failed[0]);
      const fields = await tree.fields(model);
      assert.equal(fields.get('code')?.description, 'char');
    } finally {
      sandbox.faults.clear();
    }
  });
});
