// What every export of a resolved request is made of: URL, headers and body, with the key and secrets as environment variables.
import { databaseHeaders, effectiveDatabase, splitDatabaseOverride } from '../client/databaseSelection';
import type { ResolvedRequest } from './resolvedRequestTypes';
import { secretEnvironmentName } from './secretNames';

/** A piece of exported text: literal text, or the value of an environment variable. */
export type TextSegment = { readonly text: string } | { readonly env: string };

/** Where and how an exported request is sent. */
export interface ExportOptions {
  /** The connection's server, such as `http://localhost:8069`. */
  readonly baseUrl: string;
  /** The connection's database; the request's database header wins over it. Sent only when set. */
  readonly database?: string;
  /** The connection's one database header; undefined: both standard names (client/databaseSelection.ts). */
  readonly databaseHeader?: string;
  /** The environment variable holding the API key (default `JSON2_API_KEY`). */
  readonly apiKeyVariable?: string;
}

/** A request ready to be written as code. */
export interface ExportParts {
  readonly method: 'GET' | 'POST';
  readonly url: readonly TextSegment[];
  readonly headers: readonly { readonly name: string; readonly value: readonly TextSegment[] }[];
  /** For calls: the JSON body. */
  readonly body?: unknown;
  readonly secrets: readonly ExportSecret[];
}

/** A secret value and the environment variable an export reads it from. */
export interface ExportSecret {
  readonly value: string;
  readonly env: string;
}

/** The default environment variable for the API key. */
export const DEFAULT_API_KEY_VARIABLE = 'JSON2_API_KEY';

/**
 * Splits a text so that every occurrence of a secret value becomes a reference to its environment variable.
 * Longer secrets are matched first.
 */
export function splitSecrets(text: string, secrets: readonly ExportSecret[]): TextSegment[] {
  const sorted = secrets.filter((secret) => secret.value.length > 0).sort((a, b) => b.value.length - a.value.length);
  if (sorted.length === 0) return text ? [{ text }] : [];
  const segments: TextSegment[] = [];
  let literalStart = 0;
  let i = 0;
  while (i < text.length) {
    const secret = sorted.find((candidate) => text.startsWith(candidate.value, i));
    if (!secret) {
      i++;
      continue;
    }
    if (i > literalStart) segments.push({ text: text.slice(literalStart, i) });
    segments.push({ env: secret.env });
    i += secret.value.length;
    literalStart = i;
  }
  if (literalStart < text.length) segments.push({ text: text.slice(literalStart) });
  return segments;
}

/** Joins neighbouring literal segments and drops empty ones. */
export function mergeSegments(segments: readonly TextSegment[]): TextSegment[] {
  const merged: TextSegment[] = [];
  for (const segment of segments) {
    const last = merged[merged.length - 1];
    if ('text' in segment) {
      if (segment.text.length === 0) continue;
      if (last && 'text' in last) merged[merged.length - 1] = { text: last.text + segment.text };
      else merged.push(segment);
    } else merged.push(segment);
  }
  return merged;
}

/** Gathers the parts of an export. The file's own Authorization header is never exported: the key comes from the environment. */
export function exportParts(request: ResolvedRequest, options: ExportOptions): ExportParts {
  const keyVariable = options.apiKeyVariable ?? DEFAULT_API_KEY_VARIABLE;
  // A secret named like the key's variable (a prompt called apiKey) may hold another key: keep the two apart.
  const secrets = request.secrets.map((secret) => {
    const env = secretEnvironmentName(secret.name);
    return { value: secret.value, env: env === keyVariable ? `${env}_VALUE` : env };
  });
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers: { name: string; value: TextSegment[] }[] = [{ name: 'Authorization', value: [{ text: 'Bearer ' }, { env: keyVariable }] }];
  const fileHeader = (name: string) => request.headers.find((header) => header.name.toLowerCase() === name);
  if (request.httpMethod === 'POST')
    headers.push({
      name: 'Content-Type',
      value: splitSecrets(fileHeader('content-type')?.value ?? 'application/json; charset=utf-8', secrets),
    });
  const override = splitDatabaseOverride(request.headers, options.databaseHeader);
  const database = effectiveDatabase(options.database, override.database);
  for (const [name, value] of Object.entries(databaseHeaders(database, options.databaseHeader)))
    headers.push({ name, value: splitSecrets(value, secrets) });
  for (const header of override.others) {
    if (['authorization', 'content-type'].includes(header.name.toLowerCase())) continue;
    headers.push({ name: header.name, value: splitSecrets(header.value, secrets) });
  }
  return {
    method: request.httpMethod,
    url: splitSecrets(base + request.path, secrets),
    headers,
    ...(request.target.kind === 'call' ? { body: request.body ?? {} } : {}),
    secrets,
  };
}
