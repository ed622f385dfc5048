// UI test: a person opens an example request file in code-server, clicks `Send` above a request and reads the records
// table in the response panel, then does the same for a request that fails; keeps a screenshot of each.
//   node test/e2e/requestsPanel.mjs [--vsix FILE] [--out DIR] [--timeout SECONDS] [--keep]
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
    out: { type: 'string', default: path.join(root, 'test-results/requests-panel') },
    timeout: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
  },
});
const timeout = Number(options.timeout) * 1000;
const step = timedSteps();


const ERROR_FILE = `# @connection sandbox
### A field that does not exist
POST res.partner/search_read
{ "domain": [["no_such_field", "=", 1]], "fields": ["name"] }
`;

/** The frame of the response panel's page (webviews nest two iframes), once it shows `selector`. */
async function panelFrame(page, selector) {
  for (const deadline = Date.now() + timeout; ;) {
    for (const frame of page.frames()) {
      if (await frame.locator(selector).count().catch(() => 0)) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no panel shows ${selector}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main() {
  if (!fs.existsSync(options.vsix)) throw new Error(`${options.vsix} is missing: run npm run package first`);
  const testApi = path.join(root, 'out/src/sandbox/testApi.js');
  if (!fs.existsSync(testApi)) throw new Error(`${testApi} is missing: run node scripts/build.mjs --tests first`);
  const paths = installHost();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-requests-panel-'));
  const userDataDir = path.join(scratch, 'user-data');
  const extensionsDir = path.join(scratch, 'extensions');
  const workspace = path.join(scratch, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  fs.copyFileSync(path.join(root, 'examples/01-requests.json2'), path.join(workspace, '01-requests.json2'));
  fs.writeFileSync(path.join(workspace, 'errors.json2'), ERROR_FILE);
  fs.rmSync(options.out, { recursive: true, force: true });
  fs.mkdirSync(options.out, { recursive: true });
  let server;
  let browser;
  let sandbox;
  let failed = false;
  try {
    sandbox = await step('start the sandbox', () => createRequire(import.meta.url)(testApi).startSandbox());
    writeUserSettings(userDataDir, {
      'json2.connections': [{ name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database, variables: { database: sandbox.database } }],
    });
    await step(`install ${path.basename(options.vsix)}`, () => installExtension(paths, options.vsix, userDataDir, extensionsDir));
    server = await step('start code-server on 127.0.0.1', () => startCodeServer(paths, { userDataDir, extensionsDir, logFile: path.join(scratch, 'code-server.log') }));
    browser = await step('launch Chromium', () => launchBrowser(paths, path.join(scratch, 'chromium')));
    const { page } = browser;
    const quickInput = page.locator('.quick-input-widget');

    const openFile = (name, text) => step(`open ${name} with Quick Open`, async () => {
      await page.keyboard.press('Control+P');
      const input = quickInput.locator('input').first();
      await input.waitFor({ timeout });
      await input.fill(name);
      await quickInput.locator('.monaco-list-row', { hasText: name }).first().waitFor({ timeout });
      await page.keyboard.press('Enter');
      await page.locator('.monaco-editor .view-lines', { hasText: text }).first().waitFor({ timeout });
    });
    /** Clicks the `Send` CodeLens number `nth` (0-based) of the editor shown. */
    const clickSend = async (nth) => {
      const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Send$/ }).nth(nth);
      await lens.waitFor({ timeout });
      await lens.click();
    };

    await step('workbench loaded', async () => {
      await page.goto(`${server.url}/?folder=${encodeURI(workspace)}`, { timeout });
      await page.locator('.monaco-workbench').waitFor({ timeout });
      await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout });
      await page.locator('.monaco-workbench').click({ position: { x: 700, y: 450 } }).catch(() => {});
    });
    await openFile('01-requests.json2', 'Belgian companies');
    await step('click Send above "Belgian companies": the connection has no key yet, the notification offers one', async () => {
      await clickSend(2);
      await page.locator('.notification-toast .monaco-button', { hasText: 'Update API Key' }).first().click({ timeout });
    });
    await step('type the key in the password box, Enter', async () => {
      const input = quickInput.locator('input').first();
      await input.waitFor({ timeout });
      await page.keyboard.type(sandbox.keys.admin);
      await page.keyboard.press('Enter');
      await page.locator('.notification-toast', { hasText: 'checked and stored' }).first().waitFor({ timeout });
    });
    await step('click Send again: the panel shows the Belgian companies as a table', async () => {
      await clickSend(2);
      const frame = await panelFrame(page, '.grid-viewport .grid-row');
      const cells = await frame.locator('.grid-viewport .grid-row').first().locator('.grid-cell').allTextContents();
      if (!cells.includes('Belgium')) throw new Error(`the first row shows ${cells.join(' | ')}`);
      const status = await frame.locator('.status').textContent();
      if (!/200/.test(status ?? '')) throw new Error(`status line: ${status}`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(options.out, '01-records-table.png') });
    });
    await openFile('errors.json2', 'no_such_field');
    await step('click Send on a request that fails: the error is laid out with its kind and a folded traceback', async () => {
      await clickSend(0);
      const frame = await panelFrame(page, '.error-view .error-name');
      const traceback = frame.locator('.error-view details.traceback');
      if (await traceback.getAttribute('open') !== null) throw new Error('the traceback is open');
      await page.screenshot({ path: path.join(options.out, '02-error.png') });
      await traceback.locator('summary').click();
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(options.out, '03-error-traceback.png') });
    });
  } catch (error) {
    failed = true;
    console.error(error.stack ?? String(error));
    if (browser) await browser.page.screenshot({ path: path.join(options.out, 'failure.png') }).catch(() => {});
  } finally {
    if (browser) await browser.context.close().catch(() => {});
    if (server) await server.stop();
    if (sandbox) await sandbox.stop();
    if (failed || options.keep) console.error(`kept ${scratch} (code-server.log, user-data/logs)`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failed ? 'requests-panel: 0 passed, 1 failed' : `requests-panel: 1 passed, 0 failed (screenshots: ${options.out})`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(`requests-panel: ${error.message}`);
  process.exit(1);
});
