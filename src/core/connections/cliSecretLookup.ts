// Finds a connection's secret for the CLI: a key file, `JSON2_API_KEY_<NAME>` or `JSON2_API_KEY` (on XML-RPC and
// JSON-RPC `JSON2_PASSWORD_<NAME>` or `JSON2_API_KEY_<NAME>`); never an argument or a file under version control.
import fs from 'node:fs';
import path from 'node:path';
import { ConnectionLookupError } from './connectionFile';
import type { ConnectionProtocol } from './connectionProfile';
import { apiKeyVariableOf, GENERIC_API_KEY_VARIABLE, originOf, originVariableOf, passwordVariableOf } from './connectionSecretNames';

/** A secret and where it was found (the place, never the value, may be printed). */
export interface FoundSecret {
  readonly secret: string;
  /** `JSON2_API_KEY_LOCAL`, `JSON2_API_KEY` or `key file /path`. */
  readonly source: string;
  /** Advice that does not stop the run (a key file that git could pick up, a file others may read). */
  readonly warnings: readonly string[];
}

export interface SecretLookupOptions {
  /** The connection's name; undefined for a connection given by URL on the command line. */
  readonly connectionName?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `--key-file`: read first when given. */
  readonly keyFile?: string;
  /** The connection's interface (default JSON-2): on the deprecated ones the secret is a password (or a key). */
  readonly protocol?: ConnectionProtocol;
  /** The connection's address: checked against `JSON2_ORIGIN_<NAME>` when that variable binds its secret to an origin. */
  readonly baseUrl?: string;
}

/**
 * The secret of a connection: the key file when one is given, else `JSON2_API_KEY_<NAME IN CAPITALS>`, else
 * `JSON2_API_KEY`. A connection on XML-RPC or JSON-RPC takes its password from `JSON2_PASSWORD_<NAME>`, else a key
 * from `JSON2_API_KEY_<NAME>`, never the generic variable: a password only goes where its own connection sends it.
 * Throws a `ConnectionLookupError` naming the places it looked.
 */
export function findConnectionSecret(options: SecretLookupOptions): FoundSecret {
  checkBoundOrigin(options);
  if (options.keyFile !== undefined) return readKeyFile(options.keyFile);
  const legacy = options.protocol !== undefined && options.protocol !== 'json2' && options.connectionName !== undefined;
  const variables =
    options.connectionName === undefined
      ? [GENERIC_API_KEY_VARIABLE]
      : legacy
        ? [passwordVariableOf(options.connectionName), apiKeyVariableOf(options.connectionName)]
        : [apiKeyVariableOf(options.connectionName), GENERIC_API_KEY_VARIABLE];
  for (const variable of variables) {
    const value = options.env[variable]?.trim();
    if (value) return { secret: value, source: variable, warnings: [] };
  }
  const target = options.connectionName === undefined ? 'this connection' : `the connection "${options.connectionName}"`;
  const what = legacy
    ? `No password or API key for ${target} (${options.protocol === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC'})`
    : `No API key for ${target}`;
  throw new ConnectionLookupError(
    'missing',
    `${what}: set ${variables.join(' or ')} in the environment, or give --key-file FILE. ` +
      'Secrets are never taken from the command line, where other users and the shell history could see them.',
  );
}

/**
 * `JSON2_ORIGIN_<NAME>`, when set, is the only origin the connection's secret (from any place) may go to: a connection
 * of that name pointing elsewhere (a workspace edited since the variable was set) is refused before any secret is read.
 */
function checkBoundOrigin(options: SecretLookupOptions): void {
  if (options.connectionName === undefined || options.baseUrl === undefined) return;
  const variable = originVariableOf(options.connectionName);
  const bound = options.env[variable]?.trim();
  if (!bound) return;
  let origin: string;
  try {
    origin = new URL(bound).origin;
  } catch {
    throw new ConnectionLookupError('usage', `${variable} must be an origin such as https://erp.example.com:8443.`);
  }
  if (originOf(options.baseUrl) !== origin) {
    throw new ConnectionLookupError(
      'changed',
      `The key of the connection "${options.connectionName}" is bound to ${origin} (${variable}), but the connection points to ` +
        `${originOf(options.baseUrl)}: nothing was sent. Check where the connection's address was changed.`,
    );
  }
}

/**
 * Reads a key file: the first line, trimmed. A file tracked by git is refused (a committed key is a leaked key); a
 * file git could still pick up, or that other users may read, gives a warning.
 */
export function readKeyFile(file: string): FoundSecret {
  const absolute = path.resolve(file);
  let text: string;
  let mode: number;
  try {
    text = fs.readFileSync(absolute, 'utf8');
    mode = fs.statSync(absolute).mode;
  } catch (error) {
    throw new ConnectionLookupError(
      'file',
      `Cannot read the key file ${absolute}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length !== 1) throw new ConnectionLookupError('file', `The key file ${absolute} must hold exactly one line: the key.`);
  const git = gitStatusOf(absolute);
  if (git === 'tracked') {
    throw new ConnectionLookupError(
      'file',
      `The key file ${absolute} is tracked by git: a committed key is a leaked key. ` +
        'Revoke that key, remove the file from the repository, and keep the new key outside it (or in an ignored file).',
    );
  }
  const warnings: string[] = [];
  if (git === 'untracked') warnings.push(`The key file ${absolute} is inside a git repository and not ignored; add it to .gitignore.`);
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) warnings.push(`Other users may read the key file ${absolute}; chmod 600 it.`);
  return { secret: lines[0], source: `key file ${absolute}`, warnings };
}

/** Whether git tracks the file, could pick it up, ignores it, or there is no repository (or no git). */
function gitStatusOf(linkedFile: string): 'tracked' | 'untracked' | 'ignored' | 'none' {
  // Through symbolic links, as git sees the file: a link from outside must not hide a tracked file.
  const file = fs.realpathSync(linkedFile);
  const cwd = path.dirname(file);
  // No `.git` above the file (and no GIT_DIR pointing elsewhere): no repository, without starting git at all.
  if (process.env.GIT_DIR === undefined && !hasGitMarkerAbove(cwd)) return 'none';
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
  const run = (args: string[]): number | null => spawnSync('git', args, { cwd, stdio: 'ignore', timeout: 5000 }).status;
  if (run(['rev-parse', '--is-inside-work-tree']) !== 0) return 'none';
  if (run(['ls-files', '--error-unmatch', '--', file]) === 0) return 'tracked';
  return run(['check-ignore', '-q', '--', file]) === 0 ? 'ignored' : 'untracked';
}

/** Whether a `.git` folder or file (a worktree or submodule) is in `dir` or a folder above it, as git looks for one. */
function hasGitMarkerAbove(dir: string): boolean {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, '.git'))) return true;
    if (path.dirname(current) === current) return false;
  }
}
