// What the key flows (Generate, Rotate, Revoke API Key) need from the editor: the connections, the key storage, the
// choices remembered per connection, the dialogs, progress and the log. Tests give their own.
import type { Json2Client } from '../client/json2Client';
import type { ConnectionProfile, SavedConnection } from '../connections/connectionProfile';
import type { FlowLog, ProgressPort } from '../connections/flowPorts';
import type { InputPort } from '../connections/inputPort';

/** What is known about a stored key, kept in the connection's settings entry. */
export interface KeyFacts {
  readonly scope: string | null;
  /** `YYYY-MM-DD`; undefined when not known (the entry's date is then removed). */
  readonly expiration: string | undefined;
}

/** The connection's key in the secret storage, and what is known about it in its settings entry. */
export interface KeyStore {
  keyOf(profile: ConnectionProfile): Promise<string | undefined>;
  store(saved: SavedConnection, key: string, facts: KeyFacts): Promise<void>;
  /** Deletes the connection's key (after it was revoked) and what was known about it. */
  forget(saved: SavedConnection): Promise<void>;
  /** A JSON-2 client of the connection with `key`; closed after use. */
  client(profile: ConnectionProfile, key: string): Promise<Json2Client>;
}

/** The scope and lifetime last chosen for a new key of a connection. */
export interface KeyChoice {
  readonly scope: string | null;
  /** A preset id (`1d`, `7d`, `30d`, `3m`) or `date` when a date was typed. */
  readonly lifetime: string;
}

export interface KeyChoiceMemory {
  get(connection: string): KeyChoice | undefined;
  remember(connection: string, choice: KeyChoice): Promise<void>;
}

export interface NewKeyFacts {
  readonly name: string;
  readonly scope: string | null;
  readonly expiration: string;
  readonly connection: string;
}

/** The dialogs that are not questions of the input port. */
export interface KeyDialogs {
  /** Shows the new key once with a copy button; true when the person wants it stored in a connection. */
  showNewKey(key: string, facts: NewKeyFacts): Promise<boolean>;
  /** Modal: revoke (the connection's own key, or a pasted one)? */
  confirmRevoke(question: string, detail: string): Promise<boolean>;
  /** Modal: rotate the connection's key (its old key is revoked at the end)? */
  confirmRotate(question: string, detail: string): Promise<boolean>;
  /** A failure, with what it means in plain words. */
  showError(message: string, detail?: string): void;
  showInfo(message: string): void;
  /**
   * Modal: the server cannot make or revoke keys through its API, and what to do in its web client instead (the
   * user's preferences, Account Security, at `url`). True when the person goes on (the editor opens `url` in the
   * browser when asked to), false to stop.
   */
  offerBrowserPath(message: string, detail: string, url: string): Promise<boolean>;
  /** Modal: has the person done this step in the browser (deleted a key at `url`, which can be opened again)? */
  confirmBrowserStep(question: string, detail: string, url: string): Promise<boolean>;
}

export interface KeyFlowPorts {
  /** A fresh input per question. */
  readonly input: () => InputPort;
  readonly connections: { list(): readonly SavedConnection[]; find(name: string): SavedConnection | undefined };
  readonly storage: KeyStore;
  readonly choices: KeyChoiceMemory;
  /** Read at each use (tests replace the dialogs). */
  readonly dialogs: () => KeyDialogs;
  readonly progress: ProgressPort;
  readonly log: FlowLog;
  /**
   * Update API Key on the connection: its new key asked in a password box (`reason` said first), checked on the
   * server, then stored; true when stored. Keys made in the browser come in this way.
   */
  readonly updateKey: (saved: SavedConnection, reason: string) => Promise<boolean>;
}

/** What a key command works on: the connection its node or argument names, else one picked (JSON-2 only). */
export interface KeyTarget {
  readonly choose: (title: string) => Promise<SavedConnection | undefined>;
}

/** What a failed call says, with the server's own message. */
export function failureOf(error: unknown): { status?: number; message?: string } {
  const failure = error as { status?: unknown; message?: unknown };
  return {
    status: typeof failure?.status === 'number' ? failure.status : undefined,
    message: typeof failure?.message === 'string' ? failure.message : String(error),
  };
}

/** The connection's key, or undefined (said so) when the secret storage has none. */
export async function connectionKey(ports: KeyFlowPorts, saved: SavedConnection): Promise<string | undefined> {
  const key = await ports.storage.keyOf(saved.profile);
  if (key === undefined)
    ports
      .dialogs()
      .showError(`The connection "${saved.profile.name}" has no key in this editor's secret storage: set one with Update API Key first.`);
  return key;
}
