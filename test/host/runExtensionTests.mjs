// A VS Code command-line look-alike for extension tests: takes the arguments @vscode/test-electron gives a VS Code
// executable, runs the tests in code-server's Node extension host with Chromium as the window, and exits with
// the tests' exit code. Every wait has a hard limit, so a host that never starts the tests fails with a message.
//   node runExtensionTests.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [--user-data-dir=DIR] [FOLDER]
// Own options: --start-timeout=SECONDS (default 120), --timeout=SECONDS (default 600: the longest the running tests
// may print nothing, so a hung host fails while a slow one, on a loaded machine, finishes), --log=LEVEL, --verbose.
// As in VS Code, workspace trust is on unless --disable-workspace-trust is given (runTests always gives it); with trust
// on, the folder opens untrusted (restricted mode) and nobody is asked.
// JSON2_HOST_CRASH_DIR (set by runIntegrationTests.mjs) keeps a native crash's evidence there: code-server and its
// extension host run in that folder (the kernel writes a core dump there when the caller's `ulimit -c` allows; code-test
// raises it) and Node writes a diagnostic report there on a fatal error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleLine, launchBrowser } from './browser.mjs';
import { startCodeServer, UNTRUSTED_SETTINGS, writeUserSettings } from './codeServer.mjs';
import { installHost } from './installHost.mjs';

/** The extension's test runner prints this line first, so the launcher knows the tests have started. */
export const TESTS_STARTED_MARKER = 'JSON2_TESTS_STARTED';

// Workbench chatter that is not test output (offline look-ups, reconnection traces, service workers).
const NOISE =
  /^(DEBUG |TRACE )?(Resolving connection token|Resolved connection token|Creating a socket|\[reconnection-grace-time\]|\[AgentHost|\[ChatModelSelection\]|\[AccountPolicyGate\]|\[Service Worker\]|Updating additional builtin|Started local extension host|Failed to load resource|An iframe which has both|The web worker extension host)|Timed out waiting for authentication provider|ENOTFOUND/;

function parseArguments(argv) {
  const valued = new Set([
    'extensionDevelopmentPath',
    'extensionTestsPath',
    'user-data-dir',
    'extensions-dir',
    'timeout',
    'start-timeout',
    'log',
  ]);
  const options = { extensionDevelopmentPath: [], positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      options.positional.push(arg);
      continue;
    }
    let [key, value] = arg.slice(2).split(/=(.*)/s);
    if (value === undefined && valued.has(key)) value = argv[++i];
    if (key === 'extensionDevelopmentPath') options.extensionDevelopmentPath.push(value);
    else if (valued.has(key)) options[key] = value;
    else options[key] = value ?? true; // VS Code flags with no meaning here (--no-sandbox, --skip-welcome, ...)
  }
  return options;
}

/** Rejects with `message` once `ms` pass without a call to `progress()`; `stop()` ends it. */
function silenceLimit(ms, message) {
  let timer;
  let fail;
  const expired = new Promise((_, reject) => {
    fail = reject;
  });
  expired.catch(() => {}); // awaited only once the tests run; never an unhandled rejection before
  const progress = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(new Error(message)), ms);
  };
  return { expired, progress, stop: () => clearTimeout(timer) };
}

function withDeadline(promise, ms, message) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Where code-server and its hosts run and write a report on a fatal error; nothing changes without a folder. */
function crashEvidence(dir) {
  if (!dir) return {};
  fs.mkdirSync(dir, { recursive: true });
  return { cwd: dir, nodeArgs: ['--report-on-fatalerror', `--report-directory=${dir}`] };
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  if (!options.extensionTestsPath || options.extensionDevelopmentPath.length === 0) {
    console.error('usage: runExtensionTests.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [FOLDER]');
    return 2;
  }
  const verbose = Boolean(options.verbose || process.env.JSON2_HOST_VERBOSE);
  const startTimeoutMs = Number(options['start-timeout'] ?? 120) * 1000;
  const silenceMs = Number(options.timeout ?? 600) * 1000;
  const silence = silenceLimit(silenceMs, `the extension tests printed nothing for ${silenceMs / 1000} s`);
  const paths = installHost();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-ext-tests-'));
  const userDataDir = path.resolve(options['user-data-dir'] ?? path.join(scratch, 'user-data'));
  const extensionsDir = path.resolve(options['extensions-dir'] ?? path.join(scratch, 'extensions'));
  const serverLog = path.join(scratch, 'code-server.log');
  let server;
  let browser;
  let exitCode = 1;
  try {
    const workspaceTrust = !options['disable-workspace-trust'];
    writeUserSettings(userDataDir, workspaceTrust ? UNTRUSTED_SETTINGS : {});
    server = await startCodeServer(paths, {
      userDataDir,
      extensionsDir,
      logFile: serverLog,
      smokeTestDriver: true,
      logLevel: options.log,
      workspaceTrust,
      ...crashEvidence(process.env.JSON2_HOST_CRASH_DIR),
    });
    const remote = (p) => `vscode-remote://${server.authority}${encodeURI(path.resolve(p))}`;
    const payload = [
      ...options.extensionDevelopmentPath.map((p) => ['extensionDevelopmentPath', remote(p)]),
      ['extensionTestsPath', remote(options.extensionTestsPath)],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ];
    if (options['disable-extensions']) payload.push(['disableExtensions', 'true']);
    const target = options.positional[0] ? path.resolve(options.positional[0]) : undefined;
    const where = !target
      ? 'ew=true'
      : target.endsWith('.code-workspace')
        ? `workspace=${encodeURI(target)}`
        : `folder=${encodeURI(target)}`;
    browser = await withDeadline(launchBrowser(paths, path.join(scratch, 'chromium')), 60_000, 'Chromium did not start within 60 s');
    const { page } = browser;
    let started;
    const testsStarted = new Promise((resolve) => {
      started = resolve;
    });
    let finished;
    const testsFinished = new Promise((resolve) => {
      finished = resolve;
    });
    // The workbench calls this when the test runner in the extension host settles (VS Code's smoke-test hook).
    await page.exposeFunction('codeAutomationExit', (code) => finished(Number(code) || 0));
    page.on('console', async (message) => {
      const line = await consoleLine(message);
      if (line.includes(TESTS_STARTED_MARKER)) started();
      if (!NOISE.test(line)) silence.progress();
      if (verbose || !NOISE.test(line)) process.stdout.write(`${line}\n`);
    });
    page.on('pageerror', (error) => console.error(`[workbench] ${error.message}`));
    await withDeadline(
      page.goto(`${server.url}/?${where}&payload=${encodeURIComponent(JSON.stringify(payload))}`),
      60_000,
      'the workbench page did not load within 60 s',
    );
    await withDeadline(
      Promise.race([testsStarted, testsFinished]),
      startTimeoutMs,
      `the extension host did not start the tests within ${startTimeoutMs / 1000} s (is ${options.extensionTestsPath} built, and does its run() print ${TESTS_STARTED_MARKER}?)`,
    );
    // No limit on the whole run (it grows with the tests and the machine's load; mocha limits each test): only on silence.
    silence.progress();
    exitCode = await Promise.race([testsFinished, silence.expired]);
  } catch (error) {
    console.error(`[test host] ${error.message}`);
    if (browser) await browser.page.screenshot({ path: path.join(scratch, 'failure.png') }).catch(() => {});
    exitCode = 1;
  } finally {
    silence.stop();
    if (browser) await browser.context.close().catch(() => {});
    if (server) await server.stop();
    if (exitCode === 0 && !verbose) fs.rmSync(scratch, { recursive: true, force: true });
    else console.error(`[test host] kept ${scratch} (code-server.log, failure.png; extension host logs under ${userDataDir}/logs)`);
  }
  return exitCode;
}

process.exit(await main());
