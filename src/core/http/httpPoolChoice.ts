// The program's choice of HTTP pool: set once by its entry point (extension activation, the CLI's commands), read by
// every HttpTransport that is not given a pool of its own.
import type { HttpPoolFactory } from './httpPool';

let chosen: { readonly name: string; readonly create: HttpPoolFactory } | undefined;

/** Sets the pool every transport uses from now on; `name` says which, for errors and logs. */
export function chooseHttpPool(name: string, create: HttpPoolFactory): void {
  chosen = { name, create };
}

/** The chosen pool factory; throws when the program's entry point chose none (a wiring mistake, not a user error). */
export function chosenHttpPool(): HttpPoolFactory {
  if (chosen === undefined) {
    throw new Error(
      'No HTTP pool was chosen: the entry point calls chooseHttpPool() before any client sends (the unit tests: scripts/runUnitTests.mjs preloads one).',
    );
  }
  return chosen.create;
}

/** The chosen pool's name, or undefined before the choice. */
export function chosenHttpPoolName(): string | undefined {
  return chosen?.name;
}
