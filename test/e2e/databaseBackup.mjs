// UI test: a person backs up the sandbox's database from its node in the JSON-2 view (right-click, Back Up Database…,
// the format, the save dialog, the master password in a password box), sees the backup's progress in a notification
// and cancels it; keeps a screenshot of the backup in progress. The connection goes through a loopback proxy that slows the server's answers to
// a trickle, so that the backup lasts long enough to be seen (the sandbox's dump takes a fraction of a second).
//   node test/e2e/databaseBackup.mjs [--vsix FILE] [--screenshot FILE] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ screenshot: 'test-results/database-backup.png' });
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
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
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
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

runUiTest({ name: 'database-backup', options, timeout, kept: `screenshot: ${options.screenshot}` }, async (session) => {
  const { step } = session;
  const sandbox = await session.startSandbox();
  const proxy = await step(`a loopback proxy that passes the server's answers at ${TRICKLE / 1024} KB/s`, () =>
    startSlowProxy(new URL(sandbox.url), TRICKLE),
  );
  session.onCleanup('close the proxy', () => proxy.close());
  const page = await session.openWorkbench({ 'json2.connections': [{ name: 'sandbox', baseUrl: proxy.url, database: sandbox.database }] });
  const ui = workbenchActions(page, timeout);

  await step('the JSON-2 view: the connection expanded to its databases', async () => {
    await ui.openJson2View();
    const view = page.locator('.pane-body .monaco-list').first();
    const connectionRow = view.locator('.monaco-list-row', { hasText: 'sandbox' }).first();
    await connectionRow.waitFor({ timeout });
    if ((await connectionRow.getAttribute('aria-expanded')) !== 'true') await ui.clickTreeRow(connectionRow);
    await view.locator('.monaco-list-row[aria-level="2"]', { hasText: sandbox.database }).first().waitFor({ timeout });
  });
  await step('right-click the database: Back Up Database…', async () => {
    const databaseRow = page.locator('.pane-body .monaco-list-row[aria-level="2"]', { hasText: sandbox.database }).first();
    await ui.chooseFromContextMenu(databaseRow, 'Back Up Database');
  });
  await step('the plain SQL dump format', async () => {
    await ui.waitForQuickInput('format');
    await ui.pickRow('dump');
  });
  let destination;
  await step('the save dialog suggests demo_<time>.dump in the workspace; Enter saves there', async () => {
    await ui.waitForQuickInput('Save the Backup');
    const value = await ui.waitForInputValue(/demo_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.dump$/);
    destination = path.join(session.workspace, path.basename(value));
    await page.keyboard.press('Enter');
  });
  await step('the master password, typed in a password box', async () => {
    await ui.waitForQuickInput('master password');
    if ((await ui.input.getAttribute('type')) !== 'password') throw new Error('the master password input is not a password box');
    await ui.typeInput(sandbox.masterPassword, { secret: true });
    await page.keyboard.press('Enter');
  });
  const toast = page.locator('.notification-toast', { hasText: 'Backing up "demo"' }).first();
  await step('a notification shows the backup in progress, with the bytes received', async () => {
    await toast.waitFor({ timeout });
    await toast.filter({ hasText: /\d+(\.\d)? KB/ }).waitFor({ timeout });
  });
  await step(`screenshot ${options.screenshot}`, () => ui.screenshot(options.screenshot));
  await step('Cancel on the notification: the backup stops and leaves no file', async () => {
    await toast.locator('.monaco-button', { hasText: 'Cancel' }).first().click();
    await page.locator('.notification-toast', { hasText: 'Back Up Database: cancelled' }).first().waitFor({ timeout });
    for (const file of [destination, `${destination}.part`]) if (fs.existsSync(file)) throw new Error(`${file} was left behind`);
  });
});
