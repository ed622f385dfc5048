// The agent tools in an untrusted workspace (trust on, the folder not trusted): none is registered, so none can be
// invoked, and no `json2 mcp` server definition is offered to the editor.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';

suite('Agent tools in an untrusted workspace', function () {
  this.timeout(60_000);

  test('no json2 tool can be invoked and no MCP server is offered', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'this session opens the folder untrusted');
    const extension = vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer');
    const api = await extension?.activate();
    assert.ok(extension?.isActive, 'the extension is active');
    // Contributed tools stay listed (their when clause, isWorkspaceTrusted, hides them from chat); none is registered.
    await assert.rejects(async () => {
      await vscode.lm.invokeTool('json2_list_connections', { input: {}, toolInvocationToken: undefined });
    }, /does not have an implementation/);
    assert.deepEqual(await api?.agents?.mcpServerDefinitions(), []);
  });
});
