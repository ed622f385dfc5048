// Process-wide memory settings for a sandbox that has its process to itself (`json2 sandbox`, also what the extension's
// Start Local Sandbox runs), set before the first database opens. Not for tests, which start it inside their process.
import v8 from 'node:v8';
import vm from 'node:vm';
import { useCollector } from '../http/answerMemory';

export function tuneSandboxProcess(): void {
  // PGlite's PostgreSQL is a 9 MB WebAssembly module. V8 compiles it with its baseline compiler (Liftoff) and, by
  // default, recompiles the functions that run often with its optimising one (TurboFan) on background threads; the
  // working memory of that second compilation (over 100 MB, in the C allocator's per-thread arenas) stays with the
  // process afterwards. Baseline code only: about 110 MB less with a database open, for the same CPU time measured
  // on reads and writes (docs/benchmarks.md, "Sandbox memory").
  v8.setFlagsFromString('--liftoff-only');
  // A full collection after large answers (http/answerMemory.ts) needs `gc`, which only a new context sees once the
  // flag is set. Without it (a runtime that refuses the flag) the sandbox runs as before.
  v8.setFlagsFromString('--expose-gc');
  const collect: unknown = vm.runInNewContext('typeof gc === "function" ? gc : undefined');
  if (typeof collect === 'function') useCollector(() => collect());
}
