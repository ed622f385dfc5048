// Preloaded into every unit test file's process (scripts/runUnitTests.mjs, when JSON2_TEST_TIMINGS_DIR is set): at
// exit it writes the file's wall time and CPU time (its own threads, and the programs it ran) to that folder.
const fs = require('node:fs');
const path = require('node:path');
const { childrenCpuSeconds } = require('./processCpu.cjs');

const dir = process.env.JSON2_TEST_TIMINGS_DIR;
// Node's runner starts each test file in a child process marked so (the runner itself is not a test file); programs a
// test starts with the same options and environment are counted in their test file's CPU time, not as files.
const file = process.env.NODE_TEST_CONTEXT && process.argv[1]?.endsWith('.test.js') ? process.argv[1] : undefined;
if (dir && file) {
  process.once('exit', () => {
    const usage = process.cpuUsage();
    const record = {
      file,
      wallSeconds: process.uptime(),
      cpuSeconds: (usage.user + usage.system) / 1e6,
      childrenCpuSeconds: childrenCpuSeconds(),
    };
    try {
      fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(record));
    } catch {
      // The folder is gone (the run was stopped): nothing to record.
    }
  });
}
