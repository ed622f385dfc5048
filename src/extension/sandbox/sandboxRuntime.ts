// Finds the CLI that runs the local sandbox: the development build next to the extension, else the json2-cli package
// installed under global storage, else installs that package from the npm registry (with progress and Cancel).
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import {
  installedPackage,
  installSandboxPackage,
  SandboxInstallError,
  type SandboxPackage,
} from '../../core/localSandbox/sandboxPackageInstaller';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

export interface SandboxRuntime {
  /** The CLI bundle to run (`<package>/dist/cli.js`). */
  readonly cliPath: string;
  /** How it was found, for the log. */
  readonly origin: string;
}

/** dist/sandboxPackage.json of a packaged extension; undefined in a development build (which has no CLI package). */
function describedPackage(extensionPath: string): SandboxPackage | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(extensionPath, 'dist', 'sandboxPackage.json'), 'utf8')) as SandboxPackage;
  } catch {
    return undefined;
  }
}

function registrySetting(): string {
  const value = vscode.workspace.getConfiguration('json2').get<string>('sandbox.registry');
  return value && value.trim() !== '' ? value.trim() : DEFAULT_REGISTRY;
}

/** The runtime when it is on disk already (no download); undefined when it must be installed first. */
export function presentRuntime(extensionPath: string, installRoot: string): SandboxRuntime | undefined {
  // A checkout runs its own build, also after `npm run package` wrote dist/sandboxPackage.json beside it (the CLI
  // package it describes may not be published yet); the .vsix never carries dist/cli.js.
  const development = path.join(extensionPath, 'dist', 'cli.js');
  if (fs.existsSync(development) && fs.existsSync(path.join(extensionPath, 'dist', 'sandbox.js'))) {
    return { cliPath: development, origin: 'the development build' };
  }
  const pkg = describedPackage(extensionPath);
  if (pkg === undefined) return undefined;
  const folder = installedPackage(installRoot, pkg);
  return folder === undefined
    ? undefined
    : { cliPath: path.join(folder, 'dist', 'cli.js'), origin: `${pkg.name} ${pkg.version} in ${folder}` };
}

/** The runtime, installed from the registry when missing; rejects with SandboxInstallError (kind 'cancelled' on Cancel). */
export async function sandboxRuntime(extensionPath: string, installRoot: string, log: vscode.LogOutputChannel): Promise<SandboxRuntime> {
  const present = presentRuntime(extensionPath, installRoot);
  if (present !== undefined) return present;
  const pkg = describedPackage(extensionPath);
  if (pkg === undefined) {
    throw new SandboxInstallError(
      vscode.l10n.t(
        'This build of the extension has neither the sandbox nor the description of its package: run npm run build (or npm run package).',
      ),
      'disk',
    );
  }
  const registry = registrySetting();
  const megabytes = (pkg.size / 1024 / 1024).toFixed(1);
  log.info(`[sandbox] installing ${pkg.name} ${pkg.version} (${megabytes} MiB) from ${registry} into ${installRoot}`);
  const title = vscode.l10n.t(
    'Installing the local sandbox ({0} {1}, {2} MiB) from {3}',
    pkg.name,
    pkg.version,
    megabytes,
    new URL(registry).host,
  );
  const folder = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const cancelled = token.onCancellationRequested(() => abort.abort());
      let reported = 0;
      try {
        fs.mkdirSync(installRoot, { recursive: true });
        return await installSandboxPackage(pkg, {
          registry,
          root: installRoot,
          signal: abort.signal,
          onProgress: (received) => {
            const percent = Math.min(100, Math.floor((received / pkg.size) * 100));
            if (percent > reported) progress.report({ increment: percent - reported, message: `${percent}%` });
            reported = percent;
          },
        });
      } finally {
        cancelled.dispose();
      }
    },
  );
  log.info(`[sandbox] installed ${pkg.name} ${pkg.version} in ${folder}`);
  return { cliPath: path.join(folder, 'dist', 'cli.js'), origin: `${pkg.name} ${pkg.version} in ${folder}` };
}
