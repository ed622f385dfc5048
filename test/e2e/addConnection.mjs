// UI test: walks through `JSON-2: Add Connection` as a person would, in a real VS Code (code-server) driven through
// Chromium, against a sandbox started here: command palette, URL, interface, database, API key (a refused one first),
// name, where to save; then the status bar and the settings file. Keeps a screenshot of each step.
//   node test/e2e/addConnection.mjs [--vsix FILE] [--out DIR] [--timeout SECONDS] [--keep]
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
    out: { type: 'string', default: path.join(root, 'test-results/add-connection') },
    timeout: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
  },
});
const timeout = Number(options.timeout) * 1000;
const step = timedSteps();
let shot = 0;


function startSandboxFromOut() {
  const testApi = path.join(root, 'out/src/sandbox/testApi.js');
  if (!fs.existsSync(testApi)) throw new Error(`${testApi} is missing: run node scripts/build.mjs --tests first`);
  return createRequire(import.meta.url)(testApi).startSandbox();
}

async function main() {
  if (!fs.existsSync(options.vsix)) throw new Error(`${options.vsix} is missing: run npm run package first`);
  const paths = installHost();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-add-connection-'));
  const userDataDir = path.join(scratch, 'user-data');
  const extensionsDir = path.join(scratch, 'extensions');
  const workspace = path.join(scratch, 'workspace');
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  fs.rmSync(options.out, { recursive: true, force: true });
  fs.mkdirSync(options.out, { recursive: true });
  writeUserSettings(userDataDir);
  let server;
  let browser;
  let sandbox;
  let failed = false;
  try {
    sandbox = await step('start the sandbox', startSandboxFromOut);
    await step(`install ${path.basename(options.vsix)}`, () => installExtension(paths, options.vsix, userDataDir, extensionsDir));
    server = await step('start code-server on 127.0.0.1', () => startCodeServer(paths, { userDataDir, extensionsDir, logFile: path.join(scratch, 'code-server.log') }));
    browser = await step('launch Chromium', () => launchBrowser(paths, path.join(scratch, 'chromium')));
    const { page } = browser;
    const quickInput = page.locator('.quick-input-widget');
    const input = quickInput.locator('input.input');
    const message = quickInput.locator('.quick-input-message');
    const screenshot = (name) => page.screenshot({ path: path.join(options.out, `${String(++shot).padStart(2, '0')}-${name}.png`) });
    /** What the open input says: its title, message and placeholder (pick steps ask in the placeholder). */
    const stepText = async () => `${await quickInput.locator('.quick-input-title').first().textContent().catch(() => '')} ` +
      `${await message.first().textContent().catch(() => '')} ${await input.getAttribute('placeholder').catch(() => '')}`;
    /** Waits for the step whose text says `text`. */
    const waitForStep = async (text) => {
      for (const deadline = Date.now() + timeout; !(await stepText()).includes(text);) {
        if (Date.now() > deadline) throw new Error(`no step saying "${text}" (showing: ${await stepText()})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    await step('workbench loaded', async () => {
      await page.goto(`${server.url}/?folder=${encodeURI(workspace)}`, { timeout });
      await page.locator('.monaco-workbench').waitFor({ timeout });
      await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout });
    });
    await step('F1, type "JSON-2: Add Connection", Enter', async () => {
      await page.locator('.monaco-workbench').click({ position: { x: 700, y: 450 } }).catch(() => {});
      // Right after start-up the palette may not list the extension's commands yet: close it and ask again, as a person would.
      const row = quickInput.locator('.monaco-list-row', { hasText: 'JSON-2: Add Connection' }).first();
      for (const deadline = Date.now() + timeout; ;) {
        await page.keyboard.press('F1');
        await input.waitFor({ timeout });
        await page.keyboard.type('JSON-2: Add Connection', { delay: 20 });
        if (await row.waitFor({ timeout: 5000 }).then(() => true, () => false)) break;
        if (Date.now() > deadline) throw new Error('the command palette never listed JSON-2: Add Connection');
        await page.keyboard.press('Escape');
      }
      await screenshot('command-palette');
      await page.keyboard.press('Enter');
      await waitForStep('address');
    });
    await step('type the sandbox URL; the release is checked', async () => {
      await page.keyboard.type(sandbox.url);
      await screenshot('url');
      await page.keyboard.press('Enter');
      await waitForStep('Release ');
    });
    if ((await stepText()).includes('Which interface?')) {
      await step('the release and its interfaces are shown; JSON-2 is chosen', async () => {
        await screenshot('interface');
        await page.keyboard.press('Enter');
        await waitForStep('database');
      });
    }
    await step(`choose the database ${sandbox.database} (picked from the server's list, or typed when it gives none)`, async () => {
      await waitForStep('database');
      await screenshot('database');
      await page.keyboard.type(sandbox.database);
      await page.keyboard.press('Enter');
      await waitForStep('API key');
    });
    await step('a wrong key is refused on the same input', async () => {
      await page.keyboard.type('0'.repeat(40));
      await page.keyboard.press('Enter');
      await message.filter({ hasText: 'Invalid apikey' }).first().waitFor({ timeout });
      await screenshot('refused-key');
    });
    await step('the admin key is accepted and says whose it is', async () => {
      await page.keyboard.press('Control+A');
      await page.keyboard.type(sandbox.keys.admin);
      const typed = await input.inputValue();
      if (await input.getAttribute('type') !== 'password') throw new Error('the key input is not a password box');
      if (typed !== sandbox.keys.admin) throw new Error('the key was not typed whole');
      await screenshot('key');
      await page.keyboard.press('Enter');
      await waitForStep(`Signed in as ${sandbox.users.admin.name}`);
      await screenshot('name');
    });
    await step('name it "sandbox"', async () => {
      await page.keyboard.press('Control+A');
      await page.keyboard.type('sandbox');
      await page.keyboard.press('Enter');
      await quickInput.locator('.monaco-list-row', { hasText: 'User settings' }).first().waitFor({ timeout });
      await screenshot('where-to-save');
    });
    await step('save in user settings; the status bar shows connection, database and user', async () => {
      await page.keyboard.press('Enter');
      await page.locator('.statusbar-item', { hasText: `sandbox · ${sandbox.database} · ${sandbox.users.admin.name}` }).first().waitFor({ timeout });
      await page.locator('.notification-toast', { hasText: 'added and made active' }).first().waitFor({ timeout });
      await screenshot('added');
    });
    await step('the settings file names the connection and holds no key', async () => {
      const settings = fs.readFileSync(path.join(userDataDir, 'User', 'settings.json'), 'utf8');
      if (!settings.includes('"name": "sandbox"')) throw new Error('the connection is not in the user settings');
      for (const key of Object.values(sandbox.keys)) if (settings.includes(key)) throw new Error('a key is in the settings file');
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
  console.log(failed ? 'add-connection: 0 passed, 1 failed' : `add-connection: 1 passed, 0 failed (screenshots: ${options.out})`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(`add-connection: ${error.message}`);
  process.exit(1);
});
