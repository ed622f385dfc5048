// UI test: a person opens the Testing view in code-server, runs the workspace's request files against the sandbox and
// sees a failed assertion with its message; keeps a screenshot of the view with the failure.
//   node test/e2e/testingView.mjs [--vsix FILE] [--screenshot FILE] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import fs from 'node:fs';
import path from 'node:path';
import { runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ screenshot: 'test-results/testing-failure.png' });

const FILE = `# @connection sandbox
### Version
GET /web/version
?? status == 200

### Companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"], "limit": 2 }
?? body.length == 5
`;

runUiTest({ name: 'testing-view', options, timeout, kept: `screenshot: ${options.screenshot}` }, async (session) => {
  const { step } = session;
  fs.writeFileSync(path.join(session.workspace, 'companies.json2'), FILE);
  const sandbox = await session.startSandbox();
  const page = await session.openWorkbench({
    'json2.connections': [{ name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database }],
  });
  const ui = workbenchActions(page, timeout);

  await step('open companies.json2 with Quick Open', () => ui.quickOpen('companies.json2', 'Companies'));
  await step("JSON-2: Update API Key… with the sandbox's key", () => ui.updateApiKey('sandbox', sandbox.keys.admin));
  await step('Test: Run All Tests from the command palette', () => ui.runCommand('Test: Run All Tests'));
  // Not left to testing.automaticallyOpenTestResults: the workbench part that opens the results when a run starts is
  // created only once the workbench is idle, and a run started before that opens nothing (it failed CI so once).
  await step("Test: Show Output lists the failed request with the assertion's message", async () => {
    await ui.runCommand('Test: Show Output');
    await page.locator('.monaco-list-row', { hasText: 'body.length == 5: got 2' }).first().waitFor({ timeout });
  });
  await step('the Testing view lists the file with the failed request', async () => {
    await ui.runCommand('View: Show Testing');
    await page.locator('.test-explorer .monaco-list-row', { hasText: 'Companies' }).first().waitFor({ timeout });
  });
  await step(`screenshot ${options.screenshot}`, async () => {
    await page.waitForTimeout(500);
    await ui.screenshot(options.screenshot);
  });
});
