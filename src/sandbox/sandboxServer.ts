// A running sandbox: its databases and its HTTP server, started and stopped together.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './clock';
import { createRequestListener, VERSION_INFO, type RouteHandler } from './http/requestRouter';
import { DEFAULT_MAX_BODY_BYTES } from './http/requestBody';
import type { ModelSpec } from './orm/modelDefinition';
import { templateCacheDir } from './sandboxPaths';
import { DatabaseCatalog } from './service/databaseCatalog';
import type { FaultInjector } from './service/faultInjector';
import { DEFAULT_MAX_RPC_BODY_BYTES } from './rpc/rpcBody';
import { rpcRoutes } from './rpc/rpcRoutes';

export interface SandboxServerOptions {
  dataDir: string;
  templateCacheDir?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  clock?: Clock;
  maxBodyBytes?: number;
  /** Body limit of the deprecated XML-RPC and JSON-RPC interfaces (default 256 MiB). */
  maxRpcBodyBytes?: number;
  maxOpenDatabases?: number;
  idleCloseMs?: number;
  hashCost?: number;
  faults?: FaultInjector;
  extraModels?: readonly ModelSpec[];
  /** Builds extra routes (web pages, control endpoint) once the catalog exists. */
  routes?: (catalog: DatabaseCatalog) => RouteHandler[];
  log?: (line: string) => void;
}

export class SandboxServer {
  private constructor(readonly catalog: DatabaseCatalog, private readonly server: http.Server, readonly url: string) {}

  static async start(options: SandboxServerOptions): Promise<SandboxServer> {
    const catalog = new DatabaseCatalog({
      dataDir: options.dataDir,
      templateCacheDir: options.templateCacheDir ?? templateCacheDir(),
      clock: options.clock ?? systemClock,
      maxOpen: options.maxOpenDatabases,
      idleCloseMs: options.idleCloseMs,
      hashCost: options.hashCost,
      extraModels: options.extraModels,
    });
    const server = http.createServer({ keepAliveTimeout: 30_000, requestTimeout: 0 }, createRequestListener({
      catalog,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      faults: options.faults,
      routes: [
        rpcRoutes({ catalog, faults: options.faults, versionInfo: VERSION_INFO }, options.maxRpcBodyBytes ?? DEFAULT_MAX_RPC_BODY_BYTES),
        ...(options.routes?.(catalog) ?? []),
      ],
      log: options.log,
    }));
    const host = options.host ?? '127.0.0.1';
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 0, host, () => { server.off('error', reject); resolve(); });
      });
    } catch (error) {
      await catalog.close();
      throw error;
    }
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return new SandboxServer(catalog, server, `http://${shownHost}:${address.port}`);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Stops accepting requests, closes open connections and the databases. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    await this.catalog.close();
  }
}
