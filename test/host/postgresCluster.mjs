// A throwaway PostgreSQL cluster from Debian's `postgresql` package, for the sandbox's second test run and the
// benchmark: installed with apt when missing (as root), initdb into a temporary folder, listening on 127.0.0.1 only
// on a free port with password authentication, without durability (fsync off: the data dies with the run).
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hostPaths } from './hostPaths.mjs';
import { withInstallLock } from './installLock.mjs';

const ROLE = 'json2';

function log(message) {
  process.stdout.write(`[postgres] ${message}\n`);
}

function installed() {
  return spawnSync('dpkg', ['-s', 'postgresql'], { stdio: 'ignore' }).status === 0;
}

/**
 * Installs Debian's `postgresql` package when it is missing (root only; others get the command to run), under the
 * test host's install lock: apt allows one install at a time.
 */
export function ensurePostgresPackage() {
  if (installed()) return;
  if (process.getuid?.() !== 0) throw new Error("Debian's postgresql package is missing; install it with: sudo apt-get install postgresql");
  withInstallLock(hostPaths().installLock, installPackage, {
    onWait: () => log('waiting for another test run to finish installing'),
  });
}

function installPackage() {
  if (installed()) return;
  log('apt-get install postgresql');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
}

/** The bin folder of the newest PostgreSQL installed by Debian's packages (/usr/lib/postgresql/<major>/bin). */
function binDir() {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = majors.map((major) => path.join(root, major, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error(`no PostgreSQL server under ${root}`);
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb and the server refuse to run as root: as root they run as Debian's `postgres` user. */
function runAs() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function run(command, args, identity, folder) {
  const result = spawnSync(command, args, { ...identity, cwd: folder, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(command)} failed (${result.status ?? result.signal}): ${(result.stderr || result.stdout || result.error?.message || '').trim().slice(-2000)}`,
    );
  return result.stdout;
}

/**
 * Starts a cluster; resolves with its URL (the password inside: never print it) and `stop()`, which stops the server
 * and deletes the folder (call it in a finally block; it is safe to call twice).
 */
export async function startPostgresCluster() {
  ensurePostgresPackage();
  const bin = binDir();
  const identity = runAs();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-postgres-'));
  const data = path.join(folder, 'data');
  const password = crypto.randomBytes(18).toString('base64url');
  let started = false;
  const stop = () => {
    if (started) {
      spawnSync(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '30'], {
        ...identity,
        cwd: folder,
        stdio: 'ignore',
      });
      started = false;
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    if (identity.uid !== undefined) fs.chownSync(folder, identity.uid, identity.gid);
    const passwordFile = path.join(folder, 'password');
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (identity.uid !== undefined) fs.chownSync(passwordFile, identity.uid, identity.gid);
    run(
      path.join(bin, 'initdb'),
      [
        '-D',
        data,
        '-U',
        ROLE,
        '--auth=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--lc-collate=C',
        '--no-sync',
        '--no-instructions',
      ],
      identity,
      folder,
    );
    fs.rmSync(passwordFile);
    const port = await freePort();
    const settings = [
      `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${folder}`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=64MB',
    ].join(' ');
    run(
      path.join(bin, 'pg_ctl'),
      ['start', '-D', data, '-l', path.join(folder, 'server.log'), '-w', '-t', '60', '-o', settings],
      identity,
      folder,
    );
    started = true;
    const version = run(path.join(bin, 'postgres'), ['--version'], identity, folder).trim();
    log(`${version} on 127.0.0.1:${port} (cluster in ${folder})`);
    return { url: `postgres://${ROLE}:${password}@127.0.0.1:${port}/postgres`, port, folder, version, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
