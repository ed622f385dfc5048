// The sandbox's bundles and the files they need at run time; kept apart because the sandbox never ships in the .vsix.
//   dist/sandbox.js         `json2 sandbox` (loaded lazily by dist/cli.js), exports runSandboxCommand(argv)
//   dist/sandboxWorker.js   the worker thread that runs one PGlite database (found next to the bundle that starts it)
//   dist/sandboxTestApi.js  startSandbox() for tests and benchmarks that run against the bundles
// PGlite finds its wasm and data files next to the bundle that contains it (dist/sandboxWorker.js).
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
