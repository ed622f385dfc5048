// Starts and stops code-server (a real VS Code server with the Node extension host) on a free loopback port.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Workspace trust switched on, the folder left untrusted (restricted mode) without asking at start-up. */
export const UNTRUSTED_SETTINGS = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'security.workspace.trust.emptyWindow': false,
};

/** Settings that keep an offline workbench quiet and deterministic. */
export const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  // Stops code-server's agent host (a bundled runtime that would also try the network) and hides Chat.
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'security.workspace.trust.enabled': false,
  'editor.codeLens': true,
};

export function writeUserSettings(userDataDir, extra = {}) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...QUIET_SETTINGS, ...extra }, null, 2));
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function environment(paths) {
  // XDG_* keep code-server from writing ~/.config/code-server/config.yaml.
  return { ...process.env, XDG_CONFIG_HOME: paths.xdgConfig, XDG_DATA_HOME: paths.xdgData };
}

function commonArgs(paths, userDataDir, extensionsDir) {
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  const config = path.join(userDataDir, 'code-server.yaml');
  if (!fs.existsSync(config)) fs.writeFileSync(config, '{}\n');
  return [paths.codeServerEntry, '--config', config, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
}

/** Installs a .vsix with `code-server --install-extension`; throws with code-server's output when it fails. */
export function installExtension(paths, vsix, userDataDir, extensionsDir) {
  const output = execFileSync(paths.node24, [...commonArgs(paths, userDataDir, extensionsDir), '--force', '--install-extension', vsix], {
    env: environment(paths),
    encoding: 'utf8',
  });
  if (!/successfully installed/i.test(output)) throw new Error(`code-server --install-extension failed:\n${output}`);
  return output.trim();
}

/**
 * Starts code-server in its own process group. `smokeTestDriver` makes the built workbench honour the `payload`
 * URL parameter (extensionDevelopmentPath / extensionTestsPath); without it tests would silently never start.
 * `workspaceTrust` keeps workspace trust on (pair it with UNTRUSTED_SETTINGS); by default it is disabled.
 * `nodeArgs` go to Node before code-server's script; code-server forks its extension hosts with the same execArgv
 * (it drops NODE_OPTIONS from their environment), so they reach the host too. `cwd` is the servers' and hosts' folder,
 * where the kernel writes a core dump (core_pattern `core`).
 */
export async function startCodeServer(
  paths,
  {
    userDataDir,
    extensionsDir,
    logFile,
    smokeTestDriver = false,
    logLevel,
    readyTimeoutMs = 60_000,
    workspaceTrust = false,
    nodeArgs = [],
    cwd,
  },
) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const args = [
      ...commonArgs(paths, userDataDir, extensionsDir),
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      '--ignore-last-opened',
    ];
    if (!workspaceTrust) args.push('--disable-workspace-trust');
    if (smokeTestDriver) args.push('--vscode-option', 'enable-smoke-test-driver');
    if (logLevel) args.push('--log', logLevel);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(paths.node24, [...nodeArgs, ...args], {
      cwd,
      detached: true,
      stdio: ['ignore', out, out],
      env: environment(paths),
    });
    fs.closeSync(out);
    let exit = null;
    child.on('exit', (code, signal) => {
      exit = { code, signal };
    });
    const url = `http://127.0.0.1:${port}`;
    const server = { url, authority: `127.0.0.1:${port}`, pid: child.pid, stop: () => stopProcessGroup(child.pid, userDataDir) };
    const deadline = Date.now() + readyTimeoutMs;
    while (Date.now() < deadline && !exit) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) return server;
      } catch {
        /* not listening yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await server.stop();
    const tail = fs.readFileSync(logFile, 'utf8').slice(-2000);
    if (attempt < 3 && tail.includes('EADDRINUSE')) continue;
    throw new Error(`code-server did not answer /healthz within ${readyTimeoutMs / 1000}s (exit: ${JSON.stringify(exit)}):\n${tail}`);
  }
}

/** Ends our code-server's process group, then any straggler whose command line names our private user-data folder. */
export async function stopProcessGroup(pid, marker) {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  for (let i = 0; i < 50 && alive(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let commandLine;
    try {
      commandLine = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (commandLine.includes(marker)) {
      try {
        process.kill(Number(entry), 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
}

/** The extension host logs (remote Node host) under a user-data folder. */
export function extensionHostLogs(userDataDir) {
  const found = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'remoteexthost.log' || entry.name === 'exthost.log') found.push(full);
    }
  };
  walk(path.join(userDataDir, 'logs'));
  return found;
}
