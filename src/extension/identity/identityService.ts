// Who each connection's key acts as, read once per connection on demand and kept until its settings or keys change;
// the tree's tooltip, the status bar and the "Who Am I" view all ask here.
import * as vscode from 'vscode';
import { type AccessIdentity, readIdentity } from '../../core/access/identity';
import type { ConnectionService } from '../connections/connectionService';

export class IdentityService implements vscode.Disposable {
  readonly #known = new Map<string, AccessIdentity>();
  readonly #loading = new Map<string, Promise<AccessIdentity>>();
  readonly #changed = new vscode.EventEmitter<string>();
  /** Fires with a connection's name when what is known of it changes (read, or forgotten). */
  readonly onDidChange = this.#changed.event;
  readonly #subscriptions: vscode.Disposable[];
  #generation = 0;

  /** `changes`: the events after which a key may act as someone else (the connections' settings and keys). */
  constructor(
    private readonly service: ConnectionService,
    changes: ReadonlyArray<vscode.Event<unknown>>,
  ) {
    this.#subscriptions = [this.#changed, ...changes.map((event) => event(() => this.#forget()))];
  }

  /** What was read of the connection's key, if anything yet. */
  known(name: string): AccessIdentity | undefined {
    return this.#known.get(name.toLowerCase());
  }

  /** Reads who the connection's key acts as (one read at a time per connection), keeps and announces it. */
  load(name: string): Promise<AccessIdentity> {
    const key = name.toLowerCase();
    const running = this.#loading.get(key);
    if (running) return running;
    const generation = this.#generation;
    const loading = (async () => {
      const client = await this.service.client(name);
      const identity = await readIdentity((call) => client.call(call), { database: client.profile.database ?? null });
      if (generation === this.#generation) {
        this.#known.set(key, identity);
        this.#changed.fire(name);
      }
      return identity;
    })().finally(() => {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    });
    this.#loading.set(key, loading);
    return loading;
  }

  #forget(): void {
    this.#generation += 1;
    this.#loading.clear();
    const names = [...this.#known.keys()];
    this.#known.clear();
    for (const name of names) this.#changed.fire(name);
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
  }
}
