// UI test: a person opens the JSON-2 view in code-server, expands the sandbox connection down to the fields of
// res.partner, then creates a custom model from the database's context menu (the x_ rule shown as typed) and sees it
// in the tree; keeps screenshots of the fields and of the custom-model flow. Last, a connection to a server that never
// answers: its load shows a notification with Cancel, and cancelling leaves a node to try again.
//   node test/e2e/explorerTree.mjs [--vsix FILE] [--screenshots DIR] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import net from 'node:net';
import path from 'node:path';
import { runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ screenshots: 'test-results' });
const shots = {
  fields: path.join(options.screenshots, 'explorer-fields.png'),
  rule: path.join(options.screenshots, 'explorer-custom-model-rule.png'),
  created: path.join(options.screenshots, 'explorer-custom-model.png'),
  slow: path.join(options.screenshots, 'explorer-slow-server.png'),
};

runUiTest({ name: 'explorer-tree', options, timeout, kept: `screenshots: ${Object.values(shots).join(', ')}` }, async (session) => {
  const { step } = session;
  const sandbox = await session.startSandbox();
  // Accepts connections and never answers: a server too slow to wait for.
  const stalled = net.createServer(() => {});
  await new Promise((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  session.onCleanup('close the stalled server', () => {
    stalled.close();
  });
  const page = await session.openWorkbench({
    'json2.connections': [
      { name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database },
      { name: 'stalled', baseUrl: `http://127.0.0.1:${stalled.address().port}`, database: 'demo' },
    ],
  });
  const ui = workbenchActions(page, timeout);
  const view = page.locator('.part.sidebar .customview-tree').first();
  /** The tree row whose label is exactly `label`. */
  const row = (label) =>
    view
      .locator('.monaco-list-row')
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/\./g, '\\.')}$`) }) })
      .first();
  const expand = async (label) => {
    await row(label).waitFor({ timeout });
    if ((await row(label).getAttribute('aria-expanded')) !== 'true') await ui.clickTreeRow(row(label));
  };

  await step('open the JSON-2 view from the activity bar', async () => {
    await ui.openJson2View();
    await row('sandbox').waitFor({ timeout });
  });
  await step("JSON-2: Update API Key… with the sandbox's key in the password box", () => ui.updateApiKey('sandbox', sandbox.keys.admin));
  await step('expand sandbox → demo → res → res.partner: the fields show type and relation', async () => {
    for (const label of ['sandbox', 'demo', 'res', 'res.partner']) await expand(label);
    const country = row('country_id');
    await country.waitFor({ timeout });
    const text = await country.innerText();
    if (!text.includes('many2one → res.country')) throw new Error(`the country_id row shows: ${text}`);
    await country.hover();
    await page
      .locator('.monaco-hover, .workbench-hover', { hasText: 'Country' })
      .first()
      .waitFor({ timeout })
      .catch(() => {});
  });
  await step(`screenshot ${shots.fields}`, () => ui.screenshot(shots.fields));
  await step('right-click demo → Create Custom Model…; a name without x_ is refused as typed', async () => {
    await ui.clickTreeRow(row('res.partner'));
    await page.keyboard.press('ArrowLeft');
    await ui.chooseFromContextMenu(row('demo'), 'Create Custom Model…');
    await ui.waitForQuickInput('Create Custom Model');
    await ui.typeInput('library_book');
    await ui.quickInput.locator('.quick-input-message', { hasText: 'must start with "x_"' }).first().waitFor({ timeout });
    await page.screenshot({ path: shots.rule });
  });
  await step('x_library_book, Enter, label "Library Book", Enter: the model is created and shown, marked custom', async () => {
    await ui.typeInput('x_library_book');
    await page.keyboard.press('Enter');
    await ui.quickInput.locator('.quick-input-title', { hasText: '2/2' }).first().waitFor({ timeout });
    await ui.typeInput('Library Book');
    await page.keyboard.press('Enter');
    await page.locator('.notification-toast', { hasText: 'x_library_book was created' }).first().waitFor({ timeout });
    await expand('x_library_book');
    const model = view.locator('.monaco-list-row', { hasText: 'Library Book · custom' }).first();
    await model.waitFor({ timeout });
    await ui.clickTreeRow(model);
  });
  await step(`screenshot ${shots.created}`, async () => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: shots.created });
  });
  await step('expand a connection whose server does not answer: a notification offers Cancel; the node then offers a retry', async () => {
    await ui.clickTreeRow(row('sandbox'));
    await page.keyboard.press('ArrowLeft');
    await expand('stalled');
    const toast = page.locator('.notification-toast', { hasText: 'Listing the databases of stalled' }).first();
    await toast.waitFor({ timeout });
    await page.screenshot({ path: shots.slow });
    await toast.locator('.monaco-button', { hasText: 'Cancel' }).first().click();
    await row('Loading was cancelled: click to try again.').waitFor({ timeout });
  });
});
