// A test that needs a program the machine may lack (php, python3, curl, script) is skipped with its reason on a
// developer's machine, but fails under CI, where test/host/installHost.mjs installs every such program.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';

const set = (value: string | undefined) => value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';

/** True when the environment variable CI or JSON2_CI is set (and not `0` or `false`). */
export function underCi(): boolean {
  return set(process.env.CI) || set(process.env.JSON2_CI);
}

/** Skips the test with `reason` outside CI; under CI fails it with `reason`. */
export function skipOutsideCi(t: TestContext, reason: string): void {
  if (underCi()) assert.fail(`${reason} (under CI this is a failure: test/host/installHost.mjs installs what the tests need)`);
  t.skip(reason);
}
