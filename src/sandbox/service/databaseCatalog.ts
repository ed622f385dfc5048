// The databases of a sandbox: creates them from the cached template, opens them through the pool, and keeps the
// per-database services (API key cache, clock, hashing cost) next to the models.
import fs from 'node:fs';
import type { Clock } from '../clock';
import { initializeCopiedDatabase, populateDatabase } from '../demo/databaseSetup';
import { templateVersion } from '../demo/templateVersion';
import { ApiKeyAuthenticator, AUTHENTICATION_MODELS } from '../keys/apiKeyAuthenticator';
import { DEFAULT_HASH_COST } from '../keys/secretHashing';
import { GENERIC_METHODS } from '../methods/genericMethods';
import { BASE_MODELS } from '../models/baseModels';
import type { DatabaseServices } from '../orm/environment';
import type { ModelSpec } from '../orm/modelDefinition';
import { DatabaseRegistries, SCHEMA_MODELS } from '../orm/databaseRegistries';
import { Registry } from '../orm/registry';
import { databasesDir } from '../sandboxPaths';
import { DatabasePool, isValidDatabaseName } from '../storage/databasePool';
import type { Storage } from '../storage/sqlClient';
import { copyTemplate, ensureTemplate } from '../storage/templateCache';

export interface CatalogOptions {
  dataDir: string;
  templateCacheDir: string;
  clock: Clock;
  maxOpen?: number;
  idleCloseMs?: number;
  hashCost?: number;
  /** Models added to every database of this sandbox (the test API adds its testing model). */
  extraModels?: readonly ModelSpec[];
}

/** What creating a database cost. */
export interface CreationReport {
  templateBuilt: boolean;
  templateMs: number;
  copyMs: number;
  initializeMs: number;
}

export class DatabaseCatalog {
  /** The models every database has (part 2 adds each database's custom models on top: see registryFor). */
  private readonly registries: DatabaseRegistries;
  readonly pool: DatabasePool;
  readonly hashCost: number;
  private readonly authenticators = new Map<string, ApiKeyAuthenticator>();
  /** The database names, read from disk once and kept up to date by create and drop. */
  private names: string[] | null = null;

  constructor(private readonly options: CatalogOptions) {
    const specs = [...BASE_MODELS, ...(options.extraModels ?? [])];
    this.registries = new DatabaseRegistries(Registry.build(specs, GENERIC_METHODS), specs, GENERIC_METHODS);
    this.hashCost = options.hashCost ?? DEFAULT_HASH_COST;
    fs.mkdirSync(databasesDir(options.dataDir), { recursive: true });
    this.pool = new DatabasePool({ databasesDir: databasesDir(options.dataDir), maxOpen: options.maxOpen, idleCloseMs: options.idleCloseMs });
  }

  /** The models of database `name`: the models in code plus its custom models (loaded by `use`). */
  registryFor(name: string): Registry {
    return this.registries.get(name);
  }

  get clock(): Clock {
    return this.options.clock;
  }

  list(): string[] {
    this.names ??= this.pool.list();
    return this.names;
  }

  /**
   * Reads the database names from disk again after database folders were copied, renamed or replaced, and forgets
   * what was remembered about the databases `changed` (verified keys, models).
   */
  refreshNames(...changed: string[]): void {
    this.names = null;
    for (const name of changed) {
      this.authenticators.get(name)?.clear();
      this.registries.forget(name);
    }
  }

  exists(name: string): boolean {
    return this.list().includes(name);
  }

  /** Creates database `name` as a copy of the template (building the template first when it is not cached). */
  async createDatabase(name: string): Promise<CreationReport> {
    if (!isValidDatabaseName(name)) throw new Error(`invalid database name '${name}': use letters, digits, '_', '.' or '-'`);
    if (this.exists(name)) throw new Error(`the database '${name}' already exists`);
    const registry = Registry.build(BASE_MODELS, GENERIC_METHODS);
    const template = await ensureTemplate({
      cacheDir: this.options.templateCacheDir,
      version: templateVersion(registry),
      populate: (storage) => populateDatabase(storage, registry, this.hashCost),
    });
    const copyStarted = Date.now();
    fs.rmSync(this.pool.databaseDir(name), { recursive: true, force: true });
    copyTemplate(template.dataDir, this.pool.dataDir(name));
    const copyMs = Date.now() - copyStarted;
    const initializeStarted = Date.now();
    this.names = null;
    await this.use(name, (storage) => initializeCopiedDatabase(storage, this.registryFor(name), this.hashCost, this.clock.now()));
    return { templateBuilt: template.built, templateMs: template.buildMs, copyMs, initializeMs: Date.now() - initializeStarted };
  }

  /** Deletes database `name` and everything in its folder. */
  async dropDatabase(name: string): Promise<void> {
    await this.pool.closeDatabase(name);
    this.authenticators.delete(name);
    this.registries.forget(name);
    fs.rmSync(this.pool.databaseDir(name), { recursive: true, force: true });
    this.names = null;
  }

  /** Runs `work` with database `name` open. */
  use<T>(name: string, work: (storage: Storage) => Promise<T>): Promise<T> {
    return this.pool.use(name, async (storage) => {
      await this.registries.ensure(name, storage);
      return work(storage);
    });
  }

  authenticator(name: string): ApiKeyAuthenticator {
    let authenticator = this.authenticators.get(name);
    if (!authenticator) {
      authenticator = new ApiKeyAuthenticator();
      this.authenticators.set(name, authenticator);
    }
    return authenticator;
  }

  services(name: string): DatabaseServices {
    const authenticator = this.authenticator(name);
    return {
      clock: this.clock,
      hashCost: this.hashCost,
      forgetApiKeys: (ids) => authenticator.forget(ids),
      recordsChanged: (model) => {
        if (AUTHENTICATION_MODELS.has(model)) authenticator.clear();
        if (SCHEMA_MODELS.has(model)) this.registries.forget(name);
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
