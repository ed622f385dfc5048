// Restore benchmark: the statement splitter alone on dumps of 16 and 32 MB (many rows, and one long statement), then
// whole restores of real backups of about 16 and 32 MB through the catalog (split, checked, replayed into a hidden
// database, published), on PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_STATEMENT_CHARS, restoreBackup, streamBackup } from '../src/sandbox/databaseManager/backups';
import { StatementSplitter } from '../src/sandbox/databaseManager/sqlStatements';
import { startSandbox, type StartedSandbox } from '../src/sandbox/testApi';

const MB = 1e6;
const CHUNK = 64 * 1024;
const SIZES_MB = [16, 32];

/** User CPU time of the process (the machine's load does not count) spent splitting `text` in 64 KB pieces. */
function splitCpuMs(text: string): number {
  const splitter = new StatementSplitter({ maxStatementChars: MAX_STATEMENT_CHARS });
  const started = process.cpuUsage();
  for (let i = 0; i < text.length; i += CHUNK) splitter.push(text.slice(i, i + CHUNK));
  return process.cpuUsage(started).user / 1000;
}

function measureSplitter(results: Record<string, number>): void {
  const row = "INSERT INTO res_partner (id, name, comment) VALUES ('1', 'A name with ''quotes''', 'a comment; -- not a comment');\n";
  for (const size of SIZES_MB) {
    results[`restore.split ${size} MB of rows, CPU ms`] = Math.round(splitCpuMs(row.repeat(Math.ceil((size * MB) / row.length))));
    results[`restore.split one ${size} MB statement, CPU ms`] = Math.round(
      splitCpuMs(`INSERT INTO t VALUES ('${'x'.repeat(size * MB)}');`),
    );
  }
}

/** Adds rows of about 1 KB to the sandbox's database until its dump is about `megabytes`; returns the dump file. */
async function dumpOfSize(sandbox: StartedSandbox, megabytes: number, folder: string): Promise<string> {
  await sandbox.server.catalog.use(sandbox.database, (storage) =>
    storage.query(
      `DROP TABLE IF EXISTS bench_rows; CREATE TABLE bench_rows AS SELECT g AS id, repeat(md5(g::text), 32) AS payload FROM generate_series(1, ${Math.round((megabytes * MB) / 1060)}) AS g`,
    ),
  );
  const file = path.join(folder, `bench-${megabytes}.dump`);
  await streamBackup(sandbox.server.catalog, sandbox.database, 'dump', fs.createWriteStream(file), [19, 0, 0, 'final', 0, '']);
  return file;
}

async function measureRestores(results: Record<string, number>): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-bench-restore-'));
  const sandbox = await startSandbox({ postgres: null, hashCost: 4 });
  try {
    for (const size of SIZES_MB) {
      const file = await dumpOfSize(sandbox, size, folder);
      results[`restore.dump of ~${size} MB, bytes`] = fs.statSync(file).size;
      const started = performance.now();
      const cpu = process.cpuUsage();
      await restoreBackup(sandbox.server.catalog, `restored_${size}`, { file }, true);
      results[`restore.whole restore of the ~${size} MB dump, ms`] = Math.round(performance.now() - started);
      results[`restore.whole restore of the ~${size} MB dump, process CPU ms (PGlite's worker included)`] = Math.round(
        process.cpuUsage(cpu).user / 1000,
      );
      await sandbox.server.catalog.dropDatabase(`restored_${size}`);
    }
  } finally {
    await sandbox.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export async function runRestoreBench(): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  measureSplitter(results);
  await measureRestores(results);
  return results;
}

if (require.main === module) {
  runRestoreBench().then(
    (results) => {
      for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(50)} ${value}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
