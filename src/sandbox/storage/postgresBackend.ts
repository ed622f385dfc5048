// The PostgreSQL backend: each sandbox database is a real database `<prefix><name>` on the server of the URL; the
// prefix is the sandbox's namespace, held by a session advisory lock on the maintenance connection (one sandbox per
// namespace, released when the process ends however it ends). Templates are closed databases `json2tpl_<version>`,
// shared by every sandbox on the server and copied with CREATE DATABASE ... TEMPLATE.
import crypto from 'node:crypto';
import pg from 'pg';
import { isValidDatabaseName } from './pgliteBackend';
import { isEarlierUnfinishedName, isUnfinishedName } from './unfinishedDatabases';
import { connectionConfig, PostgresStorage } from './postgresStorage';
import type { Storage } from './sqlClient';
import { quoteIdentifier, quoteLiteral } from './sqlQuoting';
import type { OpenStorage, StorageBackend, StorageTemplate } from './storageBackend';

const MAX_IDENTIFIER = 63;
const TEMPLATE_PREFIX = 'json2tpl_';
const BUILD_PREFIX = 'json2tplbuild_';
/** Templates of other versions (and abandoned builds) are removed once unused for this long. */
const UNUSED_TEMPLATE_MS = 60 * 60_000;
const OBJECT_IN_USE = '55006';
const DUPLICATE_DATABASE = '42P04';

export class NamespaceBusyError extends Error {
  constructor(readonly prefix: string) {
    super(`the PostgreSQL databases '${prefix}*' are in use by another sandbox; stop it or choose another prefix`);
    this.name = 'NamespaceBusyError';
  }
}

export interface PostgresBackendOptions {
  /** `postgres://user:password@host:port/maintenance-database` (the database is used for CREATE/DROP DATABASE). */
  url: string;
  /** Prepended to every database name (letters, digits and `_`). */
  prefix: string;
}

/** The server of a URL without its password, for messages. */
export function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    return 'the PostgreSQL server';
  }
}

export class PostgresBackend implements StorageBackend {
  readonly kind = 'postgres';
  private admin: pg.Client | null = null;
  private names = new Set<string>();

  constructor(private readonly options: PostgresBackendOptions) {
    if (!/^[a-z][a-z0-9_]{0,30}$/.test(options.prefix))
      throw new Error(`invalid PostgreSQL database prefix '${options.prefix}': lowercase letters, digits and '_', 31 at most`);
    try {
      const parsed = new URL(options.url);
      if (!/^postgres(ql)?:$/.test(parsed.protocol)) throw new Error('not a postgres: URL');
    } catch {
      throw new Error('the PostgreSQL URL must look like postgres://user:password@host:port/database');
    }
  }

  get prefix(): string {
    return this.options.prefix;
  }

  /** The PostgreSQL database that holds sandbox database `name`. */
  databaseName(name: string): string {
    this.checkName(name);
    return this.options.prefix + name;
  }

  checkName(name: string): void {
    if (!isValidDatabaseName(name) && !isUnfinishedName(name)) throw new Error(`invalid database name '${name}'`);
    if (this.options.prefix.length + Buffer.byteLength(name) > MAX_IDENTIFIER) {
      throw new Error(
        `the database name '${name}' is too long for PostgreSQL: ${MAX_IDENTIFIER - this.options.prefix.length} characters at most with the prefix '${this.options.prefix}'`,
      );
    }
  }

  private get connection(): pg.Client {
    if (!this.admin) throw new Error('the PostgreSQL backend is not started');
    return this.admin;
  }

  private async sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.connection.query<Row>(text, params)).rows;
  }

  async start(): Promise<string[]> {
    const url = new URL(this.options.url);
    const client = new pg.Client(connectionConfig(this.options.url, decodeURIComponent(url.pathname.slice(1)) || 'postgres'));
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`cannot connect to PostgreSQL at ${describeServer(this.options.url)}: ${(error as Error).message}`, { cause: error });
    }
    const [{ locked }] = (
      await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
        `json2-sandbox:${this.options.prefix}`,
      ])
    ).rows;
    if (!locked) {
      await client.end();
      throw new NamespaceBusyError(this.options.prefix);
    }
    this.admin = client;
    const rows = await this.sql<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      this.options.prefix,
    ]);
    const names = rows.map((row) => row.datname.slice(this.options.prefix.length));
    this.names = new Set(names.filter((name) => isValidDatabaseName(name)));
    // Left by a sandbox of this namespace that stopped while restoring them: the namespace's lock says none runs now.
    const unfinished = names.filter((name) => isUnfinishedName(name) || isEarlierUnfinishedName(name));
    for (const name of unfinished) await this.sql(`DROP DATABASE IF EXISTS ${quoteIdentifier(this.options.prefix + name)} WITH (FORCE)`);
    return unfinished;
  }

  list(): string[] {
    return [...this.names].filter((name) => !isUnfinishedName(name)).sort();
  }

  exists(name: string): boolean {
    return this.names.has(name);
  }

  open(name: string): Promise<OpenStorage> {
    if (!this.exists(name)) return Promise.reject(new Error(`the database '${name}' does not exist`));
    return PostgresStorage.open(this.options.url, this.databaseName(name));
  }

  /** Runs CREATE DATABASE, again a few times while another session briefly holds the source database. */
  private async createDatabase(target: string, source: string, extra = ''): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.sql(`CREATE DATABASE ${quoteIdentifier(target)} TEMPLATE ${quoteIdentifier(source)}${extra}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  }

  private async markUsed(database: string): Promise<void> {
    await this.sql(
      `COMMENT ON DATABASE ${quoteIdentifier(database)} IS ${quoteLiteral(`json2 sandbox template; used ${new Date().toISOString()}`)}`,
    );
  }

  /** Always from template0 (a new PostgreSQL database is cheap): StorageBackend's `base` is not needed here. */
  async ensureTemplate(version: string, populate: (storage: Storage) => Promise<void>): Promise<StorageTemplate> {
    const templateName =
      TEMPLATE_PREFIX +
      version
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, '_')
        .slice(0, MAX_IDENTIFIER - TEMPLATE_PREFIX.length);
    if ((await this.sql('SELECT 1 FROM pg_database WHERE datname = $1', [templateName])).length > 0) {
      await this.markUsed(templateName);
      return { location: templateName, built: false, buildMs: 0 };
    }
    const started = Date.now();
    const buildName = `${BUILD_PREFIX}${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    // The same collation as PGlite's databases: byte order for sorting, UTF-8 character classes for upper/lower/ilike.
    try {
      await this.createDatabase(buildName, 'template0', " ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'");
    } catch {
      await this.createDatabase(buildName, 'template0', " ENCODING 'UTF8' LC_COLLATE 'C'");
    }
    try {
      await this.markUsed(buildName);
      const storage = await PostgresStorage.open(this.options.url, buildName);
      try {
        await populate(storage);
      } finally {
        await storage.close();
      }
      await this.sql(`ALTER DATABASE ${quoteIdentifier(buildName)} WITH ALLOW_CONNECTIONS false`);
      try {
        await this.sql(`ALTER DATABASE ${quoteIdentifier(buildName)} RENAME TO ${quoteIdentifier(templateName)}`);
      } catch (error) {
        // Another process finished the same template first: use theirs.
        if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
      }
    } finally {
      await this.sql(`DROP DATABASE IF EXISTS ${quoteIdentifier(buildName)} WITH (FORCE)`);
    }
    await this.sql(`ALTER DATABASE ${quoteIdentifier(templateName)} WITH IS_TEMPLATE true`);
    await this.markUsed(templateName);
    await this.removeOldTemplates(templateName);
    return { location: templateName, built: true, buildMs: Date.now() - started };
  }

  /** Drops the templates of other versions and abandoned builds that nobody used for an hour. */
  private async removeOldTemplates(keep: string): Promise<void> {
    const rows = await this.sql<{ datname: string; comment: string | null }>(
      "SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE starts_with(datname, $1) OR starts_with(datname, $2)",
      [TEMPLATE_PREFIX, BUILD_PREFIX],
    );
    for (const row of rows) {
      if (row.datname === keep) continue;
      const used = Date.parse(/used (\S+)$/.exec(row.comment ?? '')?.[1] ?? '');
      if (Number.isFinite(used) && Date.now() - used < UNUSED_TEMPLATE_MS) continue;
      await this.sql(`ALTER DATABASE ${quoteIdentifier(row.datname)} WITH IS_TEMPLATE false`).catch(() => undefined);
      await this.sql(`DROP DATABASE IF EXISTS ${quoteIdentifier(row.datname)} WITH (FORCE)`).catch(() => undefined);
    }
  }

  async createFromTemplate(template: StorageTemplate, name: string): Promise<void> {
    const target = this.databaseName(name);
    await this.sql(`DROP DATABASE IF EXISTS ${quoteIdentifier(target)} WITH (FORCE)`);
    await this.createDatabase(target, template.location);
    this.names.add(name);
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.databaseName(to);
    await this.sql(`DROP DATABASE IF EXISTS ${quoteIdentifier(target)} WITH (FORCE)`);
    await this.createDatabase(target, this.databaseName(from));
    this.names.add(to);
  }

  async rename(from: string, to: string): Promise<void> {
    await this.sql(`ALTER DATABASE ${quoteIdentifier(this.databaseName(from))} RENAME TO ${quoteIdentifier(this.databaseName(to))}`);
    this.names.delete(from);
    this.names.add(to);
  }

  async drop(name: string): Promise<void> {
    await this.sql(`DROP DATABASE IF EXISTS ${quoteIdentifier(this.databaseName(name))} WITH (FORCE)`);
    this.names.delete(name);
  }

  /** Drops every database of the namespace (the test API does so when a sandbox stops). */
  async dropAll(): Promise<void> {
    for (const name of this.list()) await this.drop(name);
  }

  async release(): Promise<void> {
    const client = this.admin;
    this.admin = null;
    await client?.end().catch(() => undefined);
  }
}
