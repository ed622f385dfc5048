// UI test: a person opens a request file in code-server, puts the cursor in a domain condition, asks for suggestions
// and sees the sandbox's fields of res.partner with their labels and types; keeps a screenshot of the open list.
//   node test/e2e/completionList.mjs [--vsix FILE] [--screenshot FILE] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import fs from 'node:fs';
import { createRequire } from 'node:module';
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
    screenshot: { type: 'string', default: path.join(root, 'test-results/completion-domain.png') },
    timeout: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
  },
});
const timeout = Number(options.timeout) * 1000;
const step = timedSteps();


const LINES = [
  '# @connection sandbox',
  '### Companies and their country',
  'POST res.partner/search_read',
  '{',
  '  "domain": [["is_company", "=", true], [""]],',
  '  "fields": ["name", "country_id"]',
  '}',
];
const CURSOR_LINE = 5;
const CURSOR_COLUMN = LINES[CURSOR_LINE - 1].indexOf('[""]') + 3;

async function main() {
  if (!fs.existsSync(options.vsix)) throw new Error(`${options.vsix} is missing: run npm run package first`);
  const testApi = path.join(root, 'out/src/sandbox/testApi.js');
  if (!fs.existsSync(testApi)) throw new Error(`${testApi} is missing: run node scripts/build.mjs --tests first`);
  const paths = installHost();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-completion-'));
  const userDataDir = path.join(scratch, 'user-data');
  const extensionsDir = path.join(scratch, 'extensions');
  const workspace = path.join(scratch, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'companies.json2'), `${LINES.join('\n')}\n`);
  let server;
  let browser;
  let sandbox;
  let failed = false;
  try {
    sandbox = await step('start the sandbox', () => createRequire(import.meta.url)(testApi).startSandbox());
    writeUserSettings(userDataDir, { 'json2.connections': [{ name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database }] });
    await step(`install ${path.basename(options.vsix)}`, () => installExtension(paths, options.vsix, userDataDir, extensionsDir));
    server = await step('start code-server on 127.0.0.1', () => startCodeServer(paths, { userDataDir, extensionsDir, logFile: path.join(scratch, 'code-server.log') }));
    browser = await step('launch Chromium', () => launchBrowser(paths, path.join(scratch, 'chromium')));
    const { page } = browser;
    const quickInput = page.locator('.quick-input-widget');

    await step('workbench loaded', async () => {
      await page.goto(`${server.url}/?folder=${encodeURI(workspace)}`, { timeout });
      await page.locator('.monaco-workbench').waitFor({ timeout });
      await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout });
      await page.locator('.monaco-workbench').click({ position: { x: 700, y: 450 } }).catch(() => {});
    });
    await step('open companies.json2 with Quick Open', async () => {
      await page.keyboard.press('Control+P');
      const input = quickInput.locator('input').first();
      await input.waitFor({ timeout });
      await input.fill('companies.json2');
      await quickInput.locator('.monaco-list-row', { hasText: 'companies.json2' }).first().waitFor({ timeout });
      await page.keyboard.press('Enter');
      await page.locator('.monaco-editor .view-lines', { hasText: 'Companies and their country' }).first().waitFor({ timeout });
    });
    await step('JSON-2: Update API Key… from the command palette, the sandbox\'s key typed in the password box', async () => {
      await page.keyboard.press('F1');
      const input = quickInput.locator('input').first();
      await input.waitFor({ timeout });
      await input.fill('>JSON-2: Update API Key');
      await quickInput.locator('.monaco-list-row', { hasText: 'Update API Key' }).first().waitFor({ timeout });
      await page.keyboard.press('Enter');
      await quickInput.locator('.monaco-list-row', { hasText: 'sandbox' }).first().waitFor({ timeout });
      await page.keyboard.press('Enter');
      await quickInput.locator('input[type="password"]').first().waitFor({ timeout });
      await page.keyboard.type(sandbox.keys.admin);
      await page.keyboard.press('Enter');
      await page.locator('.notification-toast', { hasText: 'checked and stored' }).first().waitFor({ timeout });
    });
    await step(`cursor between the quotes of the second condition (line ${CURSOR_LINE}) with the keyboard`, async () => {
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+Home');
      for (let line = 1; line < CURSOR_LINE; line++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('End');
      // The line ends with `[""]],`: four steps left is between the quotes.
      for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowLeft');
      const status = page.locator('.statusbar-item', { hasText: `Ln ${CURSOR_LINE}, Col ${CURSOR_COLUMN}` });
      await status.first().waitFor({ timeout });
    });
    await step('Ctrl+Space: the list shows the fields of res.partner with label and type', async () => {
      const row = page.locator('.suggest-widget .monaco-list-row', { hasText: 'country_id' });
      for (let attempt = 0; ; attempt++) {
        await page.keyboard.press('Control+Space');
        if (await row.first().waitFor({ timeout: 10_000 }).then(() => true, () => false)) break;
        if (attempt === 3) throw new Error('no country_id in the suggestions');
        await page.keyboard.press('Escape');
      }
      const text = await page.locator('.suggest-widget').first().innerText();
      if (!/Country · many2one → res\.country/.test(text)) throw new Error(`the list shows: ${text.slice(0, 300)}`);
    });
    await step(`screenshot ${options.screenshot}`, async () => {
      await page.waitForTimeout(300);
      fs.mkdirSync(path.dirname(options.screenshot), { recursive: true });
      await page.screenshot({ path: options.screenshot });
    });
  } catch (error) {
    failed = true;
    console.error(error.stack ?? String(error));
    if (browser) {
      const failure = path.join(scratch, 'failure.png');
      await browser.page.screenshot({ path: failure }).catch(() => {});
      console.error(`failure screenshot: ${failure}`);
    }
  } finally {
    if (browser) await browser.context.close().catch(() => {});
    if (server) await server.stop();
    if (sandbox) await sandbox.stop();
    if (failed || options.keep) console.error(`kept ${scratch} (code-server.log, user-data/logs)`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failed ? 'completion-list: 0 passed, 1 failed' : `completion-list: 1 passed, 0 failed (screenshot: ${options.screenshot})`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(`completion-list: ${error.message}`);
  process.exit(1);
});
