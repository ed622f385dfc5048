// PGlite's WebAssembly module, compiled once per process and handed to every database worker the process starts.
import fs from 'node:fs';
import path from 'node:path';

/** A compiled WebAssembly.Module (opaque here: it is only passed on to the workers, which can receive it). */
export type CompiledWasm = { readonly compiledWasm?: never };

/** Node's WebAssembly global, which this project's TypeScript libraries (ES2023, node) do not declare. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm> };

/**
 * Where pglite.wasm is: next to the bundle (dist/sandbox.js, dist/sandboxTestApi.js: the build copies it there), or
 * in the package when the sandbox runs transpiled (out/, the unit tests).
 */
function wasmCandidates(): string[] {
  const candidates = [path.join(__dirname, 'pglite.wasm')];
  try {
    candidates.push(path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm'));
  } catch {
    // A bundle without node_modules beside it: only the first candidate applies.
  }
  return candidates;
}

let compiled: Promise<CompiledWasm | undefined> | null = null;

/**
 * The compiled module, shared: a worker given it skips compiling PGlite's 9 MB of WebAssembly again, and the code
 * V8 compiles lazily while one database runs is there for the next (about half a database opening's CPU time).
 * Undefined when the file cannot be found or compiled; the worker then lets PGlite load its own copy (its errors
 * are PGlite's as before).
 */
export function sharedPgliteModule(): Promise<CompiledWasm | undefined> {
  compiled ??= (async () => {
    const file = wasmCandidates().find((candidate) => fs.existsSync(candidate));
    if (!file) return undefined;
    try {
      return await WebAssembly.compile(await fs.promises.readFile(file));
    } catch {
      return undefined;
    }
  })();
  return compiled;
}
