// The test steps of `npm test` and what their output says: how many tests passed and failed, and which failed.
// Shared by scripts/test.mjs (every step once) and scripts/soak.mjs (one suite many times under load).

/**
 * Every step in order; `counts` says how its output reports the tests (`node-test` spec reporter, the conformance
 * kit's closing line, or a summary line).
 */
export function testSteps(node = process.execPath) {
  return [
    { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
    // The bundles are built once, as production ones (the mode changes nothing they do): the package step packs them.
    { name: 'build', command: 'sh', args: ['-c', `"${node}" scripts/build.mjs --production && "${node}" scripts/build.mjs --tests`] },
    { name: 'host', command: node, args: ['test/host/installHost.mjs'] },
    { name: 'unit', command: node, args: ['scripts/runUnitTests.mjs'], counts: 'node-test' },
    // The sandbox against the recorded answers of a real Odoo 19.0 (test/conformance): one count per probe.
    { name: 'conformance', command: node, args: ['test/host/conformanceKit.mjs'], counts: 'conformance' },
    { name: 'unit-postgres', command: node, args: ['test/host/postgresUnitTests.mjs'], counts: 'node-test' },
    // The same kit against a sandbox whose databases live on a throwaway PostgreSQL cluster.
    { name: 'conformance-postgres', command: node, args: ['test/host/conformanceKit.mjs', '--postgres'], counts: 'conformance' },
    { name: 'package', command: 'sh', args: ['-c', `"${node}" scripts/packageCli.mjs && "${node}" scripts/packageExtension.mjs`] },
    {
      name: 'cli-package',
      command: node,
      args: ['--test', '--test-reporter=spec', 'test/package/cliPackage.test.mjs'],
      counts: 'node-test',
    },
    {
      name: 'integration-crash',
      command: node,
      args: ['--test', '--test-reporter=spec', 'test/integration/hostCrash.test.mjs'],
      counts: 'node-test',
    },
    { name: 'integration', command: node, args: ['test/integration/runIntegrationTests.mjs'], counts: 'summary' },
    { name: 'ui-smoke', command: node, args: ['test/e2e/uiSmoke.mjs'], counts: 'summary', ui: true },
    { name: 'completion-list', command: node, args: ['test/e2e/completionList.mjs'], counts: 'summary', ui: true },
    { name: 'requests-panel', command: node, args: ['test/e2e/requestsPanel.mjs'], counts: 'summary', ui: true },
    { name: 'add-connection', command: node, args: ['test/e2e/addConnection.mjs'], counts: 'summary', ui: true },
    { name: 'database-backup', command: node, args: ['test/e2e/databaseBackup.mjs'], counts: 'summary', ui: true },
    { name: 'explorer-tree', command: node, args: ['test/e2e/explorerTree.mjs'], counts: 'summary', ui: true },
    { name: 'testing-view', command: node, args: ['test/e2e/testingView.mjs'], counts: 'summary', ui: true },
    { name: 'walkthrough', command: node, args: ['test/e2e/walkthrough.mjs'], counts: 'summary', ui: true },
    { name: 'agent-tools-confirm', command: node, args: ['test/e2e/agentToolsConfirm.mjs'], counts: 'summary', ui: true },
    { name: 'company-switcher', command: node, args: ['test/e2e/companySwitcher.mjs'], counts: 'summary', ui: true },
    { name: 'schema-comparison', command: node, args: ['test/e2e/schemaComparison.mjs'], counts: 'summary', ui: true },
  ];
}

/**
 * The steps of `npm test` as phases of lanes: a phase's lanes run side by side, each its steps in order, and a phase
 * starts when the one before it has ended. Side by side go steps that each keep less than a core busy and share no
 * file they write: type check, lint and build with the host's install; then, after the unit tests (which keep every
 * core busy on their own), the sandbox's PostgreSQL leg with its conformance runs beside the package and the VS Code
 * host's tests, which mostly wait on the host.
 */
export function testPhases(steps = testSteps()) {
  const named = (...names) => names.map((name) => steps.find((step) => step.name === name));
  const afterUnit = steps.slice(steps.findIndex((step) => step.name === 'package'));
  const phases = [
    [named('typecheck'), named('lint'), named('build', 'host')],
    [named('unit')],
    [named('conformance', 'unit-postgres', 'conformance-postgres'), afterUnit],
  ];
  const placed = phases.flat(2);
  if (placed.length !== steps.length || steps.some((step) => !placed.includes(step))) {
    throw new Error('testPhases: every step of testSteps() belongs to exactly one lane');
  }
  return phases;
}

/** Passed, failed and skipped tests in a step's output; a cancelled node test (one that never finished) failed. */
export function countTests(kind, output) {
  if (kind === 'node-test') {
    const number = (label) => Number([...output.matchAll(new RegExp(`^ℹ ${label} (\\d+)$`, 'gm'))].at(-1)?.[1] ?? 0);
    return { passed: number('pass'), failed: number('fail') + number('cancelled'), skipped: number('skipped') + number('todo') };
  }
  if (kind === 'conformance') {
    // The kit's closing line: `181 passed, 103 failed, 4 skipped` (no skipped part when none was skipped).
    const line = [...output.matchAll(/^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm)].at(-1);
    return { passed: Number(line?.[1] ?? 0), failed: Number(line?.[2] ?? 0), skipped: Number(line?.[3] ?? 0) };
  }
  const match = [...output.matchAll(/^[\w-]+: (\d+) passed, (\d+) failed/gm)].at(-1);
  return { passed: Number(match?.[1] ?? 0), failed: Number(match?.[2] ?? 0), skipped: 0 };
}

/**
 * The failed tests in a step's output, as `{ name, detail }`: node's "failing tests" list (the name with its file),
 * the integration launcher's `integration failed: <title> — <error>` lines (also a host that crashed mid-run), a UI test's `FAIL <step>: <error>` line,
 * the test host's `[test host] <why>` when it gave up on a whole suite.
 */
export function failedTests(kind, output) {
  if (kind === 'node-test') {
    const list = output.lastIndexOf('✖ failing tests:');
    if (list < 0) return [];
    const found = [];
    let file;
    for (const line of output.slice(list).split('\n').slice(1)) {
      const at = /^test at (\S+?):\d+:\d+$/.exec(line);
      if (at) file = at[1];
      const failed = /^✖ (.+?) \([\d.]+ms\)$/.exec(line);
      if (failed) found.push({ name: file ? `${file}: ${failed[1]}` : failed[1], detail: '' });
      else if (found.length > 0 && !found.at(-1).detail && /^\s+\S/.test(line)) found.at(-1).detail = line.trim();
    }
    return found;
  }
  // The conformance kit's `FAIL <category>/<probe>: <first difference>` lines.
  if (kind === 'conformance') return [...output.matchAll(/^FAIL (\S+): (.*)$/gm)].map((match) => ({ name: match[1], detail: match[2] }));
  const integration = [...output.matchAll(/^integration failed: (.+?) — (.*)$/gm)].map((match) => ({ name: match[1], detail: match[2] }));
  const ui = [...output.matchAll(/^\[\s*[\d.]+s\] FAIL (.+?): (.*)$/gm)].map((match) => ({ name: match[1], detail: match[2] }));
  // The test host gave up on a whole suite (it never started, or went silent): no test of it is reported failed.
  const host = [...output.matchAll(/^\[test host\] (?!kept )(.*)$/gm)].map((match) => ({ name: 'test host', detail: match[1] }));
  return [...integration, ...ui, ...host];
}
