// UI smoke test: installs the packaged .vsix into a real VS Code (code-server) and drives the workbench through
// Chromium as a person would: open a .json2 file, see it highlighted as JSON-2, open the JSON-2 view, and keep a
// screenshot. Exits 0 when every step passed.
//   node test/e2e/uiSmoke.mjs [--vsix FILE] [--screenshot FILE] [--timeout SECONDS] [--keep]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { consoleLine, launchBrowser } from '../host/browser.mjs';
import { extensionHostLogs, installExtension, startCodeServer, writeUserSettings } from '../host/codeServer.mjs';
import { installHost } from '../host/installHost.mjs';
import { defaultVsix, manifest, root, timedSteps } from './uiTestKit.mjs';

const extensionId = `${manifest.publisher}.${manifest.name}`;
const { values: options } = parseArgs({
  options: {
    vsix: { type: 'string', default: defaultVsix },
    screenshot: { type: 'string', default: path.join(root, 'test-results/ui-smoke.png') },
    timeout: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
  },
});
const timeout = Number(options.timeout) * 1000;
const step = timedSteps();


async function waitForActivation(userDataDir) {
  const pattern = new RegExp(`_doActivateExtension ${extensionId.replace(/\./g, '\\.')}\\b`, 'i');
  for (const deadline = Date.now() + timeout; ;) {
    const logs = extensionHostLogs(userDataDir).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    if (pattern.test(logs)) return;
    if (Date.now() > deadline) throw new Error(`${extensionId} never activated (no _doActivateExtension in the extension host log)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main() {
  if (!fs.existsSync(options.vsix)) throw new Error(`${options.vsix} is missing: run npm run package first`);
  const paths = installHost();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-ui-smoke-'));
  const userDataDir = path.join(scratch, 'user-data');
  const extensionsDir = path.join(scratch, 'extensions');
  const workspace = path.join(scratch, 'workspace');
  const consoleLog = path.join(scratch, 'browser-console.log');
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  writeUserSettings(userDataDir);
  let server;
  let browser;
  let failed = false;
  try {
    await step(`install ${path.basename(options.vsix)} with code-server --install-extension`, () => installExtension(paths, options.vsix, userDataDir, extensionsDir));
    server = await step('start code-server on 127.0.0.1', () => startCodeServer(paths, { userDataDir, extensionsDir, logFile: path.join(scratch, 'code-server.log') }));
    browser = await step('launch Chromium', () => launchBrowser(paths, path.join(scratch, 'chromium')));
    const { page } = browser;
    page.on('console', async (message) => fs.appendFileSync(consoleLog, `${message.type()} ${await consoleLine(message)}\n`));

    await step('workbench loaded', async () => {
      await page.goto(`${server.url}/?folder=${encodeURI(workspace)}`, { timeout });
      await page.locator('.monaco-workbench').waitFor({ timeout });
      await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout });
    });
    await step('open partners.json2 with Quick Open', async () => {
      await page.locator('.monaco-workbench').click({ position: { x: 700, y: 450 } }).catch(() => {});
      await page.keyboard.press('Control+P');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout });
      await input.fill('partners.json2');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'partners.json2' }).first().waitFor({ timeout });
      await page.keyboard.press('Enter');
      await page.locator('.monaco-editor .view-lines', { hasText: 'Companies in Belgium' }).first().waitFor({ timeout });
    });
    await step('the extension activated in the Node extension host', () => waitForActivation(userDataDir));
    await step('the status bar names the JSON-2 language', () =>
      page.locator('.statusbar-item', { hasText: 'JSON-2 Requests' }).first().waitFor({ timeout }));
    await step('the request line is highlighted by the grammar', async () => {
      const line = page.locator('.monaco-editor .view-line', { hasText: 'res.partner/search_read' }).first();
      await line.waitFor({ timeout });
      for (const deadline = Date.now() + timeout; ;) {
        const classes = await line.locator('span[class^="mtk"], span[class*=" mtk"]').evaluateAll((spans) => [...new Set(spans.map((s) => s.className))]);
        if (classes.length >= 2) return;
        if (Date.now() > deadline) throw new Error(`the request line has one token colour only (${classes.join(', ')})`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
    await step('the JSON-2 view shows its welcome content', async () => {
      await page.locator('.activitybar .action-item a[aria-label^="JSON-2"], .activitybar .action-item .action-label[aria-label^="JSON-2"]').first().click({ timeout });
      await page.getByText('No connection yet').first().waitFor({ timeout });
    });
    await step(`screenshot ${options.screenshot}`, async () => {
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
    if (failed || options.keep) console.error(`kept ${scratch} (code-server.log, browser-console.log, user-data/logs)`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failed ? 'ui-smoke: 0 passed, 1 failed' : `ui-smoke: 1 passed, 0 failed (screenshot: ${options.screenshot})`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(`ui-smoke: ${error.message}`);
  process.exit(1);
});
