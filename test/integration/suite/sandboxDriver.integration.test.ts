// The sandbox server for the suites that talk to one, loaded from the test build when a suite starts it. No tests here.
import path from 'node:path';
import type { StartedSandbox, StartSandboxOptions } from '../../../src/sandbox/testApi';

type SandboxTestApi = typeof import('../../../src/sandbox/testApi');

/** Starts the sandbox from out/src/sandbox/testApi.js; a missing test build fails the suite and says what to run. */
export function startSandbox(options: StartSandboxOptions = {}): Promise<StartedSandbox> {
  const file = path.resolve(__dirname, '../../../src/sandbox/testApi.js');
  let api: SandboxTestApi;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    api = require(file) as SandboxTestApi;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND')
      throw new Error(`${file} is missing: run node scripts/build.mjs --tests first`, { cause: error });
    throw error;
  }
  return api.startSandbox(options);
}
