// The `unit-postgres` step of npm test: the sandbox's unit tests a second time, every test's sandbox on a real
// PostgreSQL server (JSON2_SANDBOX_POSTGRES), plus the tests that need both backends (test/postgres). The server is
// a throwaway cluster of Debian's postgresql package, stopped and deleted at the end, also on failure or Ctrl+C.
// Extra arguments narrow the run as for scripts/runUnitTests.mjs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgresCluster } from './postgresCluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const filters = process.argv.slice(2);
const cluster = await startPostgresCluster();
let child;
let stopped = false;
const stop = () => {
  if (stopped) return;
  stopped = true;
  cluster.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    child?.kill(signal);
    stop();
    process.exit(1);
  });
}
try {
  const args = ['scripts/runUnitTests.mjs', '--postgres', ...(filters.length > 0 ? filters : ['test/unit/sandbox/', 'test/postgres/'])];
  process.exitCode = await new Promise((resolve) => {
    child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, JSON2_SANDBOX_POSTGRES: cluster.url } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
} finally {
  stop();
}
