// UI test: a person backs up the sandbox's database from its node in the JSON-2 view (right-click, Back Up Database…,
// the format, the save dialog, the master password in a password box), sees the backup's progress in a notification
// and cancels it; keeps a screenshot of the backup in progress. The connection goes through a loopback proxy that slows the server's answers to
// a trickle, so that the backup lasts long enough to be seen (the sandbox's dump takes a fraction of a second).
//   node test/e2e/databaseBackup.mjs [--vsix FILE] [--screenshot FILE] [--timeout SECONDS] [--keep]
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
    screenshot: { type: 'string', default: path.join(root, 'test-results/database-backup.png') },
    timeout: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
  },
});
const timeout = Number(options.timeout) * 1000;
const step = timedSteps();
/** Bytes per second from the server to the editor through the proxy. */
const TRICKLE = 24 * 1024;

/** A TCP proxy on a free loopback port to `target` that lets the server's bytes through at `bytesPerSecond`. */
function startSlowProxy(target, bytesPerSecond) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => { client.destroy(); upstream.destroy(); });
    }
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      upstream.pause();
      client.write(chunk);
      setTimeout(() => upstream.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
    upstream.on('end', () => client.end());
    client.on('end', () => upstream.end());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((done) => { for (const socket of sockets) socket.destroy(); server.close(() => done()); }),
  })));
}

/** Clean-up never holds the test up: a step that does not finish in 15 s is reported and left behind. */
async function withinCleanupLimit(what, promise) {
  let timer;
  const limit = new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), 15_000); });
  const outcome = await Promise.race([promise.then(() => 'done'), limit]);
  clearTimeout(timer);
  if (outcome === 'timeout') console.error(`clean-up: "${what}" did not finish within 15 s; left behind`);
}

async function main() {
  if (!fs.existsSync(options.vsix)) throw new Error(`${options.vsix} is missing: run npm run package first`);
  const testApi = path.join(root, 'out/src/sandbox/testApi.js');
  if (!fs.existsSync(testApi)) throw new Error(`${testApi} is missing: run node scripts/build.mjs --tests first`);
  const paths = installHost();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-backup-'));
  const userDataDir = path.join(scratch, 'user-data');
  const extensionsDir = path.join(scratch, 'extensions');
  const workspace = path.join(scratch, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  let server;
  let browser;
  let sandbox;
  let proxy;
  let failed = false;
  try {
    sandbox = await step('start the sandbox', () => createRequire(import.meta.url)(testApi).startSandbox());
    proxy = await step(`a loopback proxy that passes the server's answers at ${TRICKLE / 1024} KB/s`, () => startSlowProxy(new URL(sandbox.url), TRICKLE));
    writeUserSettings(userDataDir, { 'json2.connections': [{ name: 'sandbox', baseUrl: proxy.url, database: sandbox.database }] });
    await step(`install ${path.basename(options.vsix)}`, () => installExtension(paths, options.vsix, userDataDir, extensionsDir));
    server = await step('start code-server on 127.0.0.1', () => startCodeServer(paths, { userDataDir, extensionsDir, logFile: path.join(scratch, 'code-server.log') }));
    browser = await step('launch Chromium', () => launchBrowser(paths, path.join(scratch, 'chromium')));
    const { page } = browser;
    const quickInput = page.locator('.quick-input-widget');
    const input = quickInput.locator('input').first();
    const stepText = async () => `${await quickInput.locator('.quick-input-title').first().textContent().catch(() => '')} `
      + `${await quickInput.locator('.quick-input-message').first().textContent().catch(() => '')} ${await input.getAttribute('placeholder').catch(() => '')}`;
    const waitForStep = async (text) => {
      for (const deadline = Date.now() + timeout; !(await stepText()).includes(text);) {
        if (Date.now() > deadline) throw new Error(`no step saying "${text}" (showing: ${await stepText()})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const pickRow = async (label) => {
      await quickInput.locator('.monaco-list-row', { hasText: label }).first().waitFor({ timeout });
      await page.keyboard.press('Enter');
    };

    await step('workbench loaded', async () => {
      await page.goto(`${server.url}/?folder=${encodeURI(workspace)}`, { timeout });
      await page.locator('.monaco-workbench').waitFor({ timeout });
      await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout });
      await page.locator('.monaco-workbench').click({ position: { x: 700, y: 450 } }).catch(() => {});
    });
    await step('the JSON-2 view: the connection expanded to its databases', async () => {
      await page.locator('.activitybar .action-item a[aria-label*="JSON-2"]').first().click();
      const view = page.locator('.pane-body .monaco-list').first();
      const connectionRow = view.locator('.monaco-list-row', { hasText: 'sandbox' }).first();
      await connectionRow.waitFor({ timeout });
      if (await connectionRow.getAttribute('aria-expanded') !== 'true') await connectionRow.click();
      await view.locator('.monaco-list-row[aria-level="2"]', { hasText: sandbox.database }).first().waitFor({ timeout });
    });
    await step('right-click the database: Back Up Database…', async () => {
      const databaseRow = page.locator('.pane-body .monaco-list-row[aria-level="2"]', { hasText: sandbox.database }).first();
      await databaseRow.click({ button: 'right' });
      const item = page.locator('.context-view .action-item', { hasText: 'Back Up Database' }).first();
      await item.waitFor({ timeout });
      // A click that lands while the menu is still opening only highlights the item: choose it with the keyboard.
      await item.hover();
      await page.keyboard.press('Enter');
    });
    await step('the plain SQL dump format', async () => {
      await waitForStep('format');
      await page.keyboard.type('dump');
      await pickRow('plain SQL dump');
    });
    let destination;
    await step('the save dialog suggests demo_<time>.dump in the workspace; Enter saves there', async () => {
      await waitForStep('Save the Backup');
      const value = await input.inputValue();
      if (!/demo_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.dump$/.test(value)) throw new Error(`the save dialog suggests ${value}`);
      destination = path.join(workspace, path.basename(value));
      await page.keyboard.press('Enter');
    });
    await step('the master password, typed in a password box', async () => {
      await waitForStep('master password');
      if (await input.getAttribute('type') !== 'password') throw new Error('the master password input is not a password box');
      await page.keyboard.type(sandbox.masterPassword);
      await page.keyboard.press('Enter');
    });
    const toast = page.locator('.notification-toast', { hasText: 'Backing up "demo"' }).first();
    await step('a notification shows the backup in progress, with the bytes received', async () => {
      await toast.waitFor({ timeout });
      await toast.filter({ hasText: /\d+(\.\d)? KB/ }).waitFor({ timeout });
    });
    await step(`screenshot ${options.screenshot}`, async () => {
      fs.mkdirSync(path.dirname(options.screenshot), { recursive: true });
      await page.screenshot({ path: options.screenshot });
    });
    await step('Cancel on the notification: the backup stops and leaves no file', async () => {
      await toast.locator('.monaco-button', { hasText: 'Cancel' }).first().click();
      await page.locator('.notification-toast', { hasText: 'Back Up Database: cancelled' }).first().waitFor({ timeout });
      for (const file of [destination, `${destination}.part`]) if (fs.existsSync(file)) throw new Error(`${file} was left behind`);
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
    if (browser) await withinCleanupLimit('close Chromium', browser.context.close().catch(() => {}));
    if (server) await withinCleanupLimit('stop code-server', server.stop());
    if (proxy) await withinCleanupLimit('close the proxy', proxy.close());
    if (sandbox) await withinCleanupLimit('stop the sandbox', sandbox.stop());
    if (failed || options.keep) console.error(`kept ${scratch} (code-server.log, user-data/logs)`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failed ? 'database-backup: 0 passed, 1 failed' : `database-backup: 1 passed, 0 failed (screenshot: ${options.screenshot})`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(`database-backup: ${error.message}`);
  process.exit(1);
});
