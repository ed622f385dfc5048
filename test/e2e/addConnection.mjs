// UI test: walks through `JSON-2: Add Connection` as a person would, in a real VS Code (code-server) driven through
// Chromium, against a sandbox started here: command palette, URL, database, interface (probed with the database), API
// key (a refused one first), name, where to save; then the status bar and the settings file. Keeps a screenshot of
// each step.
//   node test/e2e/addConnection.mjs [--vsix FILE] [--out DIR] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import fs from 'node:fs';
import path from 'node:path';
import { root, runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ out: 'test-results/add-connection' });

runUiTest(
  {
    name: 'add-connection',
    options,
    timeout,
    kept: `screenshots: ${options.out}`,
    failureScreenshot: path.join(options.out, 'failure.png'),
  },
  async (session) => {
    const { step } = session;
    fs.cpSync(path.join(root, 'test/fixtures/workspace'), session.workspace, { recursive: true });
    fs.rmSync(options.out, { recursive: true, force: true });
    fs.mkdirSync(options.out, { recursive: true });
    const sandbox = await session.startSandbox();
    const page = await session.openWorkbench();
    const ui = workbenchActions(page, timeout);
    let shot = 0;
    const screenshot = (name) => page.screenshot({ path: path.join(options.out, `${String(++shot).padStart(2, '0')}-${name}.png`) });

    await step('F1, type "JSON-2: Add Connection", Enter', async () => {
      await ui.findCommand('JSON-2: Add Connection');
      await screenshot('command-palette');
      await page.keyboard.press('Enter');
      await ui.waitForQuickInput('address');
    });
    await step('type the sandbox URL; the release is checked', async () => {
      await ui.typeInput(sandbox.url);
      await screenshot('url');
      await page.keyboard.press('Enter');
      await ui.waitForQuickInput('Release ');
    });
    await step(`choose the database ${sandbox.database} (picked from the server's list, or typed when it gives none)`, async () => {
      await ui.waitForQuickInput('database');
      await screenshot('database');
      // A pick of the server's databases (the row chosen, checked before Enter), or a box to type the name in.
      if ((await ui.inputState()).rows.length > 0) await ui.pickRow(sandbox.database);
      else {
        await ui.typeInput(sandbox.database);
        await page.keyboard.press('Enter');
      }
      // Next: the interfaces the server offers with that database (JSON-2 first), or the key when it offers one.
      for (const deadline = Date.now() + timeout; !/Which interface\?|API key/.test(await ui.quickInputText()); ) {
        if (Date.now() > deadline) throw new Error(`no interface or key step after the database (showing: ${await ui.quickInputText()})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    if ((await ui.quickInputText()).includes('Which interface?')) {
      await step('the release and its interfaces (probed with the database) are shown; JSON-2 is chosen', async () => {
        await screenshot('interface');
        await ui.pickRow('JSON-2');
        await ui.waitForQuickInput('API key');
      });
    }
    await step('a wrong key is refused on the same input', async () => {
      await ui.typeInput('0'.repeat(40), { secret: true });
      await page.keyboard.press('Enter');
      await ui.message.filter({ hasText: 'Invalid apikey' }).first().waitFor({ timeout });
      await screenshot('refused-key');
    });
    await step('the admin key is accepted and says whose it is', async () => {
      await ui.typeInput(sandbox.keys.admin, { secret: true });
      if ((await ui.input.getAttribute('type')) !== 'password') throw new Error('the key input is not a password box');
      await screenshot('key');
      await page.keyboard.press('Enter');
      await ui.waitForQuickInput(`Signed in as ${sandbox.users.admin.name}`);
      await screenshot('name');
    });
    await step('name it "sandbox"', async () => {
      await ui.typeInput('sandbox');
      await page.keyboard.press('Enter');
      await ui.waitForQuickInput('Where should the connection be saved?');
      await screenshot('where-to-save');
    });
    await step('save in user settings; the status bar shows connection, database and user', async () => {
      await ui.pickRow('User settings');
      await page
        .locator('.statusbar-item', { hasText: `sandbox · ${sandbox.database} · ${sandbox.users.admin.name}` })
        .first()
        .waitFor({ timeout });
      await page.locator('.notification-toast', { hasText: 'added and made active' }).first().waitFor({ timeout });
      await screenshot('added');
    });
    await step('the settings file names the connection and holds no key', async () => {
      const settings = fs.readFileSync(path.join(session.userDataDir, 'User', 'settings.json'), 'utf8');
      if (!settings.includes('"name": "sandbox"')) throw new Error('the connection is not in the user settings');
      for (const key of Object.values(sandbox.keys)) if (settings.includes(key)) throw new Error('a key is in the settings file');
    });
  },
);
