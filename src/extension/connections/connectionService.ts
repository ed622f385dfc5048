// The connections as the rest of the extension uses them: the list in effect, the active one, clients with their key,
// guarded calls (read-only, production), call logging, and the offer to update a refused key.
import * as vscode from 'vscode';
import type { CallRecord } from '../../core/client/callTimings';
import type { ConnectionClient, MethodCall } from '../../core/connections/connectionClient';
import type { ConnectionProfile, SavedConnection } from '../../core/connections/connectionProfile';
import type { ConnectionProblem } from '../../core/connections/connectionSettings';
import type { RequestFile } from '../../core/requestFile';
import { chooseRequestConnection, chosenName } from '../../core/requestRun/requestConnection';
import { CommandIds } from '../commandIds';
import type { ConnectionPrompts } from './connectionPrompts';
import type { ConnectionSecretStore } from './connectionSecretStore';
import type { ConnectionSettingsStore } from './connectionSettingsStore';

const ACTIVE_KEY = 'json2.activeConnection';

export interface ConnectionServiceDeps {
  readonly settings: ConnectionSettingsStore;
  readonly secrets: ConnectionSecretStore;
  /** Where the active connection's name is remembered (the workspace's state, never its settings). */
  readonly state: vscode.Memento;
  readonly log: vscode.LogOutputChannel;
  /** Read at each use, so that tests can answer the modal dialogs. */
  readonly prompts: () => ConnectionPrompts;
  readonly userAgent: string;
}

/** The connection has no key (or password) in the secret storage yet. */
export class MissingSecretError extends Error {
  readonly kind = 'missingSecret';
}

export class ConnectionService implements vscode.Disposable {
  readonly #deps: ConnectionServiceDeps;
  readonly #changed = new vscode.EventEmitter<void>();
  readonly #clients = new Map<string, ConnectionClient>();
  /** Clients being made (the secret is being read), shared by the calls that ask meanwhile. */
  readonly #making = new Map<string, { readonly profile: string; readonly client: Promise<ConnectionClient> }>();
  /** Counts changes of the list or the keys: a client made from what was read before one is not kept. */
  #generation = 0;
  /** Connections whose key-update offer is showing: one notification at a time per connection. */
  readonly #offering = new Set<string>();
  readonly #subscriptions: vscode.Disposable[];
  /** Fires when the list, a key or the active connection changes. */
  readonly onDidChange = this.#changed.event;

  constructor(deps: ConnectionServiceDeps) {
    this.#deps = deps;
    this.#subscriptions = [
      this.#changed,
      deps.settings.onDidChange(() => this.#invalidate()),
      deps.secrets.onDidChange(() => this.#invalidate()),
    ];
  }

  list(): readonly SavedConnection[] {
    return this.#deps.settings.read().connections;
  }

  /** Entries of the setting that cannot be used, with the reason. */
  problems(): readonly ConnectionProblem[] {
    return this.#deps.settings.read().problems;
  }

  find(name: string): SavedConnection | undefined {
    return this.list().find((saved) => saved.profile.name.toLowerCase() === name.toLowerCase());
  }

  /** The connection used by request files without `# @connection`: the one chosen last, else the first. */
  active(): SavedConnection | undefined {
    const name = this.#deps.state.get<string>(ACTIVE_KEY);
    return (name === undefined ? undefined : this.find(name)) ?? this.list()[0];
  }

  /**
   * The connection a request of a parsed file uses (`index` undefined: the file's own choice): the core's rule
   * (`chooseRequestConnection`), the default being the active connection. A name written with placeholders counts as
   * the default here, where nothing may be resolved (features that run while typing); sending resolves it.
   */
  forRequest(parsed: RequestFile, index?: number): SavedConnection | undefined {
    const name = chosenName(chooseRequestConnection(parsed, index));
    return name === undefined ? this.active() : this.find(name);
  }

  async setActive(name: string): Promise<void> {
    await this.#deps.state.update(ACTIVE_KEY, name);
    this.#changed.fire();
  }

  async hasSecret(name: string): Promise<boolean> {
    const saved = this.find(name);
    return saved !== undefined && (await this.#deps.secrets.has(saved.profile));
  }

  /**
   * A client of the named connection (or the active one) with its key. Rejects with `MissingSecretError` (after
   * offering to set the key) when none is stored. Clients are shared until the connection or its key changes.
   * `database` names another database of the same server (the explorer's database nodes), with the same key.
   */
  async client(name?: string, database?: string): Promise<ConnectionClient> {
    const saved = this.#savedOrThrow(name);
    const other = database !== undefined && database !== (saved.profile.database ?? '');
    const profile = other ? { ...saved.profile, database } : saved.profile;
    const cacheKey = other ? `${saved.profile.name}\u0000${database}` : saved.profile.name;
    const profileText = JSON.stringify(profile);
    const cached = this.#clients.get(cacheKey);
    if (cached && JSON.stringify(cached.profile) === profileText) return cached;
    // Calls that ask at once share one client: two would split the schema services built on them.
    const making = this.#making.get(cacheKey);
    if (making?.profile === profileText) return making.client;
    const generation = this.#generation;
    const client = this.#make(saved, profile).then((made) => {
      if (generation === this.#generation) {
        this.#clients.set(cacheKey, made);
        return made;
      }
      // The list or a key changed while the secret was read: this client may hold the old key; make it again.
      void made.close().catch(() => undefined);
      return this.client(name, database);
    });
    const entry = { profile: profileText, client };
    this.#making.set(cacheKey, entry);
    const forget = (): void => {
      if (this.#making.get(cacheKey) === entry) this.#making.delete(cacheKey);
    };
    client.then(forget, forget);
    return client;
  }

  /**
   * The named connection (or the active one) with its secret, for the request pipeline. Rejects as `client` does: no
   * such connection, or `MissingSecretError` after offering to set the key.
   */
  async withSecret(name?: string): Promise<{ profile: ConnectionProfile; secret: string }> {
    const saved = this.#savedOrThrow(name);
    return { profile: saved.profile, secret: await this.#secretOf(saved) };
  }

  #savedOrThrow(name: string | undefined): SavedConnection {
    const saved = name === undefined ? this.active() : this.find(name);
    if (!saved)
      throw new Error(
        name === undefined ? vscode.l10n.t('No JSON-2 connection yet: add one first.') : vscode.l10n.t('No connection named "{0}".', name),
      );
    return saved;
  }

  async #secretOf(saved: SavedConnection): Promise<string> {
    const secret = await this.#deps.secrets.get(saved.profile);
    if (secret === undefined) {
      const message = vscode.l10n.t('The connection "{0}" has no key in this editor\'s secret storage yet.', saved.profile.name);
      void this.#offerKeyUpdate(saved, message);
      throw new MissingSecretError(message);
    }
    return secret;
  }

  async #make(saved: SavedConnection, profile: SavedConnection['profile']): Promise<ConnectionClient> {
    const secret = await this.#secretOf(saved);
    // Loaded on first use: the HTTP stack stays out of the editor's start-up.
    const { ConnectionClient } = await import('../../core/connections/connectionClient.js');
    return new ConnectionClient(profile, secret, {
      userAgent: this.#deps.userAgent,
      onCall: (record) => this.#logCall(saved.profile.name, record),
      confirm: (question) => this.#deps.prompts().confirmProduction(question),
    });
  }

  /**
   * Calls a method on a connection through its safe modes. A refused key rejects at once and offers to update the
   * key; nothing is retried.
   */
  async call<T = unknown>(call: MethodCall, options: { connection?: string; signal?: AbortSignal } = {}): Promise<T> {
    const client = await this.client(options.connection);
    const name = client.profile.name;
    const started = performance.now();
    try {
      const result = await client.call<T>(call, options.signal);
      if (client.profile.protocol !== 'json2')
        this.#log('info', name, `${call.model}.${call.method} ok in ${Math.round(performance.now() - started)} ms`);
      return result;
    } catch (error) {
      const kind = (error as { kind?: unknown }).kind;
      if (kind === 'refused') this.#log('warn', name, (error as Error).message);
      else if (client.profile.protocol !== 'json2')
        this.#log(
          'warn',
          name,
          `${call.model}.${call.method} failed (${String(kind)}): ${client.redactor.redact((error as Error).message)}`,
        );
      this.reportFailure(name, error);
      throw error;
    }
  }

  /** Offers to update the key when the error is the server refusing it; does nothing for other errors. */
  reportFailure(name: string, error: unknown): void {
    const saved = this.find(name);
    if (!saved || (error as { kind?: unknown } | null)?.kind !== 'auth') return;
    const reason = error instanceof Error ? error.message : String(error);
    void this.#offerKeyUpdate(
      saved,
      vscode.l10n.t('The server refused the key of the connection "{0}" ({1}).', saved.profile.name, reason),
    );
  }

  dispose(): void {
    this.#invalidate(false);
    for (const subscription of this.#subscriptions) subscription.dispose();
  }

  async #offerKeyUpdate(saved: SavedConnection, message: string): Promise<void> {
    this.#log('warn', saved.profile.name, message);
    const key = saved.profile.name.toLowerCase();
    if (this.#offering.has(key)) return;
    this.#offering.add(key);
    try {
      if (!(await this.#deps.prompts().offerKeyUpdate(saved.profile, message))) return;
    } finally {
      this.#offering.delete(key);
    }
    await vscode.commands.executeCommand(CommandIds.updateApiKey, saved.profile.name);
  }

  #logCall(name: string, record: CallRecord): void {
    const time = record.timings ? `${Math.round(record.timings.totalMs)} ms` : '-';
    const line = `${record.target} → ${record.status ?? 'no answer'} in ${time}${record.errorKind ? ` (${record.errorKind})` : ''}`;
    this.#log(record.ok ? 'info' : 'warn', name, line);
  }

  #log(level: 'info' | 'warn', name: string, line: string): void {
    const redactor = this.#clients.get(name)?.redactor;
    this.#deps.log[level](`[${name}] ${redactor ? redactor.redact(line) : line}`);
  }

  #invalidate(fire = true): void {
    this.#generation += 1;
    for (const client of this.#clients.values()) void client.close().catch(() => undefined);
    this.#clients.clear();
    this.#making.clear();
    if (fire) this.#changed.fire();
  }
}
