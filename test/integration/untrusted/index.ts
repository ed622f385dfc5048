// Entry point of the second host session, where workspace trust is on and the test folder is not trusted.
import { runSuitesIn } from '../suite/index';

export function run(): Promise<void> {
  return runSuitesIn(__dirname);
}
