// Runs the integration suites in one real VS Code extension host through @vscode/test-electron's runTests.
// Where VS Code can be downloaded, runTests uses it; where it cannot (no network), the project's own launcher
// (test/host/code-test: code-server on Node 24 with Debian's Chromium) stands in as the VS Code executable.
// Set JSON2_VSCODE_EXECUTABLE to use a given VS Code, or JSON2_TEST_HOST=code-server to skip the download attempt.
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-integration-'));
  const workspace = path.join(scratch, 'workspace');
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  const resultsFile = path.join(scratch, 'results.json');
  const testsPath = path.join(root, 'out/test/integration/suite/index.js');
  if (!fs.existsSync(testsPath)) throw new Error(`${testsPath} is missing: run node scripts/build.mjs --tests first`);
  let exitCode = 1;
  try {
    exitCode = await runTests({
      vscodeExecutablePath: await vscodeExecutable(),
      extensionDevelopmentPath: root,
      extensionTestsPath: testsPath,
      launchArgs: [workspace, '--disable-extensions', `--user-data-dir=${path.join(scratch, 'user-data')}`, `--extensions-dir=${path.join(scratch, 'extensions')}`],
      extensionTestsEnv: { JSON2_TEST_RESULTS: resultsFile, JSON2_TEST_WORKSPACE: workspace, JSON2_INTEGRATION_GREP: process.env.JSON2_INTEGRATION_GREP ?? '' },
    });
  } catch (error) {
    console.error(`[integration] ${error.message}`);
  }
  const results = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : { passed: [], failed: [] };
  // The orchestrator (scripts/test.mjs) reads this line to count the integration tests.
  console.log(`integration: ${results.passed.length} passed, ${results.failed.length} failed`);
  if (exitCode === 0 && results.passed.length === 0) {
    console.error('[integration] the host reported success but no test ran');
    exitCode = 1;
  }
  if (exitCode === 0) fs.rmSync(scratch, { recursive: true, force: true });
  return exitCode;
}

process.exit(await main());
