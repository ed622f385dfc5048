// The sandbox's bundles and the files they need at run time; kept apart because the sandbox never ships in the .vsix.
//   dist/sandbox.js         `json2 sandbox` (loaded lazily by dist/cli.js), exports runSandboxCommand(argv)
//   dist/sandboxWorker.js   the worker thread that runs one PGlite database (found next to the bundle that starts it)
//   dist/sandboxTestApi.js  startSandbox() for tests and benchmarks that run against the bundles
// PGlite finds its wasm and data files next to the bundle that contains it (dist/sandboxWorker.js).
//   dist/sandboxTemplate.tar.gz  the demo template, prepared once per build (a new machine's first sandbox unpacks it)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const PGLITE_RUNTIME_FILES = ['pglite.wasm', 'pglite.data', 'initdb.wasm'];

/** esbuild options for the sandbox's entries, given the options every bundle shares. */
export function sandboxBundles(common) {
  const entry = (source, outfile) => ({
    ...common,
    entryPoints: [source],
    outfile,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
  });
  return [
    entry('src/sandbox/sandboxCommand.ts', 'dist/sandbox.js'),
    {
      ...entry('src/sandbox/storage/pgliteWorkerEntry.ts', 'dist/sandboxWorker.js'),
      // PGlite's ES module build locates its files with import.meta.url, which a CommonJS bundle does not have.
      define: { ...common.define, 'import.meta.url': '__pgliteBundleUrl' },
      banner: { js: 'var __pgliteBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    },
    entry('src/sandbox/testApi.ts', 'dist/sandboxTestApi.js'),
  ];
}

/** Copies what the sandbox bundles load at run time (PGlite's wasm and data files) into dist/. */
export function copySandboxAssets(root) {
  const source = path.join(root, 'node_modules', '@electric-sql', 'pglite', 'dist');
  const target = path.join(root, 'dist');
  fs.mkdirSync(target, { recursive: true });
  for (const file of PGLITE_RUNTIME_FILES) fs.copyFileSync(path.join(source, file), path.join(target, file));
}

/**
 * Writes dist/sandboxTemplate.tar.gz with the built dist/sandbox.js, in a process of its own: the demo template of
 * this build, taken from the template cache (built there first when missing, about 5 s of CPU once per version).
 */
export function prepareSandboxTemplate(root) {
  const target = path.join(root, 'dist', 'sandboxTemplate.tar.gz');
  const script = 'require(process.argv[1]).writeDemoTemplateArchive(process.argv[2]).catch((e) => { console.error(e); process.exit(1); })';
  const result = spawnSync(process.execPath, ['-e', script, path.join(root, 'dist', 'sandbox.js'), target], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the sandbox template could not be prepared (see above)');
  return target;
}
