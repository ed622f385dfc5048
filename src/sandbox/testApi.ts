// The test API: starts a sandbox in this process on a free loopback port with a database copied from the template,
// and hands out a key per demo user plus controls that exist only here (clock, fault injection, a slow method).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SettableClock } from './orm/clock';
import { USERS } from './demo/demoRecords';
import { SLOW_METHOD, TESTING_MODEL, testingModel } from './models/testingModel';
import { SandboxServer, type ServerTimeouts } from './sandboxServer';
import { FaultInjector } from './catalog/faultInjector';
import { issueApiKey } from './keys/keyIssuer';
import { addCalendarMonths } from './keys/keyLifetime';
import { databasesDir } from './storage/sandboxPaths';
import { directoryOwner } from './storage/directoryClaim';

export interface StartSandboxOptions {
  /** Name of the database (default `demo`). */
  database?: string;
  /** Body size limit of JSON-2 calls in bytes (default 16 MiB). */
  maxBodyBytes?: number;
  /** Bound of one JSON-2 answer's JSON in bytes (default 128 MiB). */
  maxAnswerBytes?: number;
  /** Body limit of the deprecated XML-RPC and JSON-RPC interfaces in bytes (default 128 MiB, as the reference server). */
  maxRpcBodyBytes?: number;
  /** Largest backup file of /web/database/restore in bytes (default 1 GiB). */
  maxUploadBytes?: number;
  /**
   * log2 of the scrypt cost for the keys and passwords this sandbox hashes (default `TEST_HASH_COST`; `json2 sandbox`
   * uses 14). The demo users' passwords come hashed at 14 with the template.
   */
  hashCost?: number;
  /** Prints one line per request. */
  log?: (line: string) => void;
  /** Master password of the db service and database manager (default: a random one, see `masterPassword`). */
  masterPassword?: string;
  /** More databases created next to `database` (copies of the template, with the same demo users). */
  databases?: string[];
  /** False: the database list is refused (--no-list-db). */
  listDb?: boolean;
  /** A server of an older release: no /json/2, version 18.0 (--legacy-only). */
  legacyOnly?: boolean;
  /** Host-based database filter, `%d` standing for the first label of the host name (--db-filter). */
  databaseFilter?: string;
  /** Origins whose pages may change state (--allow-origin), as `http://localhost:3000`. */
  allowOrigins?: readonly string[];
  /**
   * `real`: only X-Odoo-Database names the database, and a request without it gets the "No database is selected"
   * page once there are several databases, as on a real Odoo server (--database-header real); default `both`.
   */
  databaseHeader?: 'both' | 'real';
  /**
   * Runs on this PostgreSQL server (`postgres://user:password@host:port/database`) instead of PGlite; default: the
   * environment variable JSON2_SANDBOX_POSTGRES, so that one variable moves every test's sandbox to PostgreSQL.
   * `null` forces PGlite. The sandbox's databases get a random prefix and are dropped by `stop()`.
   */
  postgres?: string | null;
  /** False: every read-only JSON-2 call runs on the database (`--no-answer-cache`); default true. */
  answerCache?: boolean;
  /** False: res.users.apikeys has no generate or revoke, as 19.0 builds before programmatic keys (`--no-key-methods`). */
  keyMethods?: boolean;
  /** Time limits on receiving requests and sending answers (default: the server's, see `DEFAULT_TIMEOUTS`). */
  timeouts?: Partial<ServerTimeouts>;
}

/** The environment variable that makes every test's sandbox run on a PostgreSQL server. */
export const POSTGRES_ENVIRONMENT_VARIABLE = 'JSON2_SANDBOX_POSTGRES';

/** The PostgreSQL URL the tests of this process use, or null for PGlite. */
export function testPostgresUrl(): string | null {
  const url = process.env[POSTGRES_ENVIRONMENT_VARIABLE];
  return url === undefined || url === '' ? null : url;
}

/** A fresh namespace for one test sandbox's PostgreSQL databases. */
export function testPostgresNamespace(url: string): { url: string; prefix: string } {
  return { url, prefix: `json2t${crypto.randomBytes(3).toString('hex')}_` };
}

export interface DemoUserInfo {
  id: number;
  login: string;
  /** Null for a user who cannot log in with a password (the robot). */
  password: string | null;
  name: string;
}

export interface RecordedStatement {
  sql: string;
  params: readonly unknown[];
}

export interface StartedSandbox {
  /** Base URL, for example `http://127.0.0.1:41234`. */
  url: string;
  database: string;
  /** The master password in clear. */
  masterPassword: string;
  /** A valid, unscoped key (one month) for each demo user. */
  keys: { admin: string; user: string; robot: string };
  users: { admin: DemoUserInfo; user: DemoUserInfo; robot: DemoUserInfo };
  clock: { now(): Date; set(date: Date): void; advance(ms: number): void; reset(): void };
  faults: { failStatement(n: number): void; failMethod(model: string, method: string): void; clear(): void; readonly fired: number };
  /**
   * Records the SQL statements (text and parameters) of every call's transaction until `stop()`; while recording, no
   * answer comes from the answer cache, so each call really runs.
   */
  recordStatements(): { readonly statements: RecordedStatement[]; stop(): void };
  /** A method that sleeps `seconds` (its only argument) and stops early when the client disconnects. */
  slowMethod: { model: string; method: string; argument: 'seconds'; started(): number; completed(): number; cancelled(): number };
  /** Makes another key for a demo user (by login), valid `days` days (at most three months), on `database` (default the first). */
  newKey(login: string, options?: { days?: number; name?: string; scope?: string | null; database?: string }): Promise<string>;
  /**
   * Stops the database's worker thread (PGlite) or connection (PostgreSQL) at once, as a crash would, while calls may
   * be running on it; false when the database was not open.
   */
  crashDatabase(name?: string): Promise<boolean>;
  /** The server object, for tests that look inside (open databases, key cache). */
  server: SandboxServer;
  /** Where the databases are: PGlite data folders, or a PostgreSQL server. */
  backend: 'pglite' | 'postgres';
  /** The data folder (PGlite's databases are in its `databases/`). */
  dataDir: string;
  /** On PostgreSQL, the server and the prefix of this sandbox's databases there. */
  postgresNamespace: { url: string; prefix: string } | null;
  stop(): Promise<void>;
}

/**
 * The scrypt cost of test sandboxes: the same hashing and checks as at `json2 sandbox`'s 14, at a sixteenth of the
 * CPU time (about 2 ms a hash instead of 36). A test sandbox hashes its master password and three keys when it starts.
 */
export const TEST_HASH_COST = 10;

const ROLE_LOGINS = { admin: 'admin', user: 'demo', robot: 'robot' } as const;
const DATA_PREFIX = 'json2-sandbox-';
const STALE_AFTER_MS = 60 * 60_000;

/** Removes the data folders of test sandboxes whose process died without stopping them (older than an hour, unowned). */
function removeStaleDataFolders(): void {
  for (const entry of fs.readdirSync(os.tmpdir(), { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(DATA_PREFIX)) continue;
    const folder = path.join(os.tmpdir(), entry.name);
    try {
      if (Date.now() - fs.statSync(folder).mtimeMs < STALE_AFTER_MS || directoryOwner(databasesDir(folder)) !== null) continue;
      fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // Another process is removing it, or it is not ours: leave it.
    }
  }
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<StartedSandbox> {
  const database = options.database ?? 'demo';
  const masterPassword = options.masterPassword ?? crypto.randomBytes(12).toString('base64url');
  removeStaleDataFolders();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), DATA_PREFIX));
  const clock = new SettableClock();
  const faults = new FaultInjector();
  const slow = { started: 0, completed: 0, cancelled: 0 };
  const postgresUrl = options.postgres === undefined ? testPostgresUrl() : options.postgres;
  const postgres = postgresUrl === null ? undefined : testPostgresNamespace(postgresUrl);
  let server: SandboxServer | undefined;
  try {
    server = await SandboxServer.start({
      dataDir,
      clock,
      faults,
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: options.maxBodyBytes,
      maxAnswerBytes: options.maxAnswerBytes,
      maxRpcBodyBytes: options.maxRpcBodyBytes,
      maxUploadBytes: options.maxUploadBytes,
      hashCost: options.hashCost ?? TEST_HASH_COST,
      log: options.log,
      extraModels: [
        testingModel({
          started: () => {
            slow.started += 1;
          },
          completed: () => {
            slow.completed += 1;
          },
          cancelled: () => {
            slow.cancelled += 1;
          },
        }),
      ],
      webPages: true,
      masterPassword,
      listDb: options.listDb,
      legacyOnly: options.legacyOnly,
      databaseFilter: options.databaseFilter,
      allowOrigins: options.allowOrigins,
      databaseHeader: options.databaseHeader,
      postgres,
      answerCache: options.answerCache,
      keyMethods: options.keyMethods,
      timeouts: options.timeouts,
    });
    await server.catalog.createDatabase(database);
    for (const other of options.databases ?? []) await server.catalog.createDatabase(other);
    const started = server;
    const newKey = async (login: string, keyOptions: { days?: number; name?: string; scope?: string | null; database?: string } = {}) => {
      const now = clock.now();
      const expiration = keyOptions.days === undefined ? addCalendarMonths(now, 1) : new Date(now.getTime() + keyOptions.days * 86_400_000);
      const issued = await issueApiKey(started.catalog, keyOptions.database ?? database, {
        login,
        name: keyOptions.name ?? `test key for ${login}`,
        expiration,
        scope: keyOptions.scope ?? null,
      });
      return issued.key;
    };
    const ids = await started.catalog.use(database, async (storage) => {
      const result = await storage.query<{ id: number; login: string }>('SELECT id, login FROM res_users');
      return new Map(result.rows.map((row) => [row.login, row.id]));
    });
    const info = (login: string): DemoUserInfo => {
      const demo = USERS.find((user) => user.login === login);
      if (!demo) throw new Error(`no demo user ${login}`);
      return { id: ids.get(login) as number, login, password: demo.password, name: demo.name };
    };
    const [admin, user, robot] = await Promise.all([newKey(ROLE_LOGINS.admin), newKey(ROLE_LOGINS.user), newKey(ROLE_LOGINS.robot)]);
    return {
      url: started.url,
      database,
      masterPassword,
      keys: { admin, user, robot },
      users: { admin: info(ROLE_LOGINS.admin), user: info(ROLE_LOGINS.user), robot: info(ROLE_LOGINS.robot) },
      clock: { now: () => clock.now(), set: (date) => clock.set(date), advance: (ms) => clock.advance(ms), reset: () => clock.reset() },
      faults: {
        failStatement: (n) => faults.failStatement(n),
        failMethod: (model, method) => faults.failMethod(model, method),
        clear: () => faults.clear(),
        get fired() {
          return faults.fired;
        },
      },
      recordStatements: () => {
        const statements: RecordedStatement[] = [];
        const stop = faults.watchStatements((sql, params) => {
          statements.push({ sql, params });
        });
        return { statements, stop };
      },
      slowMethod: {
        model: TESTING_MODEL,
        method: SLOW_METHOD,
        argument: 'seconds',
        started: () => slow.started,
        completed: () => slow.completed,
        cancelled: () => slow.cancelled,
      },
      newKey,
      crashDatabase: (name = database) => started.catalog.pool.abort(name),
      server: started,
      backend: postgres ? 'postgres' : 'pglite',
      dataDir,
      postgresNamespace: postgres ?? null,
      async stop() {
        await started.stop({ dropDatabases: postgres !== undefined });
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop({ dropDatabases: postgres !== undefined });
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
