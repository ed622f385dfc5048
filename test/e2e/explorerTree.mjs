// UI test: a person opens the JSON-2 view in code-server, expands the sandbox connection down to the fields of
// res.partner, then creates a custom model from the database's context menu (the x_ rule shown as typed) and sees it
// in the tree; keeps screenshots of the fields and of the custom-model flow. Last, a connection to a server that never
// answers: its load shows a notification with Cancel, and cancelling leaves a node to try again.
//   node test/e2e/explorerTree.mjs [--vsix FILE] [--screenshots DIR] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../host/browser.mjs';
import { installExtension, startCodeServer, writeUserSettings } from '../host/codeServer.mjs';
import { installHost } from '../host/installHost.mjs';
import { defaultVsix, root, timedSteps } from './uiTestKit.mjs';

const { values: options } = parseArgs({
  options: {
    vsix: { type: 'string', default: defaultVsix },
    screenshots: { type: 'string', default: path.join(root, 'test-results') },
    timeout: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
  },
});
const timeout = Number(options.timeout) * 1000;
const step = timedSteps();
const shots = {
  fields: path.join(options.screenshots, 'explorer-fields.png'),
  rule: path.join(options.screenshots, 'explorer-custom-model-rule.png'),
  created: path.join(options.screenshots, 'explorer-custom-model.png'),
  slow: path.join(options.screenshots, 'explorer-slow-server.png'),
};

async function main() {
  if (!fs.existsSync(options.vsix)) throw new Error(`${options.vsix} is missing: run npm run package first`);
  const testApi = path.join(root, 'out/src/sandbox/testApi.js');
  if (!fs.existsSync(testApi)) throw new Error(`${testApi} is missing: run node scripts/build.mjs --tests first`);
  const paths = installHost();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-explorer-ui-'));
  const userDataDir = path.join(scratch, 'user-data');
  const extensionsDir = path.join(scratch, 'extensions');
  const workspace = path.join(scratch, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  let server;
  let browser;
  let sandbox;
  let failed = false;
  // Accepts connections and never answers: a server too slow to wait for.
  const stalled = net.createServer(() => {});
  try {
    sandbox = await step('start the sandbox', () => createRequire(import.meta.url)(testApi).startSandbox());
    await new Promise((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    writeUserSettings(userDataDir, { 'json2.connections': [
      { name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database },
      { name: 'stalled', baseUrl: `http://127.0.0.1:${stalled.address().port}`, database: 'demo' },
    ] });
    await step(`install ${path.basename(options.vsix)}`, () => installExtension(paths, options.vsix, userDataDir, extensionsDir));
    server = await step('start code-server on 127.0.0.1', () => startCodeServer(paths, { userDataDir, extensionsDir, logFile: path.join(scratch, 'code-server.log') }));
    browser = await step('launch Chromium', () => launchBrowser(paths, path.join(scratch, 'chromium')));
    const { page } = browser;
    const quickInput = page.locator('.quick-input-widget');
    const view = page.locator('.part.sidebar .customview-tree').first();
    /** The tree row whose label is exactly `label`. */
    const row = (label) => view.locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/\./g, '\\.')}$`) }) }).first();
    const expand = async (label) => {
      await row(label).waitFor({ timeout });
      if ((await row(label).getAttribute('aria-expanded')) !== 'true') await row(label).click();
    };
    const palette = async (command) => {
      await page.keyboard.press('F1');
      const input = quickInput.locator('input').first();
      await input.waitFor({ timeout });
      await input.fill(`>${command}`);
      await quickInput.locator('.monaco-list-row', { hasText: command }).first().waitFor({ timeout });
      await page.keyboard.press('Enter');
    };

    await step('workbench loaded', async () => {
      await page.goto(`${server.url}/?folder=${encodeURI(workspace)}`, { timeout });
      await page.locator('.monaco-workbench').waitFor({ timeout });
      await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout });
      await page.locator('.monaco-workbench').click({ position: { x: 700, y: 450 } }).catch(() => {});
    });
    await step('open the JSON-2 view from the activity bar', async () => {
      await page.locator('.activitybar .action-item a[aria-label^="JSON-2"], .activitybar .action-item[aria-label^="JSON-2"]').first().click();
      await row('sandbox').waitFor({ timeout });
    });
    await step('JSON-2: Update API Key… with the sandbox\'s key in the password box', async () => {
      await palette('JSON-2: Update API Key');
      await quickInput.locator('.monaco-list-row', { hasText: 'sandbox' }).first().waitFor({ timeout });
      await page.keyboard.press('Enter');
      await quickInput.locator('input[type="password"]').first().waitFor({ timeout });
      await page.keyboard.type(sandbox.keys.admin);
      await page.keyboard.press('Enter');
      await page.locator('.notification-toast', { hasText: 'checked and stored' }).first().waitFor({ timeout });
    });
    await step('expand sandbox → demo → res → res.partner: the fields show type and relation', async () => {
      for (const label of ['sandbox', 'demo', 'res', 'res.partner']) await expand(label);
      const country = row('country_id');
      await country.waitFor({ timeout });
      const text = await country.innerText();
      if (!text.includes('many2one → res.country')) throw new Error(`the country_id row shows: ${text}`);
      await country.hover();
      await page.locator('.monaco-hover, .workbench-hover', { hasText: 'Country' }).first().waitFor({ timeout }).catch(() => {});
    });
    await step(`screenshot ${shots.fields}`, async () => {
      fs.mkdirSync(options.screenshots, { recursive: true });
      await page.screenshot({ path: shots.fields });
    });
    await step('right-click demo → Create Custom Model…; a name without x_ is refused as typed', async () => {
      await row('res.partner').click();
      await page.keyboard.press('ArrowLeft');
      await row('demo').click({ button: 'right' });
      // A click that lands while the menu is still opening only highlights the item: choose it with the keyboard.
      const item = page.locator('.monaco-menu .action-item', { hasText: 'Create Custom Model…' }).first();
      await item.waitFor({ timeout });
      await item.hover();
      await page.keyboard.press('Enter');
      const input = quickInput.locator('input').first();
      await input.waitFor({ timeout });
      await page.keyboard.type('library_book');
      await quickInput.locator('.quick-input-message', { hasText: 'must start with "x_"' }).first().waitFor({ timeout });
      await page.screenshot({ path: shots.rule });
    });
    await step('x_library_book, Enter, label "Library Book", Enter: the model is created and shown, marked custom', async () => {
      const input = quickInput.locator('input').first();
      await input.fill('x_library_book');
      await page.keyboard.press('Enter');
      await quickInput.locator('.quick-input-title', { hasText: '2/2' }).first().waitFor({ timeout });
      await page.keyboard.type('Library Book');
      await page.keyboard.press('Enter');
      await page.locator('.notification-toast', { hasText: 'x_library_book was created' }).first().waitFor({ timeout });
      await expand('x_library_book');
      const model = view.locator('.monaco-list-row', { hasText: 'Library Book · custom' }).first();
      await model.waitFor({ timeout });
      await model.click();
    });
    await step(`screenshot ${shots.created}`, async () => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: shots.created });
    });
    await step('expand a connection whose server does not answer: a notification offers Cancel; the node then offers a retry', async () => {
      await row('sandbox').click();
      await page.keyboard.press('ArrowLeft');
      await expand('stalled');
      const toast = page.locator('.notification-toast', { hasText: 'Listing the databases of stalled' }).first();
      await toast.waitFor({ timeout });
      await page.screenshot({ path: shots.slow });
      await toast.locator('.monaco-button', { hasText: 'Cancel' }).first().click();
      await row('Loading was cancelled: click to try again.').waitFor({ timeout });
    });
  } catch (error) {
    failed = true;
    console.error(error.stack ?? String(error));
    if (browser) {
      const failure = path.join(scratch, 'failure.png');
      await browser.page.screenshot({ path: failure }).catch(() => {});
      const sidebar = await browser.page.locator('.part.sidebar').innerHTML().catch(() => '');
      fs.writeFileSync(path.join(scratch, 'sidebar.html'), sidebar);
      console.error(`failure screenshot: ${failure}; the side bar's HTML: ${path.join(scratch, 'sidebar.html')}`);
    }
  } finally {
    if (browser) await browser.context.close().catch(() => {});
    if (server) await server.stop();
    if (sandbox) await sandbox.stop();
    stalled.close();
    if (failed || options.keep) console.error(`kept ${scratch} (code-server.log, user-data/logs)`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failed ? 'explorer-tree: 0 passed, 1 failed' : `explorer-tree: 1 passed, 0 failed (screenshots: ${Object.values(shots).join(', ')})`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(`explorer-tree: ${error.message}`);
  process.exit(1);
});
