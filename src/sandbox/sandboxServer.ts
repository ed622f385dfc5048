// A running sandbox: its databases and its HTTP server, started and stopped together.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './orm/clock';
import { backupCodec } from './databaseManager/backups';
import { removeAbandonedUploads } from './databaseManager/abandonedUploads';
import { DEFAULT_MAX_UPLOAD_BYTES } from './databaseManager/managerRoutes';
import { dbService } from './databaseManager/dbService';
import { MasterPassword } from './databaseManager/masterPassword';
import type { DatabaseHeaderMode } from './http/databaseSelection';
import { createRequestListener, LEGACY_VERSION_INFO, VERSION_INFO } from './http/requestRouter';
import { DEFAULT_MAX_BODY_BYTES } from './http/requestBody';
import { DEFAULT_MAX_ANSWER_BYTES } from './http/jsonAnswer';
import { DEFAULT_TRANSFER_IDLE_MS } from './http/transferWatch';
import { hostPolicy } from './http/hostCheck';
import { LoginThrottle } from './security/loginCooldown';
import type { ModelSpec } from './orm/modelDefinition';
import { templateCacheDir, uploadsDir } from './storage/sandboxPaths';
import { DatabaseCatalog, type StartReport } from './catalog/databaseCatalog';
import type { FaultInjector } from './catalog/faultInjector';
import { DEFAULT_MAX_RPC_BODY_BYTES } from './rpc/rpcBody';
import { routeTable } from './routeTable';
import { watchRawAuthorization } from './http/rawAuthorization';

export interface SandboxServerOptions {
  dataDir: string;
  templateCacheDir?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  clock?: Clock;
  maxBodyBytes?: number;
  /** Bound of one JSON-2 answer's JSON (default 128 MiB): a larger answer is a MemoryError and the call is rolled back. */
  maxAnswerBytes?: number;
  /** Body limit of the deprecated XML-RPC and JSON-RPC interfaces (default 128 MiB, as the reference server). */
  maxRpcBodyBytes?: number;
  /** Largest backup file that /web/database/restore accepts (default 1 GiB; --max-upload-mb). */
  maxUploadBytes?: number;
  maxOpenDatabases?: number;
  /** A database unused this long is closed, 0 never (default 2 minutes; --idle-close-seconds). */
  idleCloseMs?: number;
  /** An idle database whose PGlite heap passed this is closed at once (default 192 MiB; see storage/databasePool.ts). */
  maxIdleMemoryBytes?: number;
  hashCost?: number;
  faults?: FaultInjector;
  extraModels?: readonly ModelSpec[];
  /** Mounts the key pages, the web client's session routes and the /doc page (see routeTable.ts). */
  webPages?: boolean;
  /** Mounts `json2 sandbox`'s /sandbox/control/key, open to this token only. */
  controlToken?: string;
  log?: (line: string) => void;
  /** Sets the master password (stored hashed in `<data>/config.json`); without it the stored one, or a new random one. */
  masterPassword?: string;
  /** False (--no-list-db): the database list is refused. */
  listDb?: boolean;
  /** A server of an older release (--legacy-only): no /json/2, version 18.0 in both version answers. */
  legacyOnly?: boolean;
  /** Host-based database filter (--db-filter), `%d` standing for the first label of the host name. */
  databaseFilter?: string;
  /** Pages (origins, as `allowedOrigin` writes them) that may change state from another site or port (--allow-origin). */
  allowOrigins?: readonly string[];
  /**
   * Which database headers a request may name its database in (--database-header): `both` (default) X-Odoo-Database
   * and X-Service-Database; `real` only X-Odoo-Database, as a real Odoo server (http/databaseSelection.ts).
   */
  databaseHeader?: DatabaseHeaderMode;
  /** Runs on this PostgreSQL server (--postgres) instead of PGlite; databases are named `<prefix><name>` there. */
  postgres?: { url: string; prefix: string };
  /** Drops every database of the sandbox before anything else (--reset). */
  reset?: boolean;
  /** False (--no-answer-cache): every read-only JSON-2 call runs on the database (see catalog/answerCache.ts). */
  answerCache?: boolean;
  /** False (--no-key-methods): res.users.apikeys has no generate or revoke, as 19.0 builds before programmatic keys. */
  keyMethods?: boolean;
  /** Time limits on receiving requests and sending answers (see DEFAULT_TIMEOUTS). */
  timeouts?: Partial<ServerTimeouts>;
}

/** How long a client may take: a slow or stalled one holds a socket for a bounded time, never a database. */
export interface ServerTimeouts {
  /** To send the request's head (method, path, headers). */
  headersMs: number;
  /** To send the whole request, body included. */
  requestMs: number;
  /** The longest pause while the body arrives, or while an answer waits for its reader. */
  transferIdleMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 20_000, requestMs: 300_000, transferIdleMs: DEFAULT_TRANSFER_IDLE_MS };

export class SandboxServer {
  private constructor(
    readonly catalog: DatabaseCatalog,
    private readonly server: http.Server,
    readonly url: string,
    readonly master: MasterPassword,
    /** The master password made at this start (shown once), or null when it was stored or given. */
    readonly createdMasterPassword: string | null,
    /** Where uploaded backups wait while they are restored. */
    readonly uploadsDir: string,
    /** What the start found and repaired (files made owner-only). */
    readonly startReport: StartReport,
  ) {}

  static async start(options: SandboxServerOptions): Promise<SandboxServer> {
    const catalog = new DatabaseCatalog({
      dataDir: options.dataDir,
      templateCacheDir: options.templateCacheDir ?? templateCacheDir(),
      clock: options.clock ?? systemClock,
      maxOpen: options.maxOpenDatabases,
      idleCloseMs: options.idleCloseMs,
      maxIdleMemoryBytes: options.maxIdleMemoryBytes,
      hashCost: options.hashCost,
      extraModels: options.extraModels,
      postgres: options.postgres,
      ...(options.answerCache === false ? { answerCacheBytes: 0 } : {}),
      ...(options.keyMethods === false ? { keyMethods: false } : {}),
    });
    const startReport = await catalog.start();
    await removeAbandonedUploads(uploadsDir(options.dataDir));
    if (options.reset) await catalog.dropAllDatabases();
    const { master, created } = await MasterPassword.load(options.dataDir, options.masterPassword, catalog.hashCost);
    const versionInfo = options.legacyOnly ? LEGACY_VERSION_INFO : VERSION_INFO;
    const listDb = options.listDb ?? true;
    const db = dbService({ master, listDb, backups: backupCodec(versionInfo) });
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const logins = new LoginThrottle(catalog.clock);
    const server = http.createServer(
      {
        keepAliveTimeout: 30_000,
        headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
        requestTimeout: timeouts.requestMs,
        // How often node checks the two limits above (its default, 30 s, would let a short limit run long).
        connectionsCheckingInterval: Math.max(10, Math.min(30_000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4))),
      },
      createRequestListener({
        routes: routeTable({
          catalog,
          settings: { listDb, versionInfo, databaseFilter: options.databaseFilter, databaseHeader: options.databaseHeader, logins },
          json2: options.legacyOnly
            ? null
            : {
                catalog,
                maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
                maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
                faults: options.faults,
                databaseFilter: options.databaseFilter,
                databaseHeader: options.databaseHeader,
              },
          legacyOnly: options.legacyOnly ?? false,
          rpc: { catalog, faults: options.faults, versionInfo, extraServices: { db }, logins },
          maxRpcBodyBytes: options.maxRpcBodyBytes ?? DEFAULT_MAX_RPC_BODY_BYTES,
          manager: {
            catalog,
            master,
            listDb,
            versionInfo,
            uploadsDir: uploadsDir(options.dataDir),
            maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
            logins,
          },
          webPages: options.webPages ?? false,
          controlToken: options.controlToken,
        }),
        log: options.log,
        transferIdleMs: timeouts.transferIdleMs,
        hostPolicy: hostPolicy(options.host ?? '127.0.0.1', options.allowOrigins),
      }),
    );
    watchRawAuthorization(server);
    const host = options.host ?? '127.0.0.1';
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 0, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      await catalog.close();
      throw error;
    }
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return new SandboxServer(
      catalog,
      server,
      `http://${shownHost}:${address.port}`,
      master,
      created,
      uploadsDir(options.dataDir),
      startReport,
    );
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Stops accepting requests, closes open connections and the databases (dropping them all with `dropDatabases`). */
  async stop(options: { dropDatabases?: boolean } = {}): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    try {
      if (options.dropDatabases) await this.catalog.dropAllDatabases();
    } finally {
      await this.catalog.close();
    }
  }
}
