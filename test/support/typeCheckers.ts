// Compiles generated code with the real checkers: TypeScript's compiler API (`--strict`) and Debian's mypy
// (`--strict`), installed with apt-get on first use when this runs as root.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const run = promisify(execFile);

export interface TypeScriptDiagnostic {
  readonly file: string;
  readonly code: number;
  readonly message: string;
}

/** Type-checks `entry` (and what it imports) in `dir` as `tsc --strict --noEmit` would; the diagnostics found. */
export function typeScriptDiagnostics(dir: string, entry: string): TypeScriptDiagnostic[] {
  const program = ts.createProgram([path.join(dir, entry)], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    file: diagnostic.file ? path.basename(diagnostic.file.fileName) : '',
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}

/** Transpiles `.ts` files of `dir` to CommonJS `.js` beside them (no checking: typeScriptDiagnostics does that). */
export function transpileToCommonJs(dir: string, files: readonly string[]): void {
  for (const file of files) {
    const output = ts.transpileModule(fs.readFileSync(path.join(dir, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    fs.writeFileSync(path.join(dir, file.replace(/\.ts$/, '.js')), output.outputText);
  }
}

async function succeeds(command: string, args: readonly string[]): Promise<boolean> {
  try {
    await run(command, [...args], { timeout: 300_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Debian's mypy with the requests stubs (python3-typeshed) and Debian's python3 with requests; installed with
 * apt-get when missing and this runs as root. A reason to skip when they cannot be had.
 */
export async function mypyAndPython(): Promise<{ mypy: string; python: string } | { skip: string }> {
  const ready = async () =>
    (await succeeds('/usr/bin/mypy', ['--version'])) &&
    (await succeeds('/usr/bin/python3', ['-c', 'import requests'])) &&
    fs.existsSync('/usr/lib/python3/dist-packages/requests-stubs');
  if (await ready()) return { mypy: '/usr/bin/mypy', python: '/usr/bin/python3' };
  if (process.getuid?.() === 0 && (await succeeds('apt-get', ['--version']))) {
    await succeeds('apt-get', ['install', '-y', '-q', 'mypy', 'python3-typeshed', 'python3-requests']);
    if (await ready()) return { mypy: '/usr/bin/mypy', python: '/usr/bin/python3' };
  }
  return {
    skip: 'NO MYPY: apt-get install mypy python3-typeshed python3-requests failed or is not allowed here, so the Python types were NOT type-checked',
  };
}

/**
 * `mypy --strict FILE` in `dir`: its exit code and report. Incremental, with its cache in `dir`: a later check in the
 * same folder reuses the standard library's and the stubs' analysis (about 1.2 of a check's 1.5 s of CPU) and checks
 * again only what changed; a module with errors is never cached, so its errors are reported every time.
 */
export async function mypyReport(mypy: string, dir: string, file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(mypy, ['--strict', '--cache-dir', path.join(dir, '.mypy_cache'), file], {
      cwd: dir,
      timeout: 120_000,
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}
