// UI test: a new user on a fresh profile installs the .vsix, opens the Getting Started walkthrough, starts the local
// sandbox from its first step (the json2-cli package installed from a registry on loopback that serves the tarball
// `npm run package` wrote, checked against the integrity the .vsix pins), sends the sample request, sees the records,
// then stops the sandbox: no process of it is left. Keeps a screenshot of each stage.
//   node test/e2e/walkthrough.mjs [--vsix FILE] [--out DIR] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix and json2-cli-<version>.tgz).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { manifest, root, runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ out: 'test-results/walkthrough' });
const WALKTHROUGH = 'Get started with JSON-2 Explorer';
// The first start installs the package and makes the demo database: several waits' worth on a loaded machine.
const startTimeout = timeout * 5;

/** A registry on loopback serving the CLI tarball at npm's path; records every request's path. */
function startRegistry(tarball) {
  const requests = [];
  const wanted = `/json2-cli/-/${path.basename(tarball)}`;
  const server = http.createServer((request, response) => {
    requests.push(request.url);
    if (request.method !== 'GET' || request.url !== wanted) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const data = fs.readFileSync(tarball);
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length }).end(data);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        requests,
        wanted,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/** Process ids whose command line names `folder` (the sandbox runs from the profile's global storage). */
function processesUnder(folder) {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let command;
    try {
      command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (command.includes(folder) && /\bsandbox\b/.test(command)) found.push({ pid: Number(entry), command: command.trim() });
  }
  return found;
}

/** Waits until `check()` is true, polling; `what` names it in the error. */
async function waitUntil(what, check, limit = timeout) {
  for (const deadline = Date.now() + limit; !(await check()); ) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limit / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The frame of the response panel's page (webviews nest two iframes), once it shows `selector`. */
async function panelFrame(page, selector) {
  let found;
  await waitUntil(`a panel showing ${selector}`, async () => {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator(selector)
          .count()
          .catch(() => 0)
      ) {
        found = frame;
        return true;
      }
    }
    return false;
  });
  return found;
}

runUiTest(
  { name: 'walkthrough', options, timeout, kept: `screenshots: ${options.out}`, failureScreenshot: path.join(options.out, 'failure.png') },
  async (session) => {
    const { step } = session;
    const tarball = path.join(root, `json2-cli-${manifest.version}.tgz`);
    if (!fs.existsSync(tarball)) throw new Error(`${tarball} is missing: run npm run package first`);
    fs.rmSync(options.out, { recursive: true, force: true });
    fs.mkdirSync(options.out, { recursive: true });
    const registry = await step('start a registry on loopback serving the CLI tarball', () => startRegistry(tarball));
    session.onCleanup('stop the registry', () => registry.close());
    const globalStorage = path.join(session.userDataDir, 'User', 'globalStorage');
    // Whatever the test's outcome, no sandbox of this profile may outlive it.
    session.onCleanup('end a sandbox left running', () => {
      for (const { pid } of processesUnder(globalStorage)) process.kill(pid, 'SIGKILL');
    });

    // json2.sandbox.registry is machine-scoped: code-server (a remote) reads it from the machine's settings, not the user's.
    const machineSettings = path.join(session.userDataDir, 'Machine', 'settings.json');
    fs.mkdirSync(path.dirname(machineSettings), { recursive: true });
    fs.writeFileSync(machineSettings, JSON.stringify({ 'json2.sandbox.registry': registry.url }, null, 2));
    const page = await session.openWorkbench();
    const ui = workbenchActions(page, timeout);
    const walkthrough = page.locator('.gettingStartedContainer');

    await step(`Welcome: Open Walkthrough… → "${WALKTHROUGH}"`, async () => {
      await ui.runCommand('Welcome: Open Walkthrough');
      await ui.waitForQuickInput('walkthrough');
      await ui.pickRow(WALKTHROUGH);
      await walkthrough.locator('.getting-started-category .category-title, h2', { hasText: WALKTHROUGH }).first().waitFor({ timeout });
    });
    await step('the walkthrough lists its seven steps; the first one shows its buttons', async () => {
      for (const title of [
        'Connect to a server, or start the local sandbox',
        'Open or create a request file',
        'Send a request and read the answer',
        'Explore models and fields',
        'Complete a domain',
        'Generate or rotate an API key',
        'Find legacy XML-RPC and JSON-RPC calls',
      ]) {
        await walkthrough.locator('.getting-started-step', { hasText: title }).first().waitFor({ timeout });
      }
      await walkthrough.locator('.getting-started-step', { hasText: 'Connect to a server' }).first().click();
      await walkthrough.getByRole('button', { name: 'Start Local Sandbox' }).first().waitFor({ timeout });
      await ui.screenshot(path.join(options.out, '01-walkthrough.png'));
    });
    await step('click "Start Local Sandbox": installed from the registry, started, the sample request file opens', async () => {
      await walkthrough.getByRole('button', { name: 'Start Local Sandbox' }).first().click();
      const opened = page.locator('.tabs-container .tab', { hasText: 'local-sandbox.json2' }).first();
      const failed = page.locator('.notification-toast', { hasText: 'could not start' }).first();
      await Promise.race([
        opened.waitFor({ timeout: startTimeout }),
        failed.waitFor({ timeout: startTimeout }).then(async () => {
          throw new Error(`the sandbox did not start: ${await failed.textContent()}`);
        }),
      ]);
      await page.locator('.monaco-editor .view-lines', { hasText: 'Companies in Belgium' }).first().waitFor({ timeout });
      if (!registry.requests.includes(registry.wanted))
        throw new Error(`the registry was asked for ${registry.requests.join(', ') || 'nothing'}`);
      const running = processesUnder(globalStorage);
      if (running.length === 0) throw new Error("no sandbox process runs from the profile's global storage");
      console.log(`  sandbox: ${running.map(({ pid, command }) => `${pid} ${command.slice(0, 160)}`).join('\n           ')}`);
      await ui.screenshot(path.join(options.out, '02-sandbox-started.png'));
    });
    await step('click Send above "Companies in Belgium": the panel shows the Belgian companies as records', async () => {
      const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Send$/ }).first();
      await lens.waitFor({ timeout });
      await lens.click();
      const frame = await panelFrame(page, '.grid-viewport .grid-row');
      const rows = await frame.locator('.grid-viewport .grid-row').allTextContents();
      if (rows.length === 0 || !rows.every((text) => text.includes('Belgium'))) throw new Error(`the rows show ${rows.join(' | ')}`);
      const status = await frame.locator('.status').textContent();
      if (!/200/.test(status ?? '')) throw new Error(`status line: ${status}`);
      console.log(`  ${rows.length} records`);
      await ui.screenshot(path.join(options.out, '03-records.png'));
    });
    await step('JSON-2: Stop Local Sandbox: its processes end, none is left', async () => {
      await ui.runCommand('JSON-2: Stop Local Sandbox');
      await waitUntil('the end of every sandbox process', () => processesUnder(globalStorage).length === 0);
    });
  },
);
