// "Explain this answer" in the editor against the sandbox: after an empty answer the CodeLens offers it and the panel's
// Explain button shows the causes in its "Why this answer" box; an answer with records offers neither.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Explanation } from '../../../src/core/access/explainTypes';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import {
  clickLens,
  CONNECTION,
  endRequestsSuite,
  lineOf,
  openRequestFile,
  panelState,
  startRequestsSuite,
} from './requestsDriver.integration.test';

const REQUESTS = `# @connection ${CONNECTION}
### Discontinued lamp
POST product.template/search_read
{ "domain": [["name", "=", "Desk Lamp (discontinued)"]], "fields": ["name"] }

### Chicago contact from San Francisco
POST res.partner/search_read
{ "domain": [["name", "=", "Rosa Delgado"]], "fields": ["name"], "context": { "allowed_company_ids": [1] } }

### Products
POST product.product/search_read
{ "domain": [], "fields": ["name"], "limit": 2 }
`;

async function lensTitles(document: vscode.TextDocument, line: number): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
  return lenses.filter((lens) => lens.range.start.line === line).map((lens) => lens.command?.title ?? '');
}

suite('Explain this answer in the editor against the sandbox', function () {
  this.timeout(120_000);
  let api: Json2TestApi & { requests: RequestsTestApi };
  let sandbox: StartedSandbox;

  suiteSetup(async () => {
    ({ api, sandbox } = await startRequestsSuite());
  });
  suiteTeardown(() => endRequestsSuite({ api, sandbox }));

  test('an empty answer: the panel offers Explain, which shows the archived record and what to add', async () => {
    const document = await openRequestFile('explain-archived.json2', REQUESTS);
    const line = lineOf(document, 'POST product.template/search_read');
    await clickLens(document, 'Send', line);
    await panelState(api.requests, (s) => s.title === 'Discontinued lamp' && !s.busy, 'the empty answer');
    assert.ok((await lensTitles(document, line)).includes('Explain this answer'));
    api.requests.act({ kind: 'press', command: 'explain' });
    const state = await panelState(api.requests, (s) => s.explanation !== undefined, 'the explanation');
    assert.match(state.explanation?.summary ?? '', /^The call ran as Mitchell Admin \(admin, id \d+\)/);
    assert.deepEqual(state.explanation?.causes, [
      {
        sentence: '1 matching product.template record is archived and left out: add `active_test: false` to the context.',
        certain: true,
      },
    ]);
    assert.match(state.html, /Why this answer/);
  });

  test("the CodeLens explains another company's contact left out by allowed_company_ids", async () => {
    const document = await openRequestFile('explain-company.json2', REQUESTS);
    const line = lineOf(document, 'POST res.partner/search_read');
    await clickLens(document, 'Send', line);
    await panelState(api.requests, (s) => s.title === 'Chicago contact from San Francisco' && !s.busy, 'the empty answer');
    const lens = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)).find(
      (candidate) => candidate.command?.title === 'Explain this answer' && candidate.range.start.line === line,
    );
    assert.ok(lens?.command);
    const explanation = await vscode.commands.executeCommand<Explanation>(lens.command.command, ...(lens.command.arguments ?? []));
    assert.match(
      explanation.causes[0]?.sentence ?? '',
      /belongs to company 'My Company \(Chicago\)', not in this call's allowed companies/,
    );
    const state = await panelState(api.requests, (s) => s.explanation !== undefined, 'the explanation in the panel');
    assert.equal(state.explanation?.causes[0]?.sentence, explanation.causes[0]?.sentence);
  });

  test('an answer with records offers no Explain', async () => {
    const document = await openRequestFile('explain-none.json2', REQUESTS);
    const line = lineOf(document, 'POST product.product/search_read');
    await clickLens(document, 'Send', line);
    await panelState(api.requests, (s) => s.title === 'Products' && s.visibleCells.length === 2, 'two products');
    assert.ok(!(await lensTitles(document, line)).includes('Explain this answer'));
  });
});
