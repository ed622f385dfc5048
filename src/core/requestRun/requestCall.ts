// How a resolved request goes on the wire and comes back: its short description, its guard input, its answer's body.
import type { GuardedRequest } from '../connections/readOnlyMethods';
import { isJsonContentType } from '../client/nonJsonAnswer';
import type { ResolvedRequest } from '../requestFile';

/** `POST res.partner/search_read` or `GET /web/version`. */
export function describeRequest(request: ResolvedRequest): string {
  return request.target.kind === 'call' ? `POST ${request.target.model}/${request.target.method}` : `GET ${request.target.path}`;
}

/** What the read-only and production guards need to judge a request. */
export function guardedRequestOf(request: ResolvedRequest): GuardedRequest {
  if (request.target.kind === 'call') {
    return {
      kind: 'call',
      model: request.target.model,
      method: request.target.method,
      ...(request.ids ? { ids: request.ids } : {}),
      ...(request.args ? { args: request.args } : {}),
    };
  }
  return { kind: 'route', httpMethod: request.httpMethod, path: request.target.path };
}

/** The answer as JSON when it is JSON (or has no content type), else as text. */
export function answerBody(text: string, contentType: string | undefined): unknown {
  return readAnswerBody(text, contentType).value;
}

/** The answer's body as `answerBody` reads it, and whether it was JSON. */
export function readAnswerBody(text: string, contentType: string | undefined): { value: unknown; json: boolean } {
  if (text === '' || !isJsonContentType(contentType)) return { value: text, json: false };
  try {
    return { value: JSON.parse(text) as unknown, json: true };
  } catch {
    return { value: text, json: false };
  }
}

/** Headers written in the file, as a record, without any Authorization header (the client adds the key). */
export function headersToSend(request: ResolvedRequest): Record<string, string> {
  return Object.fromEntries(
    request.headers.filter((header) => header.name.toLowerCase() !== 'authorization').map((header) => [header.name, header.value]),
  );
}
