// Puts a key into a connection: the key in the secret storage, what is known about it (scope, expiration) in the
// connection's settings entry. Also builds JSON-2 clients for the key commands, outside the shared client cache.
import type { Json2Client } from '../../core/client/json2Client';
import type { ConnectionProfile, SavedConnection } from '../../core/connections/connectionProfile';
import type { KeyFacts, KeyStore } from '../../core/keys/keyFlowPorts';
import type { ConnectionSecretStore } from '../connections/connectionSecretStore';
import type { ConnectionSettingsStore, SettingsLevel } from '../connections/connectionSettingsStore';

const levelOf = (saved: SavedConnection): SettingsLevel => (saved.level === 'workspace' ? 'workspace' : 'user');

export class KeyStorage implements KeyStore {
  readonly #secrets: ConnectionSecretStore;
  readonly #settings: ConnectionSettingsStore;
  readonly #userAgent: string;

  constructor(secrets: ConnectionSecretStore, settings: ConnectionSettingsStore, userAgent: string) {
    this.#secrets = secrets;
    this.#settings = settings;
    this.#userAgent = userAgent;
  }

  async keyOf(profile: ConnectionProfile): Promise<string | undefined> {
    return this.#secrets.get(profile);
  }

  /** Stores `key` as the connection's key and records its scope and expiration with the connection's settings. */
  async store(saved: SavedConnection, key: string, facts: KeyFacts): Promise<void> {
    await this.#secrets.store(saved.profile, key);
    await this.recordFacts(saved, facts);
  }

  /** Records (or, with undefined, forgets) the key's scope and expiration in the connection's settings entry. */
  async recordFacts(saved: SavedConnection, facts: KeyFacts | undefined): Promise<void> {
    const { keyScope: _scope, keyExpiration: _expiration, ...rest } = saved.profile;
    const profile: ConnectionProfile =
      facts === undefined
        ? rest
        : { ...rest, keyScope: facts.scope, ...(facts.expiration !== undefined ? { keyExpiration: facts.expiration } : {}) };
    await this.#settings.save(profile, levelOf(saved), saved.profile.name);
  }

  /** Deletes the connection's key (after it was revoked) and what was known about it. */
  async forget(saved: SavedConnection): Promise<void> {
    await this.#secrets.delete(saved.profile);
    await this.recordFacts(saved, undefined);
  }

  /** A JSON-2 client of the connection with `key`; the HTTP stack loads on first use. Close it after use. */
  async client(profile: ConnectionProfile, key: string): Promise<Json2Client> {
    const { Json2Client } = await import('../../core/client/json2Client.js');
    return new Json2Client({
      baseUrl: profile.baseUrl,
      apiKey: key,
      database: profile.database,
      databaseHeader: profile.databaseHeader,
      allowInsecureHttp: profile.allowInsecureHttp,
      userAgent: this.#userAgent,
    });
  }
}
