// Runs one JSON-2 call after authentication: finds the model and method, binds the arguments, and runs the method
// in its own transaction (committed on success, rolled back on any error).
import { accessError, notFound, userError } from '../errors/serviceErrors';
import { bindArguments, idTextError } from '../methods/argumentBinding';
import { Environment } from '../orm/environment';
import { LANG_SETTING } from '../orm/fieldSql';
import { withActivatedCompanies } from '../orm/access/activatedCompanies';
import type { CurrentUser } from '../orm/access/currentUser';
import type { Storage } from '../storage/sqlClient';
import { quoteLiteral } from '../storage/sqlQuoting';
import type { DatabaseCatalog } from './databaseCatalog';
import type { FaultInjector } from './faultInjector';

export interface CallRequest {
  database: string;
  storage: Storage;
  user: CurrentUser;
  model: string;
  method: string;
  ids: number[];
  /** The body's `ids` member as sent, when it holds text that is not an integer (see idTextError). */
  idsWithText?: unknown;
  /** Named arguments (the body without `ids` and `context`). */
  named: Record<string, unknown>;
  /** The body's context, or undefined for the user's own. */
  context: Record<string, unknown> | undefined;
  signal: AbortSignal;
  /** Turns the result into the answer inside the call's transaction (a refused answer rolls the call back). */
  encode?: (result: unknown) => unknown;
}

function privateMethodError(model: string, method: string): Error {
  return accessError(`Private methods (such as '${model}.${method}') cannot be called remotely.`);
}

/** The user's context: what `res.users/context_get` answers. */
export function userContext(user: CurrentUser): Record<string, unknown> {
  return { lang: user.lang, tz: user.tz ?? false, uid: user.id };
}

/** The reference refuses a context language that is not an installed (active) one as soon as a call needs it. */
async function checkLanguage(cr: Environment['cr'], lang: string): Promise<void> {
  const installed = await cr.query('SELECT 1 FROM res_lang WHERE code = $1 AND active', [lang]);
  if (installed.rows.length === 0) throw userError(`Invalid language code: ${lang}`);
}

export async function dispatchCall(catalog: DatabaseCatalog, request: CallRequest, faults?: FaultInjector): Promise<unknown> {
  const registry = catalog.registryFor(request.database);
  const model = registry.model(request.model);
  if (!model) throw notFound(`the model '${request.model}' does not exist`);
  if (request.method.startsWith('_')) throw privateMethodError(request.model, request.method);
  const method = registry.method(model, request.method);
  if (!method) throw notFound(`The method '${request.model}.${request.method}' does not exist`);
  if (method.private) throw privateMethodError(request.model, request.method);
  const idsError = request.idsWithText === undefined ? null : idTextError(model, request.idsWithText);
  const args = bindArguments(model, method, idsError ? [0] : request.ids, request.named);
  if (idsError) throw idsError;
  const context = request.context ?? userContext(request.user);
  const user = withActivatedCompanies(request.user, context);
  const services = catalog.services(request.database);
  const run = async (cr: Environment['cr']) => {
    const env = new Environment(cr, registry, user, context, catalog.clock.now(), services, false, request.signal);
    // Translated fields read in this language for the rest of the transaction (en_US needs no setting).
    if (method.transactional !== false && typeof context.lang === 'string' && context.lang !== 'en_US' && context.lang !== '') {
      await checkLanguage(cr, context.lang);
      await cr.query(`SELECT set_config(${quoteLiteral(LANG_SETTING)}, $1, true)`, [context.lang]);
    }
    const result = await method.run({ env, model, ids: request.ids, args });
    faults?.afterMethod(model.name, method.name);
    return request.encode ? request.encode(result) : result;
  };
  if (method.transactional === false) return run(request.storage);
  let result: unknown;
  try {
    result = await request.storage.transaction((tx) => run(faults ? faults.wrapTransaction(tx) : tx));
  } finally {
    services.settle();
  }
  // As the reference server, a call that changed the schema or the access rules reloads them before it answers, so
  // the next call does not pay for it. A failed reload is not this call's failure: the next use of the database tries
  // again and reports it.
  await catalog.loadSchema(request.database, request.storage).catch(() => undefined);
  return result;
}
