// The ServerProbe on the core clients: protocol detection, the database list, and a key or login checked for real.
import { DatabaseManagerClient } from '../client/databaseManagerClient';
import { Json2Client } from '../client/json2Client';
import { LegacyRpcClient } from '../client/legacyRpcClient';
import { databaseNamesOf } from '../client/knownDatabases';
import { detectProtocol } from '../client/protocolDetection';
import type { TransportOptions } from '../client/httpTransport';
import type { ConnectionProtocol, ConnectionUser } from './connectionProfile';
import type { ServerProbe, ServerRelease, ServerTarget } from './serverProbe';

export interface ProbeOptions {
  readonly userAgent?: string;
  readonly transport?: TransportOptions;
}

/** A probe that asks the server itself; every client it opens is closed before the answer is returned. */
export function clientServerProbe(options: ProbeOptions = {}): ServerProbe {
  const transport: TransportOptions = { requestTimeoutMs: 20_000, ...options.transport };
  return {
    async release(target: ServerTarget, signal: AbortSignal): Promise<ServerRelease> {
      const detected = await detectProtocol(target.baseUrl, {
        database: target.database,
        databaseHeader: target.databaseHeader,
        transport,
        signal,
      });
      const others = (['json2', 'xmlrpc', 'jsonrpc'] as const).filter((protocol) => detected[protocol] && protocol !== detected.protocol);
      return {
        version: detected.version,
        protocol: detected.protocol,
        available: [detected.protocol, ...others],
        ...(detected.needsDatabase ? { needsDatabase: true } : {}),
      };
    },

    async databases(target: ServerTarget, signal: AbortSignal): Promise<readonly string[] | undefined> {
      // Listing needs no master password; the client wants one for its other controllers.
      const manager = new DatabaseManagerClient({
        baseUrl: target.baseUrl,
        masterPassword: '',
        allowInsecureHttp: true,
        userAgent: options.userAgent,
        transport,
      });
      try {
        return databaseNamesOf(await manager.list(signal));
      } catch (error) {
        if ((error as { kind?: unknown }).kind === 'cancelled') throw error;
        return undefined;
      } finally {
        await manager.close();
      }
    },

    async checkApiKey(target: ServerTarget, apiKey: string, signal: AbortSignal): Promise<ConnectionUser> {
      const client = new Json2Client({
        baseUrl: target.baseUrl,
        apiKey,
        database: target.database,
        databaseHeader: target.databaseHeader,
        allowInsecureHttp: target.allowInsecureHttp,
        userAgent: options.userAgent,
        transport,
      });
      try {
        const { uid } = await client.whoami(signal);
        const records = await client
          .call<Array<{ name?: unknown; login?: unknown }>>('res.users', 'read', { fields: ['name', 'login'] }, { ids: [uid], signal })
          .catch(() => []);
        return userOf(uid, records[0]);
      } finally {
        await client.close();
      }
    },

    async checkLogin(
      target: ServerTarget,
      protocol: Exclude<ConnectionProtocol, 'json2'>,
      login: string,
      secret: string,
      signal: AbortSignal,
    ): Promise<ConnectionUser> {
      const client = new LegacyRpcClient({
        baseUrl: target.baseUrl,
        protocol,
        database: target.database,
        login,
        password: secret,
        allowInsecureHttp: target.allowInsecureHttp,
        userAgent: options.userAgent,
        transport,
      });
      try {
        const uid = await client.authenticate({}, signal);
        const records = await client.executeKw('res.users', 'read', [[uid]], { fields: ['name', 'login'] }, signal).catch(() => []);
        return userOf(uid, Array.isArray(records) ? (records[0] as { name?: unknown; login?: unknown }) : undefined);
      } finally {
        await client.close();
      }
    },
  };
}

function userOf(id: number, record: { name?: unknown; login?: unknown } | undefined): ConnectionUser {
  return {
    id,
    ...(typeof record?.name === 'string' ? { name: record.name } : {}),
    ...(typeof record?.login === 'string' ? { login: record.login } : {}),
  };
}
