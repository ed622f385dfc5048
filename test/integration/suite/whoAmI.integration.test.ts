// "Who am I" in a real VS Code host against the sandbox: the connection node's tooltip (resolved on hover) names the
// demo user, login and company; the "Who Am I" command opens the Markdown of groups by application, companies,
// language, time zone and the key; the connection status bar's tooltip then names the user and company too.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { CommandIds } from '../../../src/extension/commandIds';
import { statusBarContent } from '../../../src/extension/connections/connectionStatusBar';
import type { ExplorerNode } from '../../../src/extension/explorer/explorerNodes';
import { addConnectionWithKey, removeConnections } from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';

const DEMO = 'whoami-demo';
const ADMIN = 'whoami-admin';

/** Markdown with the escapes of server text undone (a backslash before any ASCII punctuation). */
const unescaped = (markdown: string) => markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');

suite('Who am I against the sandbox', function () {
  this.timeout(180_000);
  let api: Awaited<ReturnType<typeof explorerApi>>;
  let sandbox: StartedSandbox;
  let tree: TreeWalker;

  suiteSetup(async () => {
    api = await explorerApi();
    tree = new TreeWalker(api);
    sandbox = await startSandbox();
    await addConnectionWithKey(api, { name: DEMO, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.user);
    await addConnectionWithKey(api, { name: ADMIN, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
  });
  suiteTeardown(async () => {
    await removeConnections([DEMO, ADMIN]);
    await sandbox?.stop();
  });

  async function hoveredTooltip(name: string): Promise<string> {
    const node: ExplorerNode = await tree.path(name);
    const item = tree.item(node);
    const resolved = await api.explorer.provider.resolveTreeItem(item, node);
    assert.ok(resolved.tooltip instanceof vscode.MarkdownString, 'a Markdown tooltip');
    return unescaped(resolved.tooltip.value);
  }

  test("the connection node's tooltip names the user the key acts as, their login and company", async () => {
    const demo = await hoveredTooltip(DEMO);
    assert.match(demo, new RegExp(`User: Marc Demo \\(demo, id ${sandbox.users.user.id}\\)`));
    assert.match(demo, /Company: My Company \(San Francisco\)/);
    assert.match(demo, /2 groups/);
    const admin = await hoveredTooltip(ADMIN);
    assert.match(admin, /User: Mitchell Admin \(admin, id \d+\)/);
    // Once read, the tree item carries it without asking again.
    assert.match(unescaped((tree.item(await tree.path(DEMO)).tooltip as vscode.MarkdownString).value), /Marc Demo/);
  });

  test('"Who Am I" opens the groups by application, the companies, language, time zone and key', async () => {
    const uri = await vscode.commands.executeCommand<string | undefined>(CommandIds.whoAmI, { connectionName: DEMO });
    assert.ok(uri, 'the command names the document it opened');
    const text = unescaped((await vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).getText());
    assert.match(text, /^# Who am I on whoami-demo$/m);
    assert.match(text, /\*\*Marc Demo\*\*, login `demo`/);
    assert.match(text, /## Companies\n\n- My Company \(San Francisco\) \*\*\(current\)\*\*\n/);
    assert.match(text, /- Time zone: `Europe\/Brussels`/);
    assert.match(text, /## API key\n\n'test key for demo' \(no scope, expires \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
    const groups = text.slice(text.indexOf('## Groups by application'));
    assert.match(groups, /### Sales\n\n- Sales \/ User: Own Documents Only `sales_team.group_sale_salesman`/);
    assert.match(groups, /### Without application\n\n- Role \/ User `base.group_user`/);
    assert.ok(!text.includes(sandbox.keys.user));
  });

  test("the connection status bar's tooltip names the user and company once read", async () => {
    await api.connections.service.setActive(DEMO);
    const active = api.connections.service.active();
    assert.equal(active?.profile.name, DEMO);
    const identity = api.connections.identities.known(DEMO);
    assert.ok(identity, 'read by the tooltip or the command above');
    const tooltip = unescaped(statusBarContent(active, identity).tooltip.value);
    assert.match(tooltip, /User: Marc Demo \(demo, id \d+\)/);
    assert.match(tooltip, /Company: My Company \(San Francisco\)/);
  });

  test("the status bar says where to read it before it is known, and shows a server's names inert", async () => {
    const active = api.connections.service.active();
    assert.match(unescaped(statusBarContent(active).tooltip.value), /Who the key acts as: hover the connection/);
    const identity = api.connections.identities.known(DEMO);
    assert.ok(identity);
    const hostile = { ...identity, user: { ...identity.user, name: '[click](https://evil.example) **bold**' } };
    const value = statusBarContent(active, hostile).tooltip.value;
    assert.ok(value.includes('\\[click\\]\\(https\\:'), value);
    assert.ok(!value.includes('](https://evil.example)'), value);
  });

  test('a new key forgets what was read: the next hover reads again', async () => {
    await addConnectionWithKey(api, { name: DEMO, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    assert.equal(api.connections.identities.known(DEMO), undefined);
    assert.match(await hoveredTooltip(DEMO), /User: Mitchell Admin/);
  });
});
