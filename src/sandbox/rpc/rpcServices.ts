// The common and object services of the deprecated interfaces, over the same models, rights and transactions as
// JSON-2 (the object service runs each call through the JSON-2 dispatcher). Transports turn errors into faults.
import { UnknownDatabaseError } from '../storage/databasePool';
import type { Storage } from '../storage/sqlClient';
import { attributeError, keyError, ServiceError, typeError, userError } from '../errors/serviceErrors';
import { pythonRepr } from '../orm/pythonRepr';
import { dispatchCall } from '../catalog/callDispatcher';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import type { FaultInjector } from '../catalog/faultInjector';
import { checkCredentials, loginWithSecret, unknownDatabase } from './rpcCredentials';
import { mapPositional } from './positionalArguments';
import { CooldownError, type LoginThrottle } from '../security/loginCooldown';

export interface RpcContext {
  catalog: DatabaseCatalog;
  faults?: FaultInjector;
  /** The release the server claims (19 by default; below 19 with --legacy-only). */
  versionInfo: readonly (number | string)[];
  /** More services (the db service), by name. */
  extraServices?: Record<string, RpcService>;
  /** Login and master-password throttling. */
  logins: LoginThrottle;
  signal: AbortSignal;
  /** The caller's address. */
  source: string;
}

/** The context of the routes, before a call adds what it knows of its caller. */
export type RpcRouteContext = Omit<RpcContext, 'signal' | 'source'>;

export type RpcService = (context: RpcContext, method: string, params: unknown[]) => Promise<unknown>;

export function versionAnswer(versionInfo: readonly (number | string)[]): Record<string, unknown> {
  const serie = `${versionInfo[0]}.${versionInfo[1]}`;
  return { server_version: serie, server_version_info: [...versionInfo], server_serie: serie, protocol_version: 1 };
}

/** Runs `work` on the database; one dropped or renamed while the call waited answers as an unknown database. */
function useDatabase<T>(context: RpcContext, database: string, work: (storage: Storage) => Promise<T>): Promise<T> {
  return context.catalog.use(database, work).catch((error: unknown) => {
    throw error instanceof UnknownDatabaseError ? unknownDatabase(database) : error;
  });
}

function needDatabase(context: RpcContext, database: unknown): string {
  if (typeof database !== 'string' || !context.catalog.exists(database)) throw unknownDatabase(String(database));
  return database;
}

function arity(name: string, params: unknown[], min: number, max: number): void {
  if (params.length < min || params.length > max)
    throw typeError(`${name}() takes from ${min} to ${max} positional arguments but ${params.length} were given`);
}

async function common(context: RpcContext, method: string, params: unknown[]): Promise<unknown> {
  switch (method) {
    case 'version':
      return versionAnswer(context.versionInfo);
    case 'login':
    case 'authenticate': {
      arity(method, params, method === 'login' ? 3 : 4, method === 'login' ? 3 : 4);
      const database = needDatabase(context, params[0]);
      try {
        const uid = await useDatabase(context, database, (storage) =>
          context.logins.login(storage, database, context.source, () =>
            loginWithSecret(storage, context.catalog, database, params[1], params[2]),
          ),
        );
        return uid ?? false;
      } catch (error) {
        // As the reference's common service: a refused login, the cooldown's included, is false.
        if (error instanceof CooldownError) return false;
        throw error;
      }
    }
    default:
      // As the reference's common service: its dispatcher looks the function up and raises a bare Exception.
      throw new ServiceError('builtins.Exception', 500, `Method not found: ${method}`, 'business');
  }
}

async function object(context: RpcContext, method: string, params: unknown[]): Promise<unknown> {
  if (method !== 'execute_kw' && method !== 'execute') {
    throw new ServiceError('builtins.NameError', 500, `Method not available ${method}`, 'business');
  }
  if (params.length < 5) throw typeError(`${method}() missing required positional arguments (db, uid, password, model, method)`);
  const [db, uid, password, modelName, methodName] = params;
  let args = params.slice(5);
  let kw: Record<string, unknown> = {};
  if (method === 'execute_kw') {
    arity(method, params, 6, 7);
    if (!Array.isArray(params[5])) throw typeError('execute_kw() args must be a list');
    args = params[5];
    // An empty array stands for an empty mapping (XML-RPC clients of PHP cannot tell them apart); the server takes it as none.
    const given = params[6] === undefined || params[6] === null || (Array.isArray(params[6]) && params[6].length === 0) ? {} : params[6];
    if (typeof given !== 'object' || Array.isArray(given)) throw typeError('execute_kw() kw must be a mapping');
    kw = given as Record<string, unknown>;
  }
  if (typeof modelName !== 'string' || typeof methodName !== 'string') throw typeError('model and method must be strings');
  const database = needDatabase(context, db);
  const { catalog } = context;
  return useDatabase(context, database, async (storage) => {
    const user = await checkCredentials(storage, catalog, database, uid, password, (check) =>
      context.logins.login(storage, database, context.source, check),
    );
    const registry = catalog.registryFor(database);
    const model = registry.model(modelName);
    // The reference's object service: an unknown model is a user error, an unknown public method an AttributeError
    // (JSON-2 answers both with 404 instead).
    if (!model) throw userError(`Object ${modelName} doesn't exist`);
    const definition = methodName.startsWith('_') ? undefined : registry.method(model, methodName);
    if (!methodName.startsWith('_') && !definition) throw attributeError(`The method '${modelName}.${methodName}' does not exist`);
    const mapped = mapPositional(modelName, definition, args, kw);
    const result = await dispatchCall(
      catalog,
      { database, storage, user, model: modelName, method: methodName, ...mapped, signal: context.signal },
      context.faults,
    );
    const single =
      methodName === 'create' &&
      mapped.named.vals_list !== null &&
      typeof mapped.named.vals_list === 'object' &&
      !Array.isArray(mapped.named.vals_list);
    return single && Array.isArray(result) ? result[0] : result;
  });
}

/** Runs `service`.`method`; throws ServiceError (or anything else) on failure. */
export function callService(context: RpcContext, service: string, method: string, params: unknown[]): Promise<unknown> {
  const extra = context.extraServices;
  // Own properties only: `constructor`, `toString` or `__proto__` must not reach JavaScript's built-ins.
  const found =
    service === 'common' ? common : service === 'object' ? object : extra && Object.hasOwn(extra, service) ? extra[service] : undefined;
  // The reference looks the service up in a dict: an unknown one is a KeyError naming it.
  if (!found) return Promise.reject(keyError(pythonRepr(service)));
  return found(context, method, params);
}
