// UI test: a person clicks the status bar's company item in code-server, sees the sandbox user's companies in the
// quick pick, picks the Chicago company and sees it in the status bar; screenshots of the open pick and of the status
// bar after switching. The key is never on the page.
//   node test/e2e/companySwitcher.mjs [--vsix FILE] [--screenshot FILE] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import { runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ screenshot: 'test-results/company-switcher-pick.png' });
const AFTER = options.screenshot.replace(/\.png$/, '') + '-statusbar.png';

runUiTest({ name: 'company-switcher', options, timeout, kept: `screenshots: ${options.screenshot}, ${AFTER}` }, async (session) => {
  const { step } = session;
  const sandbox = await session.startSandbox();
  const page = await session.openWorkbench({
    'json2.connections': [{ name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database }],
  });
  const ui = workbenchActions(page, timeout);
  const companyItem = page.locator('.statusbar-item[aria-label^="Company: "]').first();

  await step("JSON-2: Update API Key… from the command palette, the sandbox's key typed in the password box", () =>
    ui.updateApiKey('sandbox', sandbox.keys.admin),
  );
  await step("click the status bar's company item: the pick lists the user's companies, the default one first", async () => {
    await companyItem.waitFor({ timeout });
    await companyItem.click();
    await ui.waitForQuickInput('The company every model call');
    for (const label of ['My Company (San Francisco)', 'My Company (Chicago)', 'All my companies', 'Several Companies'])
      await ui.quickInput.locator('.monaco-list-row', { hasText: label }).first().waitFor({ timeout });
  });
  await step(`screenshot ${options.screenshot}`, async () => {
    await page.waitForTimeout(300);
    await ui.screenshot(options.screenshot);
  });
  await step('type Chicago, Enter on its row: the status bar shows the Chicago company', async () => {
    await ui.pickRow('My Company (Chicago)');
    await page.locator('.statusbar-item[aria-label="Company: My Company (Chicago)"]').first().waitFor({ timeout });
  });
  await step(`screenshot ${AFTER}; no key on the page`, async () => {
    await page.waitForTimeout(300);
    await ui.screenshot(AFTER);
    if ((await page.content()).includes(sandbox.keys.admin)) throw new Error('the key is on the page');
  });
});
