// Preloaded into every unit test process by scripts/runUnitTests.mjs, in its main thread only: the core clients' HTTP
// pool (test/support/chooseTestHttpPool.ts) and the file's timings (testFileTimings.cjs). Node runs `--require` modules
// in every worker thread as well, and a sandbox starts one per database it opens: there they loaded undici and the
// pool modules for nothing, about 0.09 s of CPU per database.
const path = require('node:path');
const { isMainThread } = require('node:worker_threads');

if (isMainThread) {
  require(path.join(__dirname, '../out/test/support/chooseTestHttpPool.js'));
  require('./testFileTimings.cjs');
}
