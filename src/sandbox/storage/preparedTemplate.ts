// The demo template made by the build and shipped beside the bundles (dist/sandboxTemplate.tar.gz): a new machine's
// first sandbox unpacks it into the template cache instead of building the template (initdb and the demo data).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTar, parseTar } from 'nanotar';

export const PREPARED_TEMPLATE_FILE = 'sandboxTemplate.tar.gz';

/** Files written at once while unpacking (as many as the template copy keeps going). */
const WRITES_AT_ONCE = 8;

/** The archive beside the bundle that runs (dist/), or undefined (transpiled code under out/, a build without it). */
export function preparedTemplateArchive(): string | undefined {
  const candidate = path.join(__dirname, PREPARED_TEMPLATE_FILE);
  return fs.existsSync(candidate) ? candidate : undefined;
}

/** The folders and files under `dir`, relative, with '/' between names (folders end with '/'). */
function entriesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isDirectory())
    .map((entry) => {
      const relative = path
        .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join('/');
      return entry.isDirectory() ? `${relative}/` : relative;
    })
    .sort();
}

/**
 * Writes the closed template `dataDir` of `version` as a gzipped tar whose entries are `<version>/<file>`, so that a
 * sandbox of another version (another schema, another PGlite) never takes it.
 */
export function writePreparedTemplate(dataDir: string, version: string, target: string): void {
  const items = entriesOf(dataDir).map((name) =>
    name.endsWith('/')
      ? { name: `${version}/${name}`, attrs: { mode: '700', mtime: 0, uid: 0, gid: 0 } }
      : { name: `${version}/${name}`, data: fs.readFileSync(path.join(dataDir, name)), attrs: { mode: '600', mtime: 0, uid: 0, gid: 0 } },
  );
  fs.writeFileSync(target, zlib.gzipSync(createTar(items)));
}

/**
 * Unpacks the archive's template into `dataDir` (a new, empty folder) when it is the template of `version`; false,
 * writing nothing, when it holds another version. An entry that would land outside `dataDir` is an error.
 */
export async function unpackPreparedTemplate(archive: string, version: string, dataDir: string): Promise<boolean> {
  const entries = parseTar(zlib.gunzipSync(await fs.promises.readFile(archive)));
  const prefix = `${version}/`;
  if (!entries.some((entry) => entry.name === `${prefix}PG_VERSION`) || !entries.every((entry) => entry.name.startsWith(prefix)))
    return false;
  const root = path.resolve(dataDir);
  const inside = (entry: { name: string }) => {
    const target = path.resolve(root, entry.name.slice(prefix.length));
    if (target !== root && !target.startsWith(root + path.sep))
      throw new Error(`the prepared template holds an unexpected path: ${entry.name}`);
    return target;
  };
  // Every folder, empty ones too (PostgreSQL needs pg_tblspc, pg_wal/archive_status and others to exist).
  const folders = entries.filter((entry) => entry.type === 'directory').map(inside);
  for (const folder of folders.sort()) await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
  // An empty file's entry has no data.
  const targets = entries
    .filter((entry) => entry.type === 'file')
    .map((entry) => ({ target: inside(entry), data: entry.data ?? new Uint8Array(0) }));
  let next = 0;
  const writeNext = async (): Promise<void> => {
    while (next < targets.length) {
      const { target, data } = targets[next++];
      await fs.promises.writeFile(target, data, { mode: 0o600, flag: 'wx' });
    }
  };
  await Promise.all(Array.from({ length: WRITES_AT_ONCE }, writeNext));
  return true;
}
