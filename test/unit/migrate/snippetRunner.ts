// Runs a migration corpus snippet as a program of its language (CPython, Node, php-cli) with the sandbox in its environment.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
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

function commandOf(language: SnippetLanguage, file: string): [string, string[]] {
  if (language === 'python') return ['python3', [file]];
  if (language === 'javascript' || language === 'typescript') return [process.execPath, [file]];
  return ['php', ['-d', `include_path=.:${PHP_RUNTIME}`, '-d', 'display_errors=stderr', '-d', 'error_reporting=E_ALL', file]];
}

/**
 * Runs one program with `env` added and returns what it printed. Asynchronous: the sandbox answers from this very
 * process, so a synchronous spawn would leave the program waiting forever.
 */
export async function runSnippet(language: SnippetLanguage, code: string, env: Record<string, string>): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-migrate-run-'));
  const file = path.join(dir, `snippet.${EXTENSIONS[language]}`);
  // TypeScript is compiled by tsc's own transpiler, then run by node (its type-check is in conversion.test.ts).
  fs.writeFileSync(
    file,
    language === 'typescript'
      ? ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText
      : code,
  );
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
