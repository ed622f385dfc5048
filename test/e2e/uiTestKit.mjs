// What every UI test shares: its options, the start-up of a real VS Code (code-server with the packaged .vsix) driven
// through Chromium, the clean-up, and the exit with the test's result. A test is `runUiTest(test, scenario)`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { consoleLine, launchBrowser } from '../host/browser.mjs';
import { installExtension, startCodeServer, writeUserSettings } from '../host/codeServer.mjs';
import { installHost } from '../host/installHost.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
export const defaultVsix = path.join(root, `${manifest.name}-${manifest.version}.vsix`);
const CLEANUP_LIMIT_MS = 15_000;

/**
 * The command line every UI test takes: `--vsix FILE --timeout SECONDS --keep`, plus the test's own path options given
 * as `{ name: default relative to the project's root }` (where its screenshots go). `timeout` is in milliseconds.
 */
export function uiTestOptions(pathOptions = {}) {
  const script = path.relative(root, process.argv[1] ?? 'test/e2e/<test>.mjs');
  const usage = `usage: node ${script} [--vsix FILE] [--timeout SECONDS] [--keep]${Object.keys(pathOptions)
    .map((name) => ` [--${name} PATH]`)
    .join('')}`;
  try {
    const { values } = parseArgs({
      options: {
        vsix: { type: 'string', default: defaultVsix },
        timeout: { type: 'string', default: '60' },
        keep: { type: 'boolean', default: false },
        ...Object.fromEntries(
          Object.entries(pathOptions).map(([name, fallback]) => [name, { type: 'string', default: path.join(root, fallback) }]),
        ),
      },
    });
    const seconds = Number(values.timeout);
    if (!(seconds > 0)) throw new Error(`--timeout takes a number of seconds, not "${values.timeout}"`);
    return { options: values, timeout: seconds * 1000 };
  } catch (error) {
    console.error(`${script}: ${error.message}\n${usage}`);
    process.exit(2);
  }
}

/** Returns `step(label, action)`: runs the action, printing `ok`/`FAIL` with the seconds since this call. */
export function timedSteps() {
  const started = Date.now();
  const stamp = () => `[${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s]`;
  return async function step(label, action) {
    try {
      const result = await action();
      console.log(`${stamp()} ok   ${label}`);
      return result;
    } catch (error) {
      console.log(`${stamp()} FAIL ${label}: ${error.message.split('\n')[0]}`);
      throw error;
    }
  };
}

/** Clean-up never holds the test up: a step that does not finish in 15 s, or fails, is reported and left behind. */
export async function withinCleanupLimit(what, action) {
  let timer;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CLEANUP_LIMIT_MS);
  });
  const work = Promise.resolve()
    .then(action)
    .then(
      () => 'done',
      (error) => {
        console.error(`clean-up: "${what}" failed: ${error?.message ?? error}`);
        return 'failed';
      },
    );
  const outcome = await Promise.race([work, limit]);
  clearTimeout(timer);
  if (outcome === 'timeout') console.error(`clean-up: "${what}" did not finish within ${CLEANUP_LIMIT_MS / 1000} s; left behind`);
}

/** One run of a UI test: its scratch folder, what it started (closed in reverse order) and its workbench page. */
class UiTestSession {
  constructor(name, options, timeout) {
    this.options = options;
    this.timeout = timeout;
    this.step = timedSteps();
    this.scratch = fs.mkdtempSync(path.join(os.tmpdir(), `json2-${name}-`));
    this.userDataDir = path.join(this.scratch, 'user-data');
    this.extensionsDir = path.join(this.scratch, 'extensions');
    /** The folder the workbench opens; empty until the test puts its files there. */
    this.workspace = path.join(this.scratch, 'workspace');
    fs.mkdirSync(this.workspace, { recursive: true });
    this.cleanups = [];
    this.page = undefined;
  }

  /** Registers a clean-up step; they run last first, each within the clean-up limit. */
  onCleanup(what, action) {
    this.cleanups.push({ what, action });
  }

  /** The sandbox server from the test build (out/), stopped at the end; `options` as the test API's `startSandbox`. */
  async startSandbox(options = {}) {
    const testApi = path.join(root, 'out/src/sandbox/testApi.js');
    if (!fs.existsSync(testApi)) throw new Error(`${testApi} is missing: run node scripts/build.mjs --tests first`);
    const sandbox = await this.step('start the sandbox', () => createRequire(import.meta.url)(testApi).startSandbox(options));
    this.onCleanup('stop the sandbox', () => sandbox.stop());
    return sandbox;
  }

  /**
   * Writes the user settings (the quiet defaults plus `settings`), installs the .vsix, starts code-server and Chromium
   * (its console copied to browser-console.log; `beforeLoad(page)` runs before the workbench loads), opens the
   * workspace in the workbench and gives it the focus. Returns the page.
   */
  async openWorkbench(settings = {}, { beforeLoad } = {}) {
    const { step, options, timeout, userDataDir, extensionsDir } = this;
    const paths = installHost();
    writeUserSettings(userDataDir, settings);
    await step(`install ${path.basename(options.vsix)} with code-server --install-extension`, () =>
      installExtension(paths, options.vsix, userDataDir, extensionsDir),
    );
    const server = await step('start code-server on 127.0.0.1', () =>
      startCodeServer(paths, { userDataDir, extensionsDir, logFile: path.join(this.scratch, 'code-server.log') }),
    );
    this.onCleanup('stop code-server', () => server.stop());
    const browser = await step('launch Chromium', () => launchBrowser(paths, path.join(this.scratch, 'chromium')));
    this.onCleanup('close Chromium', () => browser.context.close());
    const { page } = browser;
    this.page = page;
    const consoleLog = path.join(this.scratch, 'browser-console.log');
    page.on('console', async (message) => {
      try {
        fs.appendFileSync(consoleLog, `${message.type()} ${await consoleLine(message)}\n`);
      } catch {
        /* the scratch folder is gone */
      }
    });
    beforeLoad?.(page);
    await step('workbench loaded', async () => {
      await page.goto(`${server.url}/?folder=${encodeURI(this.workspace)}`, { timeout });
      await page.locator('.monaco-workbench').waitFor({ timeout });
      await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout });
      await page
        .locator('.monaco-workbench')
        .click({ position: { x: 700, y: 450 } })
        .catch(() => {});
    });
    return page;
  }

  /** What a failed run leaves to look at: a screenshot and the side bar's HTML. */
  async keepFailureEvidence(failureScreenshot) {
    if (!this.page) return;
    const screenshot = failureScreenshot ?? path.join(this.scratch, 'failure.png');
    await withinCleanupLimit('failure screenshot', () => this.page.screenshot({ path: screenshot }));
    console.error(`failure screenshot: ${screenshot}`);
    const sidebar = await this.page
      .locator('.part.sidebar')
      .innerHTML({ timeout: 5000 })
      .catch(() => undefined);
    if (sidebar === undefined) return;
    fs.writeFileSync(path.join(this.scratch, 'sidebar.html'), sidebar);
    console.error(`the side bar's HTML: ${path.join(this.scratch, 'sidebar.html')}`);
  }

  async cleanUp(keep) {
    for (const { what, action } of this.cleanups.reverse()) await withinCleanupLimit(what, action);
    if (keep) console.error(`kept ${this.scratch}: ${fs.readdirSync(this.scratch).join(', ')} (code-server's logs under user-data/logs)`);
    else fs.rmSync(this.scratch, { recursive: true, force: true });
  }
}

/**
 * Runs a UI test and exits the process with its result: `scenario(session)` starts what it needs through the session
 * (`startSandbox`, `openWorkbench`, `onCleanup`) and runs its steps with `session.step`. Then everything started is
 * closed, each step within 15 s, and `<name>: 1 passed, 0 failed (<kept>)` or `<name>: 0 passed, 1 failed` is printed.
 * `kept` names what a passing run keeps; `failureScreenshot` is where a failure's screenshot goes (default: scratch).
 */
export function runUiTest({ name, options, timeout, kept, failureScreenshot }, scenario) {
  const run = async () => {
    if (!fs.existsSync(options.vsix)) throw new Error(`${options.vsix} is missing: run npm run package first`);
    const session = new UiTestSession(name, options, timeout);
    let failed = false;
    try {
      await scenario(session);
    } catch (error) {
      failed = true;
      console.error(error.stack ?? String(error));
      await session.keepFailureEvidence(failureScreenshot);
    } finally {
      await session.cleanUp(failed || options.keep);
    }
    console.log(failed ? `${name}: 0 passed, 1 failed` : `${name}: 1 passed, 0 failed (${kept})`);
    return failed ? 1 : 0;
  };
  run().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`${name}: ${error.message}`);
      console.log(`${name}: 0 passed, 1 failed`);
      process.exit(1);
    },
  );
}
