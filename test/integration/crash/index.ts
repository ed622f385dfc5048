// Entry point of a test-only host session (JSON2_INTEGRATION_CRASH=1) whose suite makes the extension host die.
import { runSuitesIn } from '../suite/index';

export function run(): Promise<void> {
  return runSuitesIn(__dirname);
}
