// A secret of a run echoed by the server in later requests, in a real VS Code host: a secret prompt answer, plain and
// holding \ " ' < &, is nowhere in the panel (each answer shown), the history, the "JSON-2" log or an exported snippet.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { eventually } from './connectionsDriver.integration.test';
import { echoedForms, ECHOED_SECRETS, echoFile } from '../../support/echoedSecrets';
import {
  clickLens,
  CONNECTION,
  DECLINE_ALL,
  endRequestsSuite,
  openRequestFile,
  panelState,
  startRequestsSuite,
} from './requestsDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const FILE = echoFile(`# @connection ${CONNECTION}\n# @prompt plantSecret\n`, '{{plantSecret}}');

function assertNoForm(secret: string, where: string, text: string): void {
  for (const form of echoedForms(secret)) assert.ok(!text.includes(form), `${JSON.stringify(form)} in ${where}: ${text.slice(0, 1500)}`);
}

suite('Secrets of a run echoed by the server', function () {
  this.timeout(120_000);
  let api: Json2TestApi & { requests: RequestsTestApi };
  let sandbox: StartedSandbox;

  suiteSetup(async () => {
    ({ api, sandbox } = await startRequestsSuite());
    await vscode.workspace.getConfiguration('json2').update('sendAll.continueOnFailure', true, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('json2').update('sendAll.continueOnFailure', undefined, vscode.ConfigurationTarget.Global);
    await endRequestsSuite({ api, sandbox });
  });

  for (const [number, secret] of ECHOED_SECRETS.entries()) {
    test(`${JSON.stringify(secret)}: the panel, the history, the log and an exported snippet never show it`, async () => {
      api.requests.setPrompts({ ...DECLINE_ALL, ask: async (question) => (question.name === 'plantSecret' ? secret : undefined) });
      const document = await openRequestFile(`secrets-echo-${number}.json2`, FILE);
      const summary = await clickLens(document, 'Send all', 0);
      assert.deepEqual(
        summary.results.map((result) => [result.label, result.ok]),
        [
          ['planted', true],
          ['readBack', false],
          ['readAgain', true],
          ['Quote it', false],
        ],
      );
      const quoted = await panelState(api.requests, (s) => s.title === 'Quote it' && s.view === 'error', 'the quoted error');
      assert.match(quoted.error?.message ?? '', /Invalid value '«redacted»'/, 'the server did quote it');
      assertNoForm(secret, 'the panel', quoted.html);
      const entries = api.requests.history().filter((entry) => entry.uri === document.uri.toString());
      assert.equal(entries.length, 4);
      assertNoForm(secret, 'the history', JSON.stringify(entries));
      for (const entry of entries) {
        await vscode.commands.executeCommand(CommandIds.showHistory, entry.id);
        const shown = await panelState(
          api.requests,
          (s) => s.title === entry.response.title && !s.busy,
          `the history entry ${entry.response.title}`,
        );
        assertNoForm(secret, `the panel showing ${entry.response.title}`, shown.html);
      }
      const echoed = entries.find((entry) => entry.response.title === 'readBack');
      assert.match(JSON.stringify(echoed?.response.assertions), /got \\"«redacted»\\"/);
      const code = await vscode.commands.executeCommand<string>(CommandIds.exportCurl, document.uri, 3);
      assert.match(code, /curl/);
      assertNoForm(secret, 'the exported cURL', code);
      // In a single-quoted shell word a quote is written '\''.
      for (const form of echoedForms(secret))
        assert.ok(!code.includes(form.replace(/'/g, "'\\''")), `the shell-quoted ${JSON.stringify(form)} in the exported cURL: ${code}`);
      // A shell word cannot splice a variable into JSON text where the value needs JSON escapes: there it is redacted.
      const jsonEscaped = JSON.stringify(secret).slice(1, -1) !== secret;
      assert.match(
        code,
        jsonEscaped ? /«redacted»/ : /JSON2_PLANT_SECRET/,
        `the echoed secret read from the environment in the snippet: ${code}`,
      );
      const python = await vscode.commands.executeCommand<string>(CommandIds.exportPython, document.uri, 3);
      assertNoForm(secret, 'the exported Python', python);
      assert.match(python, /os\.environ\["JSON2_PLANT_SECRET"\]/, 'Python reads the echoed secret from the environment');
      const logFolder = api.connections.logUri.fsPath;
      const logText = () =>
        fs
          .readdirSync(logFolder)
          .filter((name) => name.includes('JSON-2'))
          .map((name) => fs.readFileSync(path.join(logFolder, name), 'utf8'))
          .join('\n');
      await eventually(() => logText().includes('Quote it: POST res.partner/search_read'), 'the run in the log', 20_000);
      assertNoForm(secret, 'the log', logText());
      api.requests.setPrompts(undefined);
    });
  }
});
