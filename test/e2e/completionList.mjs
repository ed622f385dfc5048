// UI test: a person opens a request file in code-server, puts the cursor in a domain condition, asks for suggestions
// and sees the sandbox's fields of res.partner with their labels and types; keeps a screenshot of the open list.
//   node test/e2e/completionList.mjs [--vsix FILE] [--screenshot FILE] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import fs from 'node:fs';
import path from 'node:path';
import { runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ screenshot: 'test-results/completion-domain.png' });

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

runUiTest({ name: 'completion-list', options, timeout, kept: `screenshot: ${options.screenshot}` }, async (session) => {
  const { step } = session;
  fs.writeFileSync(path.join(session.workspace, 'companies.json2'), `${LINES.join('\n')}\n`);
  const sandbox = await session.startSandbox();
  const page = await session.openWorkbench({
    'json2.connections': [{ name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database }],
  });
  const ui = workbenchActions(page, timeout);

  await step('open companies.json2 with Quick Open', () => ui.quickOpen('companies.json2', 'Companies and their country'));
  await step("JSON-2: Update API Key… from the command palette, the sandbox's key typed in the password box", () =>
    ui.updateApiKey('sandbox', sandbox.keys.admin),
  );
  await step(`cursor between the quotes of the second condition (line ${CURSOR_LINE}) with the keyboard`, async () => {
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    for (let line = 1; line < CURSOR_LINE; line++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    // The line ends with `[""]],`: four steps left is between the quotes.
    for (let left = 0; left < 4; left++) await page.keyboard.press('ArrowLeft');
    const status = page.locator('.statusbar-item', { hasText: `Ln ${CURSOR_LINE}, Col ${CURSOR_COLUMN}` });
    await status.first().waitFor({ timeout });
  });
  await step('Ctrl+Space: the list shows the fields of res.partner with label and type', async () => {
    // A relational field among the first rows the list shows (res.partner has more fields than rows).
    const row = page.locator('.suggest-widget .monaco-list-row', { hasText: 'category_id' });
    for (let attempt = 0; ; attempt++) {
      await page.keyboard.press('Control+Space');
      if (
        await row
          .first()
          .waitFor({ timeout: 10_000 })
          .then(
            () => true,
            () => false,
          )
      )
        break;
      if (attempt === 3) throw new Error('no category_id in the suggestions');
      await page.keyboard.press('Escape');
    }
    const text = await page.locator('.suggest-widget').first().innerText();
    if (!/Tags · many2many → res\.partner\.category/.test(text)) throw new Error(`the list shows: ${text.slice(0, 300)}`);
  });
  await step(`screenshot ${options.screenshot}`, async () => {
    await page.waitForTimeout(300);
    await ui.screenshot(options.screenshot);
  });
});
