// Helpers of the requests suites: a saved connection with its key on the sandbox, request files, CodeLens and panel state.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { RequestPrompts } from '../../../src/extension/requests/requestPrompts';
import type { RunSummary } from '../../../src/extension/requests/requestRunService';
import type { PanelState } from '../../../src/shared/panelMessages';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { addConnectionWithKey, eventually } from './connectionsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';

export const CONNECTION = 'requests';

/** Answers every question with no (tests replace the answers they need). */
export const DECLINE_ALL: RequestPrompts = {
  confirmSend: async () => false,
  ask: async () => undefined,
  saveTarget: async () => undefined,
  allowEnvironment: async () => false,
};

export async function testApis(): Promise<Json2TestApi & { requests: RequestsTestApi }> {
  const extension = vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer');
  const api = await extension?.activate();
  assert.ok(api?.requests, 'the extension runs in test mode and hands out the requests test API');
  return api as Json2TestApi & { requests: RequestsTestApi };
}

export interface RequestsSuite {
  readonly api: Json2TestApi & { requests: RequestsTestApi };
  readonly sandbox: StartedSandbox;
}

/** Saves the connection `requests` on the sandbox (user settings) and gives it the admin key through the real key input. */
export async function addSandboxConnection(api: Json2TestApi, sandbox: StartedSandbox): Promise<void> {
  await addConnectionWithKey(api, { name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
}

/** The start of a requests suite: the test APIs, a sandbox, and the connection `requests` on it. */
export async function startRequestsSuite(): Promise<RequestsSuite> {
  const api = await testApis();
  const sandbox = await startSandbox({ log: () => undefined });
  await addSandboxConnection(api, sandbox);
  return { api, sandbox };
}

/** The end of a requests suite: the prompts put back, every editor closed, the sandbox stopped. */
export async function endRequestsSuite(suite: Partial<RequestsSuite>): Promise<void> {
  suite.api?.requests.setPrompts(undefined);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await suite.sandbox?.stop();
}

/** Asks the sandbox directly (not through the extension) how many partners have `name`. */
export async function partnersNamed(sandbox: StartedSandbox, name: string): Promise<number> {
  const response = await fetch(`${sandbox.url}/json/2/res.partner/search_count`, {
    method: 'POST',
    headers: { authorization: `bearer ${sandbox.keys.admin}`, 'content-type': 'application/json', 'x-service-database': sandbox.database },
    body: JSON.stringify({ domain: [['name', '=', name]] }),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as number;
}

/** Writes a request file into the test workspace and opens it in an editor. */
export async function openRequestFile(name: string, text: string): Promise<vscode.TextDocument> {
  const folder = process.env.JSON2_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(folder, 'a test workspace');
  const file = path.join(folder, name);
  fs.writeFileSync(file, text);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  return document;
}

/** A file with one request, `Slow`, to the sandbox's slow method for 30 s, and the line of that request. */
export async function openSlowRequest(name: string, sandbox: StartedSandbox): Promise<{ document: vscode.TextDocument; line: number }> {
  const { model, method, argument } = sandbox.slowMethod;
  const document = await openRequestFile(name, `# @connection ${CONNECTION}\n### Slow\nPOST ${model}/${method}\n{ "${argument}": 30 }\n`);
  return { document, line: lineOf(document, 'POST') };
}

/** The CodeLenses of a document as the editor gets them. */
export async function codeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
  return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
}

/** Runs the command of the CodeLens titled `title` on the line of request `index` (or the file's top for Send all). */
export async function clickLens(document: vscode.TextDocument, title: string, line: number): Promise<RunSummary> {
  const lens = (await codeLenses(document)).find((candidate) => candidate.command?.title === title && candidate.range.start.line === line);
  assert.ok(lens?.command, `a "${title}" CodeLens on line ${line + 1}`);
  return vscode.commands.executeCommand<RunSummary>(lens.command.command, ...(lens.command.arguments ?? []));
}

/** The panel's state once `predicate` holds. */
export async function panelState(
  api: RequestsTestApi,
  predicate: (state: PanelState) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<PanelState> {
  let last: PanelState | undefined;
  await eventually(
    async () => {
      last = await api.panelState();
      return last !== undefined && predicate(last);
    },
    `${what} (last state: ${JSON.stringify(last && { ...last, html: undefined })?.slice(0, 600)})`,
    timeoutMs,
  );
  return last as PanelState;
}

/** The line of the first line of `text` that starts with `start`. */
export function lineOf(document: vscode.TextDocument, start: string): number {
  for (let line = 0; line < document.lineCount; line++) if (document.lineAt(line).text.startsWith(start)) return line;
  assert.fail(`no line starts with ${start}`);
}
