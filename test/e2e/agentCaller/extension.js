// Stands in for an agent in the UI tests: invokes the tool named in the workspace's agent-call.json outside any chat
// (so the editor asks its confirmation in a modal dialog) and writes what came back to agent-result.json.
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS extension that VS Code loads as it is */
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('json2AgentCaller.invoke', async () => {
      const folder = vscode.workspace.workspaceFolders[0].uri.fsPath;
      const call = JSON.parse(fs.readFileSync(path.join(folder, 'agent-call.json'), 'utf8'));
      let outcome;
      try {
        const result = await vscode.lm.invokeTool(call.tool, { input: call.input, toolInvocationToken: undefined });
        outcome = {
          invoked: true,
          text: result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join(''),
        };
      } catch (error) {
        outcome = { invoked: false, error: `${error.name}: ${error.message}` };
      }
      fs.writeFileSync(path.join(folder, `agent-result-${call.id}.json`), JSON.stringify(outcome));
    }),
  );
}

module.exports = { activate };
