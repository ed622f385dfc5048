// Exports a resolved JSON-2 call as the deprecated `execute_kw` over XML-RPC (Python `xmlrpc.client`), through the core mapping.
import { DEFAULT_DATABASE_HEADERS, effectiveDatabase } from '../client/databaseSelection';
import { MappingError, toExecuteKw } from '../client/rpcMapping';
import { codeLiteral, stringExpression } from './codeLiterals';
import { DEFAULT_API_KEY_VARIABLE, exportParts, splitSecrets, type ExportOptions } from './exportParts';
import type { ResolvedRequest } from './resolvedRequestTypes';
import { removalPhrase, removalsOf } from '../migrate/removalTimeline';

/** Where the legacy call goes: the JSON-2 export options plus the login `authenticate` needs to find the uid. */
export interface ExecuteKwExportOptions extends ExportOptions {
  /** The user's login; without it the script reads `JSON2_LOGIN` from the environment. */
  readonly login?: string;
}

/** The environment variable the script reads the login from when the options give none. */
export const LOGIN_VARIABLE = 'JSON2_LOGIN';

/**
 * A Python script that makes the same call through the deprecated XML-RPC object service: `authenticate` with the
 * API key in place of the password to find the uid, then `execute_kw` with the positional and keyword arguments the
 * core mapping (`toExecuteKw`) gives. The key is read from `$JSON2_API_KEY` (never written); secret values from
 * `$JSON2_<NAME>` as in the other exports. Routes (`GET /web/version`, …) have no `execute_kw` form: MappingError.
 */
export function exportAsExecuteKw(request: ResolvedRequest, options: ExecuteKwExportOptions): string {
  if (request.target.kind !== 'call') throw new MappingError(`${request.path} is a route, not a model method: it has no execute_kw form.`);
  const parts = exportParts(request, options);
  const database = effectiveDatabase(options.database, request.database);
  if (!database)
    throw new MappingError(
      `execute_kw needs a database name: give the connection's database or a database header (${DEFAULT_DATABASE_HEADERS.join(' or ')}).`,
    );
  const mapped = toExecuteKw(
    {
      model: request.target.model,
      method: request.target.method,
      args: request.args ?? {},
      ...(request.ids ? { ids: request.ids } : {}),
      ...(request.context ? { context: request.context } : {}),
    },
    { db: database, uid: 0, password: '' },
  );
  const keyVariable = options.apiKeyVariable ?? DEFAULT_API_KEY_VARIABLE;
  const indent = '    ';
  const literal = (value: unknown) => codeLiteral(value, parts.secrets, 'python', indent, 1);
  const text = (value: string) => stringExpression(splitSecrets(value, parts.secrets), 'python');
  return [
    `# The deprecated XML-RPC interface (${removalPhrase(removalsOf('object')[0])}): prefer the JSON-2 request.`,
    'import os',
    'import xmlrpc.client',
    '',
    `url = ${text(options.baseUrl.replace(/\/+$/, ''))}`,
    `db = ${text(database)}`,
    `login = ${options.login !== undefined ? text(options.login) : `os.environ[${JSON.stringify(LOGIN_VARIABLE)}]`}`,
    `key = os.environ[${JSON.stringify(keyVariable)}]`,
    '',
    'common = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/common")',
    'uid = common.authenticate(db, login, key, {})',
    'models = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/object", allow_none=True)',
    'result = models.execute_kw(',
    `${indent}db, uid, key,`,
    `${indent}${JSON.stringify(mapped.model)}, ${JSON.stringify(mapped.method)},`,
    `${indent}${literal(mapped.args)},`,
    `${indent}${literal(mapped.kw)},`,
    ')',
    'print(result)',
    '',
  ].join('\n');
}
