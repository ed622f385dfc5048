// The databases of a sandbox: creates them from the cached template, opens them through the pool, and keeps the
// per-database services (API key cache, clock, hashing cost) next to the models.
import type { Clock } from '../orm/clock';
import { initializeCopiedDatabase } from '../demo/databaseSetup';
import { ApiKeyAuthenticator, AUTHENTICATION_MODELS } from '../keys/apiKeyAuthenticator';
import { DEFAULT_HASH_COST } from '../security/secretHashing';
import { GENERIC_METHODS } from '../methods/genericMethods';
import { BASE_MODELS } from '../models/baseModels';
import type { DatabaseServices } from '../orm/environment';
import type { ModelSpec } from '../orm/modelDefinition';
import { DatabaseRegistries, SCHEMA_MODELS } from '../orm/databaseRegistries';
import { Registry } from '../orm/registry';
import { databasesDir, sandboxEntries } from '../storage/sandboxPaths';
import { SECURITY_MODELS, SecurityCache } from '../orm/access/securityTables';
import { DatabasePool, isValidDatabaseName, UnknownDatabaseError } from '../storage/databasePool';
import { PgliteBackend } from '../storage/pgliteBackend';
import { PostgresBackend } from '../storage/postgresBackend';
import type { Storage } from '../storage/sqlClient';
import type { StorageBackend, StorageTemplate } from '../storage/storageBackend';
import { isUnfinishedName, unfinishedName } from '../storage/unfinishedDatabases';
import { writeTrackingBackend } from '../storage/writeTrackingBackend';
import { makePrivateFolder, makeTreePrivate } from '../storage/ownerOnlyFiles';
import { AnswerCache } from './answerCache';
import { restoreTemplateRecipe, templateRecipe } from './templateRequests';
import { withKeyMethods } from '../models/keyMethodsSwitch';

export interface CatalogOptions {
  dataDir: string;
  templateCacheDir: string;
  clock: Clock;
  maxOpen?: number;
  idleCloseMs?: number;
  /** See DatabasePoolOptions.maxIdleMemoryBytes. */
  maxIdleMemoryBytes?: number;
  /** See DatabasePoolOptions: burstRows, burstIdleMs, and now (the pool's clock in milliseconds, for tests). */
  burstRows?: number;
  burstIdleMs?: number;
  poolNow?: () => number;
  hashCost?: number;
  /** Models added to every database of this sandbox (the test API adds its testing model). */
  extraModels?: readonly ModelSpec[];
  /** Runs on this PostgreSQL server instead of PGlite: databases `<prefix><name>` (see storage/postgresBackend.ts). */
  postgres?: { url: string; prefix: string };
  /** Bytes of read-only JSON-2 answers kept between writes (see catalog/answerCache.ts); 0 turns the cache off. */
  answerCacheBytes?: number;
  /** False (--no-key-methods): res.users.apikeys has no generate or revoke (see models/keyMethodsSwitch.ts). */
  keyMethods?: boolean;
}

/** What a new database holds besides the schema and the administrator: the demo data (the default) or nothing. */
export interface CreationOptions {
  demo?: boolean;
}

/** What a start found and repaired. */
export interface StartReport {
  /** Files and folders that other users could read or write, made owner-only. */
  madePrivate: string[];
  /** Databases (or PGlite folders) that a sandbox stopped while restoring or copying them left behind, removed. */
  removedUnfinished: string[];
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
  /** Each database's access rows, record rules and field groups. */
  private readonly security = new SecurityCache();
  /** Answers of read-only JSON-2 calls, kept while their database's write generation stands. */
  readonly answers: AnswerCache;
  /** The database names, read from disk once and kept up to date by create and drop. */
  private names: string[] | null = null;

  constructor(private readonly options: CatalogOptions) {
    const specs = withKeyMethods([...BASE_MODELS, ...(options.extraModels ?? [])], options.keyMethods ?? true);
    this.registries = new DatabaseRegistries(Registry.build(specs, GENERIC_METHODS), specs, GENERIC_METHODS);
    this.hashCost = options.hashCost ?? DEFAULT_HASH_COST;
    let backend: StorageBackend;
    if (options.postgres) {
      backend = new PostgresBackend(options.postgres);
    } else {
      makePrivateFolder(databasesDir(options.dataDir));
      backend = new PgliteBackend({ databasesDir: databasesDir(options.dataDir), templateCacheDir: options.templateCacheDir });
    }
    this.answers = new AnswerCache({ maxBytes: options.answerCacheBytes });
    // Every statement and whole-database operation on either backend moves the database's write generation.
    this.pool = new DatabasePool(writeTrackingBackend(backend, this.answers.generations), {
      maxOpen: options.maxOpen,
      idleCloseMs: options.idleCloseMs,
      maxIdleMemoryBytes: options.maxIdleMemoryBytes,
      burstRows: options.burstRows,
      burstIdleMs: options.burstIdleMs,
      now: options.poolNow,
    });
  }

  /**
   * Makes the sandbox's files owner-only (ForeignFilesError when some belong to another user), connects the backend
   * and reads the database list; once, before any other use.
   */
  async start(): Promise<StartReport> {
    try {
      const trees = [...sandboxEntries(this.options.dataDir), ...(this.options.postgres ? [] : [this.options.templateCacheDir])];
      const madePrivate = trees.flatMap((tree) => makeTreePrivate(tree));
      const removedUnfinished = await this.pool.backend.start();
      return { madePrivate, removedUnfinished };
    } catch (error) {
      await this.pool.close();
      throw error;
    }
  }

  get backendKind(): 'pglite' | 'postgres' {
    return this.pool.backend.kind;
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
      this.security.forget(name);
    }
  }

  exists(name: string): boolean {
    return this.list().includes(name);
  }

  /**
   * Creates database `name` as a copy of a template (building it first when it is not cached): the demo template,
   * or with `demo: false` the one with the reference data, the company and the administrator only.
   */
  async createDatabase(name: string, creation: CreationOptions = {}): Promise<CreationReport> {
    if (!isValidDatabaseName(name)) throw new Error(`invalid database name '${name}': use letters, digits, '_', '.' or '-'`);
    this.pool.backend.checkName(name);
    if (this.exists(name)) throw new Error(`the database '${name}' already exists`);
    const template = await this.template(creation.demo ?? true);
    const copyStarted = Date.now();
    await this.pool.exclusive([name], () => this.pool.backend.createFromTemplate(template, name));
    const copyMs = Date.now() - copyStarted;
    const initializeStarted = Date.now();
    this.names = null;
    await this.use(name, (storage) => initializeCopiedDatabase(storage, this.registryFor(name), this.hashCost, this.clock.now()));
    return { templateBuilt: template.built, templateMs: template.buildMs, copyMs, initializeMs: Date.now() - initializeStarted };
  }

  /** The demo template, or with `demo: false` the one with the reference data, the company and the administrator. */
  private template(demo: boolean): Promise<StorageTemplate> {
    const recipe = templateRecipe(demo, this.hashCost);
    return this.pool.backend.ensureTemplate(recipe.version, recipe.populate);
  }

  /**
   * A new database (a copy of the demo template with an empty public schema) under a name that is never listed and that no call can reach
   * (`use` refuses it): a restore fills it through `useUnfinished`, then renames it into place or drops it. One left
   * by a sandbox that stopped meanwhile is removed at the next start.
   */
  async createUnfinishedDatabase(): Promise<string> {
    const name = unfinishedName('restore');
    const recipe = restoreTemplateRecipe(this.hashCost);
    const template = await this.pool.backend.ensureTemplate(recipe.version, recipe.populate, await this.template(true));
    await this.pool.exclusive([name], () => this.pool.backend.createFromTemplate(template, name));
    return name;
  }

  /** Runs `work` on an unfinished database (no models are loaded: its tables are being replaced). */
  useUnfinished<T>(name: string, work: (storage: Storage) => Promise<T>): Promise<T> {
    if (!isUnfinishedName(name)) return Promise.reject(new Error(`'${name}' is not an unfinished database`));
    return this.pool.use(name, work);
  }

  /** Deletes database `name` and everything in it, once the calls running on it have finished. */
  async dropDatabase(name: string): Promise<void> {
    await this.pool.exclusive([name], () => this.pool.backend.drop(name));
    this.authenticators.delete(name);
    this.registries.forget(name);
    this.security.forget(name);
    this.names = null;
  }

  /** Drops every database of this sandbox. */
  async dropAllDatabases(): Promise<void> {
    for (const name of [...this.pool.list()]) await this.dropDatabase(name);
  }

  /** Copies the database `from` into the new database `to` (calls running on `from` finish first). */
  async copyDatabase(from: string, to: string): Promise<void> {
    this.pool.backend.checkName(to);
    await this.pool.exclusive([from, to], () => this.pool.backend.copy(from, to));
    this.refreshNames(to);
  }

  /** Renames database `from` to `to` (calls running on `from` finish first; later ones find `to`). */
  async renameDatabase(from: string, to: string): Promise<void> {
    this.pool.backend.checkName(to);
    await this.pool.exclusive([from, to], () => this.pool.backend.rename(from, to));
    this.refreshNames(from, to);
  }

  /** Runs `work` with database `name` open (UnknownDatabaseError for an unfinished database). */
  use<T>(name: string, work: (storage: Storage) => Promise<T>): Promise<T> {
    if (isUnfinishedName(name)) return Promise.reject(new UnknownDatabaseError(name));
    return this.pool.use(name, async (storage) => {
      await this.loadSchema(name, storage);
      return work(storage);
    });
  }

  /** Reads the models and access rules of database `name` again if a change made them be forgotten. */
  async loadSchema(name: string, storage: Storage): Promise<void> {
    await this.registries.ensure(name, storage);
    await this.security.ensure(name, storage);
  }

  authenticator(name: string): ApiKeyAuthenticator {
    let authenticator = this.authenticators.get(name);
    if (!authenticator) {
      authenticator = new ApiKeyAuthenticator();
      this.authenticators.set(name, authenticator);
    }
    return authenticator;
  }

  /**
   * The services of one call on database `name`. What a change forgets (verified keys, models, access rules) is
   * forgotten at once and again by `settle` once the call's transaction ended, so that a load that read the tables
   * before the commit is not kept.
   */
  services(name: string): DatabaseServices & { settle(): void } {
    const authenticator = this.authenticator(name);
    const changed = new Set<string>();
    const forget = (model: string) => {
      if (AUTHENTICATION_MODELS.has(model)) authenticator.clear();
      if (SCHEMA_MODELS.has(model)) this.registries.forget(name);
      if (SECURITY_MODELS.has(model)) this.security.forget(name);
    };
    return {
      clock: this.clock,
      hashCost: this.hashCost,
      security: this.security.get(name),
      forgetApiKeys: (ids) => authenticator.forget(ids),
      recordsChanged: (model) => {
        changed.add(model);
        forget(model);
      },
      settle: () => {
        for (const model of changed) forget(model);
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
