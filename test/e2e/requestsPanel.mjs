// UI test: a person opens an example request file in code-server, clicks `Send` above a request and reads the records
// table in the response panel, checks that its controls are named for a screen reader and reachable with Tab, then does
// the same for a request that fails, and for an empty answer presses Explain and reads why; keeps a screenshot of each.
//   node test/e2e/requestsPanel.mjs [--vsix FILE] [--out DIR] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import fs from 'node:fs';
import path from 'node:path';
import { root, runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ out: 'test-results/requests-panel' });

const EXPLAIN_FILE = `# @connection sandbox
### The discontinued lamp
POST product.template/search_read
{ "domain": [["name", "=", "Desk Lamp (discontinued)"]], "fields": ["name", "list_price"] }
`;

const ERROR_FILE = `# @connection sandbox
### A field that does not exist
POST res.partner/search_read
{ "domain": [["no_such_field", "=", 1]], "fields": ["name"] }
`;

/** Controls a keyboard user must reach with Tab in a records answer: role and accessible name. */
const KEYBOARD_STOPS = [
  ['button', 'Copy'],
  ['button', 'Save…'],
  ['button', 'Rerun'],
  ['button', 'Go to request'],
  ['combobox', 'Export the request'],
  ['tab', 'Table'],
  ['tab', 'Tree'],
  ['tab', 'Raw'],
  ['button', 'Sort by id'],
  ['grid', 'Records'],
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
    if (!tree.includes(`${role} "${name}`))
      throw new Error(`the accessibility tree has no ${role} named "${name}":\n${tree.slice(0, 3000)}`);
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
  if (missing().length > 0)
    throw new Error(
      `Tab never reached ${missing()
        .map(([role, name]) => `the ${role} "${name}"`)
        .join(', ')}; it went: ${reached.join(', ')}`,
    );
  // Back to the grid with Shift+Tab, then move its cell with the arrow keys.
  for (let presses = 0; presses < 10 && (await focused(frame))[0] !== 'grid'; presses++) await page.keyboard.press('Shift+Tab');
  if ((await focused(frame))[0] !== 'grid') throw new Error('Shift+Tab does not lead back to the grid');
  const before = await frame.locator('[role=grid]').getAttribute('aria-label');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const after = await frame.locator('[role=grid]').getAttribute('aria-label');
  if (!/^Records, row 2, /.test(after ?? '') || after === before)
    throw new Error(`the arrow keys do not move the grid's cell (label ${before} → ${after})`);
  return reached;
}

/**
 * The buttons whose look-alike (panel.css draws a `vscode-button` so until its element is defined, after the page's
 * first paint) differs in size or place from the button: the page's buttons, all defined by now, against copies of them in a
 * blank frame of the page, where the element is not defined, under the page's stylesheets and theme.
 */
function lookAlikeMismatches(frame) {
  return frame.evaluate(() => {
    const buttons = [...document.querySelectorAll('#app vscode-button')];
    const undefinedOnes = buttons.filter((button) => !button.matches(':defined')).length;
    if (buttons.length === 0 || undefinedOnes > 0) return [`${undefinedOnes} of ${buttons.length} buttons not defined`];
    const probe = document.createElement('iframe');
    probe.style.cssText = `position: fixed; left: 0; top: 0; border: 0; visibility: hidden; width: ${window.innerWidth}px; height: ${window.innerHeight}px`;
    document.body.append(probe);
    const blank = probe.contentDocument;
    blank.adoptedStyleSheets = [...document.styleSheets].map((sheet) => {
      const copy = new probe.contentWindow.CSSStyleSheet();
      copy.replaceSync([...sheet.cssRules].map((rule) => rule.cssText).join('\n'));
      return copy;
    });
    // Styles through the CSSOM: the page's CSP, which the blank frame inherits, refuses style attributes.
    const copyStyle = (from, to) => {
      for (const name of from.style) to.style.setProperty(name, from.style.getPropertyValue(name));
    };
    copyStyle(document.documentElement, blank.documentElement);
    copyStyle(document.body, blank.body);
    for (const { name, value } of document.body.attributes) if (name !== 'style') blank.body.setAttribute(name, value);
    blank.body.append(blank.importNode(document.getElementById('app'), true));
    const copies = [...blank.querySelectorAll('#app vscode-button')];
    const mismatches = [];
    buttons.forEach((button, index) => {
      const real = button.getBoundingClientRect();
      if (real.width === 0) return;
      const copy = copies[index];
      const alike = copy.getBoundingClientRect();
      if (copy.matches(':defined')) mismatches.push(`${button.textContent}: defined in the blank frame`);
      else if (['x', 'y', 'width', 'height'].some((side) => Math.abs(real[side] - alike[side]) > 1)) {
        const box = (rect) => `${rect.width.toFixed(1)}×${rect.height.toFixed(1)} at ${rect.x.toFixed(1)},${rect.y.toFixed(1)}`;
        mismatches.push(`${button.textContent}: ${box(real)} defined, ${box(alike)} before`);
      }
    });
    probe.remove();
    return mismatches;
  });
}

/** The frame of the response panel's page (webviews nest two iframes), once it shows `selector`. */
async function panelFrame(page, selector) {
  for (const deadline = Date.now() + timeout; ; ) {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator(selector)
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    if (Date.now() > deadline) throw new Error(`no panel shows ${selector}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

runUiTest(
  {
    name: 'requests-panel',
    options,
    timeout,
    kept: `screenshots: ${options.out}`,
    failureScreenshot: path.join(options.out, 'failure.png'),
  },
  async (session) => {
    const { step } = session;
    fs.copyFileSync(path.join(root, 'examples/01-requests.json2'), path.join(session.workspace, '01-requests.json2'));
    fs.writeFileSync(path.join(session.workspace, 'errors.json2'), ERROR_FILE);
    fs.writeFileSync(path.join(session.workspace, 'explain.json2'), EXPLAIN_FILE);
    fs.rmSync(options.out, { recursive: true, force: true });
    fs.mkdirSync(options.out, { recursive: true });
    const sandbox = await session.startSandbox();
    // The panel's strict CSP must hold for everything it loads (its script, stylesheets and vscode-elements' styles).
    const refusals = [];
    const page = await session.openWorkbench(
      {
        'json2.connections': [
          { name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database, variables: { database: sandbox.database } },
        ],
      },
      {
        beforeLoad: (opened) =>
          opened.on('console', (message) => {
            if (/Content Security Policy|Refused to (apply|load|execute)/.test(message.text())) refusals.push(message.text());
          }),
      },
    );
    const ui = workbenchActions(page, timeout);

    const openFile = (name, text) => step(`open ${name} with Quick Open`, () => ui.quickOpen(name, text));
    /** Clicks the `Send` CodeLens number `nth` (0-based) of the editor shown. */
    const clickSend = async (nth) => {
      const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Send$/ }).nth(nth);
      await lens.waitFor({ timeout });
      await lens.click();
    };

    await openFile('01-requests.json2', 'Belgian companies');
    await step('click Send above "Belgian companies": the connection has no key yet, the notification offers one', async () => {
      await clickSend(2);
      await page.locator('.notification-toast .monaco-button', { hasText: 'Update API Key' }).first().click({ timeout });
    });
    await step('type the key in the password box, Enter', () => ui.enterApiKey(sandbox.keys.admin));
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
    await step(
      'each button has the size and place its look-alike had before the element was defined (no shift after the first paint)',
      async () => {
        const frame = await panelFrame(page, '.grid-viewport .grid-row');
        await frame.locator('#app vscode-button:not(:defined)').first().waitFor({ state: 'detached', timeout });
        const mismatches = await lookAlikeMismatches(frame);
        if (mismatches.length > 0) throw new Error(`buttons and their look-alikes differ:\n${mismatches.join('\n')}`);
      },
    );
    await step("the panel's controls have names and roles, Tab reaches each of them, the arrow keys move in the grid", async () => {
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
      if ((await traceback.getAttribute('open')) !== null) throw new Error('the traceback is open');
      await page.screenshot({ path: path.join(options.out, '02-error.png') });
      await traceback.locator('summary').click();
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(options.out, '03-error-traceback.png') });
    });
    await page.locator('.tabs-container .tab', { hasText: 'errors.json2' }).first().click();
    await openFile('explain.json2', 'discontinued');
    await step('click Send on a request whose answer is empty, then Explain: the panel says why', async () => {
      await clickSend(0);
      const frame = await panelFrame(page, '#app vscode-button:has-text("Explain"):not([hidden])');
      await frame.locator('#app vscode-button:has-text("Explain")').click();
      const box = frame.locator('.explanation li');
      await box.first().waitFor({ timeout });
      const text = await box.first().textContent();
      if (!/archived and left out: add `active_test: false`/.test(text ?? '')) throw new Error(`the explanation says ${text}`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(options.out, '04-explain.png') });
    });
    await step('no Content Security Policy refusal in the panel', async () => {
      if (refusals.length > 0) throw new Error(`refused under the panel's CSP:\n${refusals.join('\n')}`);
    });
  },
);
