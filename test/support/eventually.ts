// Waiting on a state instead of a fixed sleep: a loaded machine may take any time to get there, never a wrong turn.
import assert from 'node:assert/strict';

/** Resolves when `predicate` holds, checking every 20 ms; fails after `ms` with `what` (a hung test, not a timing). */
export async function eventually(predicate: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  for (const deadline = Date.now() + ms; ; ) {
    if (await predicate()) return;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
