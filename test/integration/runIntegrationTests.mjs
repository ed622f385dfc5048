// Runs the integration suites in one real VS Code extension host through @vscode/test-electron's runTests.
// Where VS Code can be downloaded, runTests uses it; where it cannot (no network), the project's own launcher
// (test/host/code-test: code-server on Node 24 with Debian's Chromium) stands in as the VS Code executable.
// Set JSON2_VSCODE_EXECUTABLE to use a given VS Code, or JSON2_TEST_HOST=code-server to skip the download attempt.
// A second, short session runs test/integration/untrusted with workspace trust on and the folder untrusted.
// A host that dies mid-run (a native crash) is reported as a failure naming its signal and the suite it was in, read
// from code-server's remoteagent.log and the results the in-host runner writes after every step (hostExit.mjs).
// JSON2_INTEGRATION_CRASH=<signal> runs only test/integration/crash, whose suite sends the host that signal (a test of
// this report: test/integration/hostCrash.test.mjs).
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNTRUSTED_SETTINGS, writeUserSettings } from '../host/codeServer.mjs';
import { unfinishedRun } from './hostExit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VSCODE_VERSION = '1.139.1';

async function vscodeExecutable() {
  if (process.env.JSON2_VSCODE_EXECUTABLE) return process.env.JSON2_VSCODE_EXECUTABLE;
  if (process.env.JSON2_TEST_HOST !== 'code-server') {
    try {
      return await downloadAndUnzipVSCode({ version: VSCODE_VERSION, timeout: 15_000 });
    } catch (error) {
      console.log(`[integration] VS Code ${VSCODE_VERSION} cannot be downloaded here (${error.message.split('\n')[0]}); using code-server`);
    }
  }
  return path.join(root, 'test/host/code-test');
}

const grep = process.env.JSON2_INTEGRATION_GREP ?? '';

/** Whether `folder` (transpiled) holds a suite file that the grep selects. */
function hasSuites(folder) {
  return fs.existsSync(folder) && fs.readdirSync(folder).some((name) => name.endsWith('.integration.test.js') && name.includes(grep));
}

/** One host session on a fresh copy of the test workspace; resolves with its exit code and results. */
async function session(name, folder, launch) {
  const scratch = path.join(launch.scratch, name);
  const workspace = path.join(scratch, 'workspace');
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  const resultsFile = path.join(scratch, 'results.json');
  const testsPath = path.join(folder, 'index.js');
  const userDataDir = path.join(scratch, 'user-data');
  const crashDir = path.join(scratch, 'crash');
  const env = {
    JSON2_TEST_RESULTS: resultsFile,
    JSON2_TEST_WORKSPACE: workspace,
    JSON2_INTEGRATION_GREP: grep,
    JSON2_HOST_CRASH_DIR: crashDir,
  };
  const launchArgs = [
    workspace,
    '--disable-extensions',
    `--user-data-dir=${userDataDir}`,
    `--extensions-dir=${path.join(scratch, 'extensions')}`,
  ];
  let exitCode = 1;
  try {
    exitCode = await launch.run({ testsPath, launchArgs, env, userDataDir });
  } catch (error) {
    console.error(`[integration] ${error.message}`);
  }
  const results = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : { passed: [], failed: [] };
  if (!results.finished) {
    // The workbench ends a crashed test host's session with exit code 0: the results say whether the tests finished.
    const unfinished = unfinishedRun({ results, userDataDir, crashDir });
    console.error(`[integration] ${name} session: ${unfinished.title}; ${unfinished.detail}`);
    results.failed.push({ title: unfinished.title, error: unfinished.detail });
    exitCode = 1;
  } else if (exitCode === 0 && results.passed.length === 0) {
    console.error(`[integration] the ${name} host reported success but no test ran`);
    exitCode = 1;
  }
  return { exitCode, results };
}

/** The normal session: runTests as usual (it always disables workspace trust). */
function trustedRun(executable) {
  return ({ testsPath, launchArgs, env }) =>
    runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: root,
      extensionTestsPath: testsPath,
      launchArgs,
      extensionTestsEnv: env,
    });
}

/**
 * The untrusted session: the executable started with runTests's arguments less --disable-workspace-trust, and user
 * settings that keep trust on without a start-up question, so the folder opens in restricted mode.
 */
function untrustedRun(executable) {
  return ({ testsPath, launchArgs, env, userDataDir }) => {
    writeUserSettings(userDataDir, UNTRUSTED_SETTINGS);
    const args = [
      ...launchArgs,
      '--no-sandbox',
      '--disable-gpu-sandbox',
      '--disable-updates',
      '--skip-welcome',
      '--skip-release-notes',
      `--extensionTestsPath=${testsPath}`,
      `--extensionDevelopmentPath=${root}`,
    ];
    return new Promise((resolve, reject) => {
      const child = spawn(executable, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  };
}

async function main() {
  const suites = path.join(root, 'out/test/integration/suite');
  const untrusted = path.join(root, 'out/test/integration/untrusted');
  if (!fs.existsSync(path.join(suites, 'index.js')))
    throw new Error(`${suites}/index.js is missing: run node scripts/build.mjs --tests first`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-integration-'));
  const executable = await vscodeExecutable();
  const sessions = [];
  const launch = (run) => ({ scratch, run: run(executable) });
  if (process.env.JSON2_INTEGRATION_CRASH) {
    sessions.push(await session('crash', path.join(root, 'out/test/integration/crash'), launch(trustedRun)));
  } else {
    if (hasSuites(suites) || !hasSuites(untrusted)) sessions.push(await session('trusted', suites, launch(trustedRun)));
    if (hasSuites(untrusted)) sessions.push(await session('untrusted', untrusted, launch(untrustedRun)));
  }
  const passed = sessions.reduce((sum, one) => sum + one.results.passed.length, 0);
  const failed = sessions.reduce((sum, one) => sum + one.results.failed.length, 0);
  const exitCode = sessions.every((one) => one.exitCode === 0) ? 0 : 1;
  // scripts/soak.mjs reads these lines to name the failed tests, scripts/test.mjs the last one to count them.
  for (const one of sessions)
    for (const failure of one.results.failed) console.log(`integration failed: ${failure.title} — ${failure.error.split('\n')[0]}`);
  console.log(`integration: ${passed} passed, ${failed} failed`);
  if (exitCode === 0) fs.rmSync(scratch, { recursive: true, force: true });
  else console.log(`[integration] kept ${scratch} (each session's user-data/logs, crash/ and results.json)`);
  return exitCode;
}

process.exit(await main());
