// Paste as JSON-2 Request in the VS Code host: the command reads the clipboard (vscode.env.clipboard), writes the
// request with `# @connection` when a saved connection matches, keeps the key out of the file and stores it for the
// matching connection or a new one when the person says so; text that is no request is refused and nothing inserted;
// the paste provider gives the same edit through the editor's own "Paste As".
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandIds } from '../../../src/extension/commandIds';
import type { PasteQuestions } from '../../../src/extension/paste/pastedKey';
import type { PasteTestApi } from '../../../src/extension/paste/registerPaste';
import { eventually, removeConnections } from './connectionsDriver.integration.test';
import {
  CONNECTION,
  clickLens,
  endRequestsSuite,
  lineOf,
  openRequestFile,
  type RequestsSuite,
  startRequestsSuite,
} from './requestsDriver.integration.test';

/** Answers the key questions: `store`, `new` (with the name given) or no. */
function answering(answer: 'store' | 'new' | undefined, name = 'pasted-connection'): PasteQuestions {
  return {
    storeKey: async () => answer,
    connectionName: async (_suggested, validate) => (validate(name) === undefined ? name : undefined),
  };
}

suite('Paste as JSON-2 Request', function () {
  this.timeout(120_000);
  let suiteState: RequestsSuite;
  let paste: PasteTestApi;

  suiteSetup(async () => {
    suiteState = await startRequestsSuite();
    assert.ok(suiteState.api.paste, 'the paste test API');
    paste = suiteState.api.paste;
  });
  suiteTeardown(async () => {
    paste?.setQuestions(undefined);
    await removeConnections(['pasted-connection']);
    await endRequestsSuite(suiteState ?? {});
  });

  test("a colleague's cURL with the database header becomes a request of the matching connection, which runs", async () => {
    const { sandbox } = suiteState;
    paste.setQuestions(answering(undefined));
    const document = await openRequestFile('pasted-curl.json2', '');
    await vscode.env.clipboard.writeText(
      `curl -sS '${sandbox.url}/json/2/res.partner/search_read' \\\n  -H 'Authorization: Bearer YOUR_API_KEY' \\\n  -H 'X-Service-Database: ${sandbox.database}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"domain": [["is_company", "=", true]], "fields": ["name"], "limit": 3}'`,
    );
    assert.equal(await vscode.commands.executeCommand(CommandIds.pasteAsRequest), true);
    const text = document.getText();
    assert.match(text, new RegExp(`^# @connection ${CONNECTION}$`, 'm'), text);
    assert.match(text, /^POST res\.partner\/search_read$/m);
    assert.doesNotMatch(text, /YOUR_API_KEY|Authorization|X-Service-Database/, 'no key, no header the connection gives');
    const summary = await clickLens(document, 'Send', lineOf(document, 'POST'));
    assert.equal(summary.results[0].status, 200);
  });

  test('a key in the clipboard is stored for the matching connection when the person says so, never written', async () => {
    const { sandbox, api } = suiteState;
    paste.setQuestions(answering('store'));
    const document = await openRequestFile('pasted-key.json2', '');
    await vscode.env.clipboard.writeText(
      `import requests\nrequests.post("${sandbox.url}/json/2/res.users/context_get", headers={"Authorization": "Bearer ${sandbox.keys.user}"}, json={})\n`,
    );
    assert.equal(await vscode.commands.executeCommand(CommandIds.pasteAsRequest), true);
    await eventually(() => paste.lastKeyOutcome() === `stored for ${CONNECTION}`, 'the key stored for the connection');
    assert.equal((await api.connections.service.withSecret(CONNECTION)).secret, sandbox.keys.user);
    assert.ok(!document.getText().includes(sandbox.keys.user), 'the key is not in the file');
    const summary = await clickLens(document, 'Send', lineOf(document, 'POST'));
    assert.equal(summary.results[0].status, 200);
  });

  test('a key for a server no connection has becomes a new connection, named in the pasted request', async () => {
    const { sandbox, api } = suiteState;
    paste.setQuestions(answering('new'));
    const document = await openRequestFile('pasted-new.json2', '');
    const localhost = sandbox.url.replace('127.0.0.1', 'localhost');
    await vscode.env.clipboard.writeText(
      `const response = await fetch("${localhost}/json/2/res.partner/search_count", {\n  method: "POST",\n  headers: { "Content-Type": "application/json", Authorization: "Bearer ${sandbox.keys.admin}" },\n  body: JSON.stringify({ domain: [] }),\n});\n`,
    );
    assert.equal(await vscode.commands.executeCommand(CommandIds.pasteAsRequest), true);
    await eventually(() => paste.lastKeyOutcome() === 'new connection pasted-connection', `a new connection (${paste.lastKeyOutcome()})`);
    await eventually(() => /^# @connection pasted-connection$/m.test(document.getText()), 'the new connection named in the request');
    assert.ok(api.connections.service.find('pasted-connection'));
    assert.ok(!document.getText().includes(sandbox.keys.admin));
    const summary = await clickLens(document, 'Send', lineOf(document, 'POST'));
    assert.equal(summary.results[0].status, 200);
  });

  test('text that is no request is refused and nothing is inserted', async () => {
    paste.setQuestions(answering(undefined));
    const document = await openRequestFile('pasted-refused.json2', '### kept\nGET /web/version\n');
    await vscode.env.clipboard.writeText('curl https://erp.example.com/json/2/res.partner/search_read');
    assert.equal(await vscode.commands.executeCommand(CommandIds.pasteAsRequest), false);
    assert.equal(document.getText(), '### kept\nGET /web/version\n');
  });

  test('the paste provider gives the request as a paste edit of its kind, and nothing for text that is no request', async () => {
    const { sandbox } = suiteState;
    paste.setQuestions(answering(undefined));
    const document = await openRequestFile('pasted-provider.json2', '');
    const provide = async (text: string) => {
      const transfer = new vscode.DataTransfer();
      transfer.set('text/plain', new vscode.DataTransferItem(text));
      const context = { only: undefined, triggerKind: vscode.DocumentPasteTriggerKind.Automatic };
      const cancellation = new vscode.CancellationTokenSource();
      try {
        return await paste.provider.provideDocumentPasteEdits?.(
          document,
          [new vscode.Range(0, 0, 0, 0)],
          transfer,
          context,
          cancellation.token,
        );
      } finally {
        cancellation.dispose();
      }
    };
    const edits = await provide(
      `curl '${sandbox.url}/json/2/res.partner/search_read' -X POST --oauth2-bearer YOUR_API_KEY -H "Content-Type: application/json" -d '{"domain": [], "limit": 1}'`,
    );
    assert.equal(edits?.length, 1);
    const [edit] = edits ?? [];
    assert.equal(edit.kind.value, 'json2.request');
    assert.equal(edit.title, 'Paste as JSON-2 request (cURL)');
    assert.match(String(edit.insertText), new RegExp(`^# @connection ${CONNECTION}\nPOST res\\.partner/search_read$`, 'm'));
    assert.equal(await provide('{"domain": []}'), undefined, 'a body alone is left to the plain paste');
  });
});
