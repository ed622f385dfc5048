// Runs a migration corpus snippet as a program of its language (CPython, Node, php-cli) with the sandbox in its environment.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StartedSandbox } from '../../../src/sandbox/testApi';

export type SnippetLanguage = 'python' | 'javascript' | 'typescript' | 'php';

/** The ripcord stand-in the PHP corpus includes (PHP's xmlrpc extension underneath). */
const PHP_RUNTIME = path.resolve(__dirname, '../../../../test/fixtures/migrationRuntime');
const EXTENSIONS: Record<SnippetLanguage, string> = { python: 'py', javascript: 'js', typescript: 'js', php: 'php' };

/** Why php-cli cannot run the PHP corpus here (missing program or extension), or undefined when it can. */
export function phpUnavailable(): string | undefined {
  const result = spawnSync(
    'php',
    ['-r', 'echo implode(",", array_filter(["curl", "xmlrpc", "json"], fn ($e) => !extension_loaded($e)));'],
    { encoding: 'utf8' },
  );
  if (result.error || result.status !== 0)
    return 'php-cli is not installed (Debian: apt-get install php-cli php-curl php-xml php-xmlrpc; npm test installs them)';
  return result.stdout.trim() ? `php lacks the extensions ${result.stdout.trim()} (Debian: php-curl, php-xmlrpc)` : undefined;
}

let python: string | undefined;

/**
 * The interpreter `python3` runs, asked once: a launcher in between (pyenv's shim is a bash script that runs
 * `pyenv exec`) would cost each snippet about 0.07 s of CPU time for nothing.
 */
export function pythonInterpreter(): string {
  python ??= spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout?.trim() || 'python3';
  return python;
}

/**
 * Node compiles WebAssembly with its baseline compiler only, as the test processes do (scripts/runUnitTests.mjs):
 * fetch's HTTP parser is WebAssembly, and optimising it cost a snippet that calls fetch once about 0.08 s of CPU time.
 */
const NODE_FLAGS = ['--liftoff-only'];

function commandOf(language: SnippetLanguage, file: string): [string, string[]] {
  if (language === 'python') return [pythonInterpreter(), [file]];
  if (language === 'javascript' || language === 'typescript') return [process.execPath, [...NODE_FLAGS, file]];
  return ['php', ['-d', `include_path=.:${PHP_RUNTIME}`, '-d', 'display_errors=stderr', '-d', 'error_reporting=E_ALL', file]];
}

/**
 * TypeScript compiled by tsc's own transpiler, to be run by node (its type-check is in conversion.test.ts). The
 * compiler is loaded only by the files that run TypeScript: loading it costs about 0.3 s of CPU time.
 */
async function transpiled(code: string): Promise<string> {
  const { default: ts } = await import('typescript');
  return ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
}

/**
 * Runs one program with `env` added and returns what it printed. Asynchronous: the sandbox answers from this very
 * process, so a synchronous spawn would leave the program waiting forever.
 */
export async function runSnippet(language: SnippetLanguage, code: string, env: Record<string, string>): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-migrate-run-'));
  const file = path.join(dir, `snippet.${EXTENSIONS[language]}`);
  fs.writeFileSync(file, language === 'typescript' ? await transpiled(code) : code);
  const [command, args] = commandOf(language, file);
  try {
    return await new Promise<string>((resolve, reject) => {
      // The limit only ends a hung snippet: a backup and restore of the demo database took over 60 s at load 35.
      execFile(
        command,
        args,
        {
          encoding: 'utf8',
          timeout: 600_000,
          env: { ...process.env, ...env, NODE_PATH: path.resolve(__dirname, '../../../../node_modules') },
        },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${language} snippet failed (${error.message}):\n${code}\n${stdout}\n${stderr}`)) : resolve(stdout),
      );
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The environment the corpus reads; a spare key (for revoke) only when asked, as keys per user are limited. */
export async function corpusEnvironment(sandbox: StartedSandbox, spareKey: boolean): Promise<Record<string, string>> {
  return {
    JSON2_BASE_URL: sandbox.url,
    SANDBOX_JSONRPC_URL: `${sandbox.url}/jsonrpc`,
    SANDBOX_DB: sandbox.database,
    SANDBOX_UID: String(sandbox.users.admin.id),
    SANDBOX_LOGIN: sandbox.users.admin.login,
    JSON2_API_KEY: sandbox.keys.admin,
    SANDBOX_MASTER_PASSWORD: sandbox.masterPassword,
    SANDBOX_SPARE_KEY: spareKey ? await sandbox.newKey('admin', { days: 7, name: 'spare' }) : '',
  };
}
