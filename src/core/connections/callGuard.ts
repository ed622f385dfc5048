// The safe modes of a connection: read-only connections refuse writes before sending, production ones ask first.
import type { ConnectionProfile } from './connectionProfile';
import { asMethodCall, type GuardedRequest, isReadOnlyRequest, recordCountOf } from './readOnlyMethods';

/** What to do with a request on a connection, decided before anything is sent. */
export type CallDecision =
  | { readonly action: 'send' }
  | { readonly action: 'refuse'; readonly reason: string }
  | { readonly action: 'confirm'; readonly question: ProductionQuestion };

/** The confirmation a production connection asks for; the message names the model, method and records. */
export interface ProductionQuestion {
  readonly connection: string;
  /** `res.partner.unlink`, or `POST /web/database/drop` for a route. */
  readonly operation: string;
  readonly model?: string;
  readonly method?: string;
  /** Records the call acts on; undefined for a model-level call or a route. */
  readonly recordCount?: number;
  /** One sentence, ready for a modal dialog. */
  readonly message: string;
}

/**
 * Read-only connections refuse every request outside the read-only list; production connections ask before every
 * such request. Read-only wins when both are set. Nothing here sends anything.
 */
export function decideCall(profile: Pick<ConnectionProfile, 'name' | 'readOnly' | 'production'>, request: GuardedRequest): CallDecision {
  if (isReadOnlyRequest(request)) return { action: 'send' };
  const operation = operationOf(request);
  if (profile.readOnly) {
    return {
      action: 'refuse',
      reason:
        `The connection "${profile.name}" is read-only: ${operation} may change data, so it was not sent. ` +
        'Clear "readOnly" on the connection (JSON-2: Edit Connection) to allow it.',
    };
  }
  if (!profile.production) return { action: 'send' };
  const call = asMethodCall(request);
  const recordCount = call ? recordCountOf(call) : undefined;
  return {
    action: 'confirm',
    question: {
      connection: profile.name,
      operation,
      ...(call ? { model: call.model, method: call.method } : {}),
      ...(recordCount !== undefined ? { recordCount } : {}),
      message: productionMessage(profile.name, operation, call === undefined, call?.method, recordCount),
    },
  };
}

function operationOf(request: GuardedRequest): string {
  const call = asMethodCall(request);
  if (call) return `${call.model}.${call.method}`;
  return request.kind === 'route' ? `${request.httpMethod.toUpperCase()} ${request.path}` : `${request.model}.${request.method}`;
}

function productionMessage(
  connection: string,
  operation: string,
  isRoute: boolean,
  method: string | undefined,
  count: number | undefined,
): string {
  let scope: string;
  if (isRoute) scope = '';
  else if (count === undefined) scope = ' (a model-level call: no record ids given)';
  else if (method === 'create') scope = ` to create ${count} record${count === 1 ? '' : 's'}`;
  else scope = ` on ${count} record${count === 1 ? '' : 's'}`;
  return `Run ${operation}${scope} on the production connection "${connection}"?`;
}
