// Pins the saved connections a CLI command (`json2 run`, `json2 mcp`) read when it started: a key only goes where it was given for.
import type { ConnectionProfile } from './connectionProfile';
import { ConnectionLookupError, type ConnectionSource } from './connectionFile';
import { loadCliConnections } from './cliConnectionResolver';

/** What of a connection decides where its secret goes and what may be sent with it: fixed for the command's lifetime. */
const PINNED_FIELDS = [
  'baseUrl',
  'database',
  'databaseHeader',
  'protocol',
  'login',
  'readOnly',
  'production',
  'allowInsecureHttp',
] as const;

/** Where the command looks for its connections: the `--connections` file, else the settings at or above `cwd`. */
export interface PinnedPlace {
  readonly cwd: string;
  readonly connectionsFile?: string;
}

/** One pinned field the file now says otherwise about (`readOnly: true → false`). */
export interface PinChange {
  readonly field: (typeof PINNED_FIELDS)[number];
  readonly pinned: unknown;
  readonly now: unknown;
}

/** The pinned fields that differ between the connection as pinned and as the file says now (none: the same). */
export function pinChanges(pinned: ConnectionProfile, now: ConnectionProfile): PinChange[] {
  return PINNED_FIELDS.filter((field) => (pinned[field] ?? null) !== (now[field] ?? null)).map((field) => ({
    field,
    pinned: pinned[field],
    now: now[field],
  }));
}

const shown = (value: unknown) => (value === undefined ? 'unset' : String(value));
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The connections of one place as the command read them when it started. Each later use reads the file again and
 * refuses (with `ConnectionLookupError('changed')`, which says to restart) a connection whose address, database or
 * safe modes changed since, one that was added since, and every one when the file became unreadable: the keys of
 * the environment were given for the connections as they were then, and an agent that can edit the workspace must
 * not be able to send them elsewhere or drop `readOnly`/`production`. Other fields (variables, default context,
 * display data) follow the file.
 */
export class ConnectionPins {
  readonly #place: PinnedPlace;
  readonly #command: string;
  readonly #pinned: { readonly source: ConnectionSource | undefined } | { readonly error: Error };

  /** Reads the place now. `command` names the command in messages (`json2 mcp`). */
  constructor(place: PinnedPlace, command: string) {
    this.#place = place;
    this.#command = command;
    try {
      this.#pinned = { source: loadCliConnections(place) };
    } catch (error) {
      this.#pinned = { error: error as Error };
    }
  }

  /** The connections as pinned; throws what reading them threw at the start. */
  pinned(): ConnectionSource | undefined {
    if ('error' in this.#pinned) throw this.#pinned.error;
    return this.#pinned.source;
  }

  /**
   * The connections to pick `name` from (undefined: the only one): the pinned ones, with that connection as the file
   * says it now when its pinned fields are unchanged. Throws `ConnectionLookupError('changed')` when they changed,
   * when the connection was not there at the start but is now, or when the file cannot be read now.
   */
  verified(name: string | undefined): ConnectionSource | undefined {
    const pinned = this.pinned();
    const connections = pinned?.connections ?? [];
    const target = name === undefined ? (connections.length === 1 ? connections[0].profile.name : undefined) : name;
    const index = target === undefined ? -1 : connections.findIndex((saved) => same(saved.profile.name, target));
    let now: ConnectionSource | undefined;
    try {
      now = loadCliConnections(this.#place);
    } catch (error) {
      if (index < 0) throw error;
      throw this.#changed(connections[index].profile.name, pinned?.file, `it cannot be read now (${(error as Error).message})`);
    }
    const current = target === undefined ? undefined : now?.connections.find((saved) => same(saved.profile.name, target));
    if (index < 0) {
      if (current === undefined || target === undefined) return pinned;
      throw new ConnectionLookupError(
        'changed',
        `The connection "${current.profile.name}" was not in ${now?.file ?? 'the settings'} when ${this.#command} started: ` +
          `its keys are only used for the connections as they were then. Restart ${this.#command} to use it.`,
      );
    }
    const saved = connections[index];
    if (current === undefined || now?.file !== pinned?.file) throw this.#changed(saved.profile.name, pinned?.file, 'it is no longer there');
    const changes = pinChanges(saved.profile, current.profile);
    if (changes.length > 0) {
      const list = changes.map((change) => `${change.field}: ${shown(change.pinned)} → ${shown(change.now)}`).join('; ');
      throw this.#changed(saved.profile.name, pinned?.file, list);
    }
    return (
      pinned && { ...pinned, connections: connections.map((entry, i) => (i === index ? { ...entry, profile: current.profile } : entry)) }
    );
  }

  #changed(name: string, file: string | undefined, what: string): ConnectionLookupError {
    return new ConnectionLookupError(
      'changed',
      `The connection "${name}" changed in ${file ?? 'the settings'} since ${this.#command} started (${what}): its key is only ` +
        `sent to the address, and with the safe modes, it had then. Restart ${this.#command} to use the connection as it is now.`,
    );
  }
}
