// What every UI test shares: the project's root and manifest, the packaged .vsix's default path, and timed steps.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
export const defaultVsix = path.join(root, `${manifest.name}-${manifest.version}.vsix`);

/** Returns `step(label, action)`: runs the action, printing `ok`/`FAIL` with the seconds since this call. */
export function timedSteps() {
  const started = Date.now();
  const stamp = () => `[${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s]`;
  return async function step(label, action) {
    try {
      const result = await action();
      console.log(`${stamp()} ok   ${label}`);
      return result;
    } catch (error) {
      console.log(`${stamp()} FAIL ${label}: ${error.message.split('\n')[0]}`);
      throw error;
    }
  };
}
