// Compiles generated code with the real checkers: TypeScript's compiler API (`--strict`) and Debian's mypy
// (`--strict`), installed with apt-get on first use when this runs as root.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { userCacheDir } from '../../src/sandbox/storage/sandboxPaths';

const run = promisify(execFile);

export interface TypeScriptDiagnostic {
  readonly file: string;
  readonly code: number;
  readonly message: string;
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
  skipLibCheck: true,
};

/** TypeScript's own declaration files (lib.*.d.ts), parsed once per process and shared by every program. */
const libFiles = new Map<string, ts.SourceFile | undefined>();
const libDir = path.dirname(ts.getDefaultLibFilePath(COMPILER_OPTIONS));

/** A compiler host that reads the checked files afresh each time and TypeScript's libraries once. */
function checkingHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (path.dirname(fileName) !== libDir) return read(fileName, languageVersion, onError, shouldCreate);
    if (!libFiles.has(fileName)) libFiles.set(fileName, read(fileName, languageVersion, onError, shouldCreate));
    return libFiles.get(fileName);
  };
  return host;
}

/** Type-checks `entry` (and what it imports) in `dir` as `tsc --strict --noEmit` would; the diagnostics found. */
export function typeScriptDiagnostics(dir: string, entry: string): TypeScriptDiagnostic[] {
  const program = ts.createProgram([path.join(dir, entry)], COMPILER_OPTIONS, checkingHost());
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
 * again only what changed; a module with errors is never cached, so its errors are reported every time. The folder's
 * cache starts as a copy of one that holds only the analysis of what generated code imports (typing, requests and
 * what they import; stdlibCache), so the first check of a folder does not analyse the standard library again either
 * (3.5 of its 4 s of CPU); the modules of `dir` are analysed in each folder as before.
 */
export async function mypyReport(mypy: string, dir: string, file: string): Promise<{ code: number; output: string }> {
  const cacheDir = path.join(dir, '.mypy_cache');
  if (!fs.existsSync(cacheDir)) {
    const seed = await stdlibCache(mypy);
    if (seed) fs.cpSync(seed, cacheDir, { recursive: true, preserveTimestamps: true });
  }
  try {
    const { stdout } = await run(mypy, ['--strict', '--cache-dir', cacheDir, file], {
      cwd: dir,
      timeout: 120_000,
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** What the generated Python imports; the analysis of these (and of all they import) is what stdlibCache holds. */
const GENERATED_IMPORTS = 'from typing import Any, Dict, List, Literal, NewType, Tuple, TypedDict, TypeVar, Union\nimport requests\n';

/** stdlibCache's answer per mypy, so that a process tries to make it once. */
const stdlibCaches = new Map<string, Promise<string | undefined>>();

/**
 * A mypy cache (same options as mypyReport) holding only the standard library's and the stubs' analysis, made once in
 * the user's cache folder for this mypy: mypy itself checks each entry against its source's size, time and hash and
 * against its own version and options, and analyses again what no longer matches. Undefined when it cannot be made
 * (mypyReport then starts from an empty cache, as before).
 */
function stdlibCache(mypy: string): Promise<string | undefined> {
  let made = stdlibCaches.get(mypy);
  if (!made) {
    made = makeStdlibCache(mypy).catch(() => undefined);
    stdlibCaches.set(mypy, made);
  }
  return made;
}

async function makeStdlibCache(mypy: string): Promise<string | undefined> {
  const { stdout: version } = await run(mypy, ['--version']);
  const name = version.trim().replace(/[^\w.]+/g, '-');
  if (!name) return undefined;
  const parent = path.join(userCacheDir(), 'mypy-stdlib');
  const ready = path.join(parent, name);
  if (fs.existsSync(ready)) return ready;
  // Made beside its place (the same file system), then renamed into it whole.
  fs.mkdirSync(parent, { recursive: true });
  const work = fs.mkdtempSync(path.join(parent, '.seed-'));
  try {
    fs.writeFileSync(path.join(work, 'imports_only.py'), GENERATED_IMPORTS);
    await run(mypy, ['--strict', '--cache-dir', path.join(work, 'cache'), 'imports_only.py'], { cwd: work, timeout: 120_000 });
    // Only the imported modules' analysis is kept, not the file that imported them.
    for (const entry of fs.readdirSync(path.join(work, 'cache'), { recursive: true, encoding: 'utf8' }))
      if (path.basename(entry).startsWith('imports_only.')) fs.rmSync(path.join(work, 'cache', entry));
    // Another process may have made it meanwhile: the first rename wins, and this copy is as good as that one.
    fs.renameSync(path.join(work, 'cache'), ready);
  } catch {
    // Made by another process meanwhile, or mypy failed: check with what there is.
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return fs.existsSync(ready) ? ready : undefined;
}
