// A hostile schema in the real editor: a custom model and fields of the sandbox whose label, help and selection label
// hold links, images, command links and HTML. Hover, completion documentation and the explorer's tooltips, as the
// editor gets them, hold untrusted Markdown (no HTML, no icons) that VS Code's parser reads as text only.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import { statusBarContent } from '../../../src/extension/connections/connectionStatusBar';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { assertRendersAsText, createHostileSchema, HOSTILE } from '../../support/hostileSchema';
import { addConnectionWithKey, removeConnections } from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { openRequestFile } from './requestsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const CONNECTION = 'hostile';
const FILE = `# @connection ${CONNECTION}

### Hostile
POST x_hostile/search_read
{
  "domain": [["x_colour", "=", "a"]],
  "fields": ["x_kind", ""]
}
`;
/** The Markdown is untrusted, without HTML or icons, and renders the texts as text and nothing active. */
function assertInert(markdown: unknown, texts: readonly string[]): void {
  assert.ok(markdown instanceof vscode.MarkdownString, `a MarkdownString: ${String(markdown)}`);
  assert.ok(!markdown.isTrusted, 'not trusted: command links stay dead');
  assert.ok(!markdown.supportHtml, 'no HTML');
  assert.ok(!markdown.supportThemeIcons, 'no icons');
  assertRendersAsText(markdown.value, texts);
}

suite('Hostile schema texts in the editor', function () {
  this.timeout(120_000);
  let api: Json2TestApi;
  let sandbox: StartedSandbox;
  let document: vscode.TextDocument;

  suiteSetup(async () => {
    api = (await vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer')?.activate()) as Json2TestApi;
    sandbox = await startSandbox();
    await addConnectionWithKey(api, { name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    await createHostileSchema((model, method, args) => api.connections.service.call({ model, method, args }, { connection: CONNECTION }));
    await vscode.commands.executeCommand(CommandIds.refreshSchema);
    document = await openRequestFile('hostile.json2', FILE);
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await removeConnections([CONNECTION]);
    await sandbox?.stop();
  });

  function after(marker: string): vscode.Position {
    const index = document.getText().indexOf(marker);
    assert.ok(index >= 0, `${marker} in the file`);
    return document.positionAt(index + marker.length);
  }

  async function hoverAt(marker: string): Promise<vscode.MarkdownString[]> {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, after(marker));
    const ours = hovers
      .flatMap((hover) => hover.contents)
      .filter(
        (content): content is vscode.MarkdownString => content instanceof vscode.MarkdownString && content.value.includes('x_hostile'),
      );
    assert.equal(
      ours.length,
      1,
      `one hover of ours at ${marker}: ${hovers.map((hover) => hover.contents.map((content) => (content as vscode.MarkdownString).value).join()).join(' | ')}`,
    );
    return ours;
  }

  test('hover on the model, on a field with hostile label and help, on a selection field', async () => {
    assertInert((await hoverAt('POST x_host'))[0], [HOSTILE.modelLabel]);
    assertInert((await hoverAt('[["x_col'))[0], [
      HOSTILE.fieldLabel,
      '# Heading',
      '<script>alert(1)</script>',
      '[run](command:workbench.action.terminal.new)',
    ]);
    assertInert((await hoverAt('"fields": ["x_ki'))[0], [HOSTILE.selectionLabel]);
  });

  test("completion: each field's documentation; the label stays plain text in the detail", async () => {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      after('"x_kind", "'),
      '"',
    );
    const byLabel = (name: string) => list.items.find((item) => (typeof item.label === 'string' ? item.label : item.label.label) === name);
    const colour = byLabel('x_colour');
    assert.ok(colour, `x_colour among ${list.items.length} items`);
    assertInert(colour.documentation, [HOSTILE.fieldLabel, '<script>alert(1)</script>']);
    assert.equal(colour.detail, `${HOSTILE.fieldLabel} · char`);
    assertInert(byLabel('x_kind')?.documentation, [HOSTILE.selectionLabel]);
  });

  test("the status bar's tooltip, with a user name and a version recorded from a hostile server", () => {
    const saved = api.connections.service.find(CONNECTION);
    assert.ok(saved, 'the connection');
    const hostile = {
      ...saved,
      profile: {
        ...saved.profile,
        user: { id: 2, login: 'admin', name: HOSTILE.fieldLabel },
        serverVersion: '19.0 <https://evil.example/v>',
      },
    };
    assertInert(statusBarContent(hostile).tooltip, [`User: ${HOSTILE.fieldLabel}`, '(19.0 <https://evil.example/v>)']);
  });

  test("the explorer's tooltips of the model and of its fields", async () => {
    const tree = new TreeWalker(await explorerApi());
    const model = await tree.path(CONNECTION, sandbox.database, 'x_hostile', 'x_hostile');
    assertInert(tree.item(model).tooltip, [HOSTILE.modelLabel]);
    const fields = await tree.fields(model);
    assertInert(fields.get('x_colour')?.tooltip, [HOSTILE.fieldLabel, '<script>alert(1)</script>', 'www.evil.example `code` | a | b |']);
    assertInert(fields.get('x_kind')?.tooltip, [`plain (${HOSTILE.selectionLabel})`]);
  });
});
