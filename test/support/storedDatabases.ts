// What a sandbox's backend really holds, hidden databases included: the folders under `<data>/databases/` (PGlite),
// or the PostgreSQL databases of its prefix, read from the server itself. Tests compare it with what the sandbox shows.
import fs from 'node:fs';
import pg from 'pg';
import { databasesDir } from '../../src/sandbox/storage/sandboxPaths';

export interface Stored {
  dataDir: string;
  postgresNamespace: { url: string; prefix: string } | null;
}

/** The database folders (PGlite) or databases (PostgreSQL, without the prefix) of a sandbox, sorted. */
export async function storedDatabases(sandbox: Stored): Promise<string[]> {
  if (sandbox.postgresNamespace === null) {
    const root = databasesDir(sandbox.dataDir);
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  }
  const { url, prefix } = sandbox.postgresNamespace;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix])).rows;
    return rows.map((row) => row.datname.slice(prefix.length)).sort();
  } finally {
    await client.end();
  }
}

/** Polls `condition` every 25 ms until it holds or `limitMs` passed; resolves with its last answer. */
export async function waitUntil(condition: () => Promise<boolean> | boolean, limitMs = 60_000): Promise<boolean> {
  const end = Date.now() + limitMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= end) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
