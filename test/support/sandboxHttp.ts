// Test helpers that talk to a started sandbox over real HTTP: JSON-2 calls and raw requests.
import http from 'node:http';
import type { StartedSandbox } from '../../src/sandbox/testApi';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body in chunks without a Content-Length. */
  chunked?: boolean;
}

/** One request with node:http (full control over headers and body framing). */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<HttpAnswer> {
  const url = new URL(request.path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method ?? 'POST', headers: request.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    if (request.body !== undefined) {
      if (!request.chunked) outgoing.setHeader('Content-Length', Buffer.byteLength(request.body));
      outgoing.end(request.body);
    } else {
      outgoing.end();
    }
  });
}

export interface CallOptions {
  key?: string | null;
  headers?: Record<string, string>;
}

/** A JSON-2 call with a key (the admin's unless given; null for none). */
export async function call(
  sandbox: StartedSandbox,
  model: string,
  method: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<HttpAnswer> {
  const key = options.key === undefined ? sandbox.keys.admin : options.key;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    ...(key === null ? {} : { Authorization: `bearer ${key}` }),
    ...options.headers,
  };
  const response = await fetch(`${sandbox.url}/json/2/${model}/${method}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: Object.fromEntries(response.headers.entries()), text, json };
}

/** The result of a call that must succeed (status 200). */
export async function ok<T = unknown>(
  sandbox: StartedSandbox,
  model: string,
  method: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<T> {
  const answer = await call(sandbox, model, method, body, options);
  if (answer.status !== 200) throw new Error(`${model}/${method} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  return answer.json as T;
}

export interface ErrorObject {
  name: string;
  message: string;
  arguments: unknown[];
  context: Record<string, unknown>;
  debug: string;
}

/** The error object of a call that must fail with `status`. */
export async function fails(
  sandbox: StartedSandbox,
  status: number,
  model: string,
  method: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<ErrorObject> {
  const answer = await call(sandbox, model, method, body, options);
  if (answer.status !== status)
    throw new Error(`${model}/${method} answered ${answer.status}, expected ${status}: ${answer.text.slice(0, 500)}`);
  return answer.json as ErrorObject;
}
