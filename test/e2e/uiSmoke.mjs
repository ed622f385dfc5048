// UI smoke test: installs the packaged .vsix into a real VS Code (code-server) and drives the workbench through
// Chromium as a person would: open a .json2 file, see it highlighted as JSON-2, open the JSON-2 view, and keep a
// screenshot. Exits 0 when every step passed.
//   node test/e2e/uiSmoke.mjs [--vsix FILE] [--screenshot FILE] [--timeout SECONDS] [--keep]
import fs from 'node:fs';
import path from 'node:path';
import { extensionHostLogs } from '../host/codeServer.mjs';
import { manifest, root, runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const extensionId = `${manifest.publisher}.${manifest.name}`;
const { options, timeout } = uiTestOptions({ screenshot: 'test-results/ui-smoke.png' });

async function waitForActivation(userDataDir) {
  const pattern = new RegExp(`_doActivateExtension ${extensionId.replace(/\./g, '\\.')}\\b`, 'i');
  for (const deadline = Date.now() + timeout; ; ) {
    const logs = extensionHostLogs(userDataDir)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    if (pattern.test(logs)) return;
    if (Date.now() > deadline) throw new Error(`${extensionId} never activated (no _doActivateExtension in the extension host log)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

runUiTest({ name: 'ui-smoke', options, timeout, kept: `screenshot: ${options.screenshot}` }, async (session) => {
  const { step } = session;
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), session.workspace, { recursive: true });
  const page = await session.openWorkbench();
  const ui = workbenchActions(page, timeout);

  await step('open partners.json2 with Quick Open', () => ui.quickOpen('partners.json2', 'Companies in Belgium'));
  await step('the extension activated in the Node extension host', () => waitForActivation(session.userDataDir));
  await step('the status bar names the JSON-2 language', () =>
    page.locator('.statusbar-item', { hasText: 'JSON-2 Requests' }).first().waitFor({ timeout }),
  );
  await step('the request line is highlighted by the grammar', async () => {
    const line = page.locator('.monaco-editor .view-line', { hasText: 'res.partner/search_read' }).first();
    await line.waitFor({ timeout });
    for (const deadline = Date.now() + timeout; ; ) {
      const classes = await line
        .locator('span[class^="mtk"], span[class*=" mtk"]')
        .evaluateAll((spans) => [...new Set(spans.map((s) => s.className))]);
      if (classes.length >= 2) return;
      if (Date.now() > deadline) throw new Error(`the request line has one token colour only (${classes.join(', ')})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  await step('the JSON-2 view shows its welcome content', async () => {
    await ui.openJson2View();
    await page.getByText('No connection yet').first().waitFor({ timeout });
  });
  await step(`screenshot ${options.screenshot}`, () => ui.screenshot(options.screenshot));
});
