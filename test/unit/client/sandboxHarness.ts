// Finds the sandbox's test API at run time, so client suites run against the real sandbox as soon as it exists and
// say plainly that they were skipped until then.
import path from 'node:path';

/** The part of the sandbox test API these suites use. */
export interface SandboxUnderTest {
  readonly url: string;
  readonly database: string;
  readonly keys: { readonly admin: string; readonly user: string; readonly robot: string };
  stop(): Promise<void>;
}

type StartSandbox = () => Promise<SandboxUnderTest>;

/** `startSandbox` from `src/sandbox/testApi`, or the reason it cannot be used yet. */
export function sandboxStarter(): { start: StartSandbox } | { skip: string } {
  const modulePath = path.resolve(__dirname, '../../../src/sandbox/testApi.js');
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require(modulePath) as { startSandbox?: StartSandbox };
    if (typeof loaded.startSandbox !== 'function') return { skip: 'src/sandbox/testApi does not export startSandbox yet' };
    return { start: loaded.startSandbox };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes('testApi')) {
      return { skip: 'the sandbox test API (src/sandbox/testApi.ts) is not there yet' };
    }
    throw error;
  }
}
