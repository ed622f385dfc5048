// The kinds of route of the reference (its dispatchers http, jsonrpc and json2) a request fits, from its Content-Type
// and body: a route of another kind answers 415, naming the kinds that would take the request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHtml, statusPage } from '../http/httpAnswers';
import { mediaType } from '../http/requestBody';

/** The media types of a JSON-RPC route. */
export const JSONRPC_MEDIA_TYPES: readonly string[] = ['application/json', 'application/json-rpc'];

/** The kinds of route that would take `request`, in the reference's order: any request fits an http route. */
export function compatibleRouteTypes(request: IncomingMessage): string[] {
  const type = mediaType(request);
  const emptyBody = !Number(request.headers['content-length'] ?? 0);
  return [
    'http',
    ...(JSONRPC_MEDIA_TYPES.includes(type) ? ['jsonrpc'] : []),
    ...(type === 'application/json' || emptyBody ? ['json2'] : []),
  ];
}

/** Answers the reference's 415 page for a request to `route` (a route of kind `kind`) that does not fit it. */
export function sendWrongRouteType(
  request: IncomingMessage,
  response: ServerResponse,
  route: string,
  kind: string,
  accepted: readonly string[],
): void {
  const compatible = `[${compatibleRouteTypes(request)
    .map((name) => `'${name}'`)
    .join(', ')}]`;
  sendHtml(
    response,
    415,
    statusPage(
      415,
      'Unsupported Media Type',
      `Request inferred type is compatible with ${compatible} but '${route}' is type='${kind}'.\n\nPlease verify the Content-Type request header and try again.`,
    ),
    { Accept: accepted.join(', '), Connection: 'close' },
  );
}
