// UI test: two connections to two sandbox databases made to differ (a custom model and res.partner fields through
// ir.model / ir.model.fields); a person selects both databases in the JSON-2 view (click, Ctrl+click), chooses Compare
// Schemas… from the context menu, and the comparison opens in the Markdown preview; keeps a screenshot of it.
//   node test/e2e/schemaComparison.mjs [--vsix FILE] [--screenshots DIR] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import { createRequire } from 'node:module';
import path from 'node:path';
import { root, runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ screenshots: 'test-results' });
const shot = path.join(options.screenshots, 'schema-comparison.png');
const require = createRequire(import.meta.url);

runUiTest({ name: 'schema-comparison', options, timeout, kept: `screenshot: ${shot}` }, async (session) => {
  const { step } = session;
  const sandbox = await session.startSandbox({ databases: ['staging'] });
  const stagingKey = await sandbox.newKey('admin', { database: 'staging' });
  await step('make the two databases differ through ir.model and ir.model.fields', async () => {
    const { Json2Client } = require(path.join(root, 'out/src/core/client/json2Client.js'));
    const { chooseHttpPool } = require(path.join(root, 'out/src/core/http/httpPoolChoice.js'));
    chooseHttpPool('node:http', require(path.join(root, 'out/src/core/http/nodeHttpPool.js')).createNodeHttpPool);
    const { makeSchemasDiffer } = require(path.join(root, 'out/test/support/schemaDifferences.js'));
    const production = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    const staging = new Json2Client({ baseUrl: sandbox.url, apiKey: stagingKey, database: 'staging' });
    try {
      await makeSchemasDiffer(production, staging);
    } finally {
      await Promise.all([production.close(), staging.close()]);
    }
  });
  const page = await session.openWorkbench({
    'json2.connections': [
      { name: 'prod', baseUrl: sandbox.url, database: sandbox.database },
      { name: 'stage', baseUrl: sandbox.url, database: 'staging' },
    ],
  });
  const ui = workbenchActions(page, timeout);
  const view = page.locator('.part.sidebar .customview-tree').first();
  const rows = (label) =>
    view.locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) });
  // A click that lands while the tree re-renders (another node's children arriving) may only select the row: the
  // row is clicked again (or opened with the Right arrow once selected) until it says it is expanded.
  const expand = async (label) => {
    const row = rows(label).first();
    await row.waitFor({ timeout });
    for (let attempt = 0; (await row.getAttribute('aria-expanded')) !== 'true'; attempt++) {
      if (attempt === 5) throw new Error(`the tree did not expand ${label}`);
      if ((await row.getAttribute('aria-selected')) === 'true' && attempt > 0) await page.keyboard.press('ArrowRight');
      else await ui.clickTreeRow(row);
      await page
        .waitForFunction((element) => element?.getAttribute('aria-expanded') === 'true', await row.elementHandle(), { timeout: 5_000 })
        .catch(() => undefined);
    }
  };

  await step('open the JSON-2 view from the activity bar', async () => {
    await ui.openJson2View();
    await rows('prod').first().waitFor({ timeout });
  });
  await step('store both keys with JSON-2: Update API Key… (the connection chosen in the list, the key in the password box)', async () => {
    await ui.updateApiKey('prod', sandbox.keys.admin);
    await ui.updateApiKey('stage', stagingKey);
  });
  await step('expand prod and stage; click prod → demo, Ctrl+click stage → staging', async () => {
    await expand('prod');
    await rows('demo').first().waitFor({ timeout });
    await expand('stage');
    await rows('staging').nth(1).waitFor({ timeout });
    await ui.clickTreeRow(rows('demo').first());
    await ui.clickTreeRow(rows('staging').nth(1), { modifiers: ['ControlOrMeta'] });
  });
  await step('right-click the selection → Compare Schemas…: the comparison opens in the Markdown preview', async () => {
    await ui.chooseFromContextMenu(rows('staging').nth(1), 'Compare Schemas…');
    await page.locator('.tab', { hasText: 'prod-demo..stage-staging' }).first().waitFor({ timeout });
    // The Markdown preview when the built-in Markdown extension is there, else the document as text.
    const preview = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await Promise.any([
      preview.locator('code', { hasText: 'x_level' }).first().waitFor({ timeout }),
      page.locator('.monaco-editor .view-lines', { hasText: '| `x_level` | type | `char` | `integer` |' }).first().waitFor({ timeout }),
    ]);
  });
  await step(`screenshot ${shot}`, async () => {
    await page.waitForTimeout(500);
    await ui.screenshot(shot);
  });
});
