// UI test: a person opens an example request file in code-server, clicks `Send` above a request and reads the records
// table in the response panel, checks that its controls are named for a screen reader and reachable with Tab, then does
// the same for a request that fails; keeps a screenshot of each.
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

/** Controls a keyboard user must reach with Tab in a records answer: role and accessible name. */
const KEYBOARD_STOPS = [
  ['button', 'Copy'], ['button', 'Save…'], ['button', 'Rerun'], ['button', 'Go to request'], ['combobox', 'Export the request'],
  ['tab', 'Table'], ['tab', 'Tree'], ['tab', 'Raw'], ['button', 'Sort by id'], ['grid', 'Records'],
];

/** The role and accessible name of the element that has the focus in `frame` (ARIA attributes, else the tag and text). */
function focused(frame) {
  return frame.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return ['', ''];
    const implicit = { BUTTON: 'button', SELECT: 'combobox', INPUT: 'textbox', PRE: 'text' }[element.tagName] ?? '';
    return [element.getAttribute('role') ?? implicit, (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()];
  });
}

/** Checks the panel's controls as assistive technology sees them, and walks them with Tab. */
async function checkAccessibility(page, frame) {
  const tree = await frame.locator('#app').ariaSnapshot();
  for (const [role, name] of KEYBOARD_STOPS) {
    if (!tree.includes(`${role} "${name}`)) throw new Error(`the accessibility tree has no ${role} named "${name}":\n${tree.slice(0, 3000)}`);
  }
  const unnamed = /^\s*- (button|combobox|tab|textbox|grid)\s*(:|$)/m.exec(tree);
  if (unnamed) throw new Error(`a ${unnamed[1]} has no accessible name:\n${tree.slice(0, 3000)}`);
  if (!/status/.test(tree) && !(await frame.locator('[role=status][aria-live=polite]').count())) throw new Error('no live status region');

  await frame.locator('.status .title').click();
  const reached = [];
  const missing = () => KEYBOARD_STOPS.filter(([role, name]) => !reached.some((stop) => stop.startsWith(`${role} "${name}`)));
  for (let presses = 0; presses < 40 && missing().length > 0; presses++) {
    await page.keyboard.press('Tab');
    const [role, name] = await focused(frame);
    if (role) reached.push(`${role} "${name}"`);
  }
  if (missing().length > 0) throw new Error(`Tab never reached ${missing().map(([role, name]) => `the ${role} "${name}"`).join(', ')}; it went: ${reached.join(', ')}`);
  // Back to the grid with Shift+Tab, then move its cell with the arrow keys.
  for (let presses = 0; presses < 10 && (await focused(frame))[0] !== 'grid'; presses++) await page.keyboard.press('Shift+Tab');
  if ((await focused(frame))[0] !== 'grid') throw new Error('Shift+Tab does not lead back to the grid');
  const before = await frame.locator('[role=grid]').getAttribute('aria-label');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const after = await frame.locator('[role=grid]').getAttribute('aria-label');
  if (!/^Records, row 2, /.test(after ?? '') || after === before) throw new Error(`the arrow keys do not move the grid's cell (label ${before} → ${after})`);
  return reached;
}

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
    // The panel's strict CSP must hold for everything it loads (its script, stylesheets and vscode-elements' styles).
    const refusals = [];
    page.on('console', (message) => { if (/Content Security Policy|Refused to (apply|load|execute)/.test(message.text())) refusals.push(message.text()); });
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
    await step('the panel\'s controls have names and roles, Tab reaches each of them, the arrow keys move in the grid', async () => {
      const frame = await panelFrame(page, '.grid-viewport .grid-row');
      const reached = await checkAccessibility(page, frame);
      console.log(`  Tab order: ${reached.join(' → ')}`);
      // Back to the request file's editor group (a click on its tab), so the next file opens there and not beside.
      await page.locator('.tabs-container .tab', { hasText: '01-requests.json2' }).first().click();
      await page.locator('.editor-group-container.active .tab.active', { hasText: '01-requests.json2' }).waitFor({ timeout });
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
    await step('no Content Security Policy refusal in the panel', async () => {
      if (refusals.length > 0) throw new Error(`refused under the panel's CSP:\n${refusals.join('\n')}`);
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
