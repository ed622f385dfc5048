// Keeps each connection's secret (API key, or password for the deprecated interfaces) in VS Code's SecretStorage.
import type * as vscode from 'vscode';
import { type ConnectionProfile, secretKindOf, type ConnectionSecretKind } from '../../core/connections/connectionProfile';
import { secretStorageKeyOf } from '../../core/connections/connectionSecretNames';

const ALL_KINDS: readonly ConnectionSecretKind[] = ['apiKey', 'password'];

/** Secrets by connection; the storage key names the connection and its server's origin (see secretStorageKeyOf). */
export class ConnectionSecretStore {
  readonly #secrets: vscode.SecretStorage;

  constructor(secrets: vscode.SecretStorage) {
    this.#secrets = secrets;
  }

  /** Fires when a secret changes, also from another window of the same profile. */
  get onDidChange(): vscode.Event<vscode.SecretStorageChangeEvent> {
    return this.#secrets.onDidChange;
  }

  async get(profile: ConnectionProfile): Promise<string | undefined> {
    const secret = await this.#secrets.get(secretStorageKeyOf(profile, secretKindOf(profile)));
    return secret === '' ? undefined : secret;
  }

  async has(profile: ConnectionProfile): Promise<boolean> {
    return (await this.get(profile)) !== undefined;
  }

  async store(profile: ConnectionProfile, secret: string): Promise<void> {
    await this.#secrets.store(secretStorageKeyOf(profile, secretKindOf(profile)), secret);
  }

  /** Deletes every secret the connection may own, whatever its protocol is now. */
  async delete(profile: Pick<ConnectionProfile, 'name' | 'baseUrl'>): Promise<void> {
    for (const kind of ALL_KINDS) await this.#secrets.delete(secretStorageKeyOf(profile, kind));
  }

  /** Moves the secret to the connection's new name or address (deleting it under the old one). */
  async move(from: ConnectionProfile, to: ConnectionProfile): Promise<void> {
    const secret = await this.get(from);
    if (secret !== undefined) await this.store(to, secret);
    const sameKey = secretStorageKeyOf(from, secretKindOf(from)) === secretStorageKeyOf(to, secretKindOf(to));
    if (!sameKey) await this.delete(from);
  }
}
