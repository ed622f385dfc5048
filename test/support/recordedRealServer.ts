// A real Odoo 19.0 server's schema (test/fixtures/real-server: 275 models, 6,414 fields, 13 model documents with HTML
// docstrings) replayed to the core: in process for tests, or over loopback HTTP for the benchmark.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { Json2Error } from '../../src/core/client/clientErrors';
import { ServiceSchemaSource } from '../../src/core/language';
import { type SchemaBackend, SchemaService } from '../../src/core/schema/schemaService';
import { MemorySchemaStorage } from '../../src/core/schema/schemaStorage';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/real-server');

type Json = Record<string, unknown>;

let documents: Readonly<Record<string, Json>> | undefined;
let fieldsGet: Readonly<Record<string, Json>> | undefined;

function readCompressed(name: string): Record<string, Json> {
  return JSON.parse(zlib.brotliDecompressSync(fs.readFileSync(path.join(FIXTURES, name))).toString('utf8')) as Record<string, Json>;
}

/** The recorded `/doc-bearer` documents by name: `index` and 13 models. */
export function recordedDocuments(): Readonly<Record<string, Json>> {
  documents ??= readCompressed('odoo-19.0-doc.json.br');
  return documents;
}

/** The recorded `fields_get` of every model. */
export function recordedFieldsGet(): Readonly<Record<string, Json>> {
  fieldsGet ??= readCompressed('odoo-19.0-fields_get.json.br');
  return fieldsGet;
}

/** The models of the recorded index, as `ir.model` would list them. */
export function recordedModels(): Array<{ model: string; name: string; state: string }> {
  const index = recordedDocuments().index as { models: Array<{ model: string; name: string }> };
  return index.models.map(({ model, name }) => ({ model, name, state: 'base' }));
}

/** The path's recorded answer: the index, a model's document, or undefined (the server answers 404). */
function documentAt(documentPath: string): Json | undefined {
  const match = /^\/doc-bearer\/(.+)\.json$/.exec(documentPath);
  if (!match) return undefined;
  const name = decodeURIComponent(match[1]);
  return Object.hasOwn(recordedDocuments(), name) ? recordedDocuments()[name] : undefined;
}

/** The recorded server as a schema backend, counting requests; without documents, `/doc-bearer` answers 403. */
export class RecordedRealServer implements SchemaBackend {
  readonly requests: string[] = [];

  constructor(private readonly withDocuments = true) {}

  getDocument(documentPath: string): ReturnType<SchemaBackend['getDocument']> {
    this.requests.push(`GET ${documentPath}`);
    if (!this.withDocuments)
      return Promise.reject(new Json2Error({ status: 403, kind: 'access', message: 'no documentation access', target: documentPath }));
    const body = documentAt(documentPath);
    if (body === undefined)
      return Promise.reject(new Json2Error({ status: 404, kind: 'notFound', message: 'Not Found', target: documentPath }));
    return Promise.resolve({ notModified: false, etag: `"${documentPath}"`, body });
  }

  call<T>(model: string, method: string): Promise<T> {
    this.requests.push(`POST ${model}/${method}`);
    if (model === 'ir.model' && method === 'search_read') return Promise.resolve(recordedModels() as T);
    if (method === 'fields_get' && Object.hasOwn(recordedFieldsGet(), model)) return Promise.resolve(recordedFieldsGet()[model] as T);
    return Promise.reject(
      new Json2Error({ status: 404, kind: 'notFound', message: `The method '${model}.${method}' does not exist`, target: model }),
    );
  }
}

/** A real schema service and language source over the recorded server. */
export function recordedRealSource(options: { documents?: boolean } = {}): {
  backend: RecordedRealServer;
  service: SchemaService;
  source: ServiceSchemaSource;
} {
  const backend = new RecordedRealServer(options.documents ?? true);
  const service = new SchemaService({ backend, connectionId: 'real-19.0', database: 'demo', storage: new MemorySchemaStorage() });
  return { backend, service, source: new ServiceSchemaSource(service) };
}

/** The recorded server over loopback HTTP (documents, `fields_get`, `ir.model`), counting requests. */
export async function startRecordedRealServer(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(`${request.method} ${url}`);
    request.resume();
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...(status === 200 ? { etag: `"${url}"` } : {}) });
        response.end(JSON.stringify(body));
      };
      if (url.startsWith('/doc-bearer/')) {
        const body = documentAt(url);
        return body === undefined ? answer(404, errorObject('werkzeug.exceptions.NotFound', 'Not Found')) : answer(200, body);
      }
      const call = /^\/json\/2\/([^/]+)\/([^/?]+)$/.exec(url);
      const model = call ? decodeURIComponent(call[1]) : '';
      if (call?.[2] === 'fields_get' && Object.hasOwn(recordedFieldsGet(), model)) return answer(200, recordedFieldsGet()[model]);
      if (model === 'ir.model' && call?.[2] === 'search_read') return answer(200, recordedModels());
      return answer(404, errorObject('werkzeug.exceptions.NotFound', `The method '${model}.${call?.[2] ?? ''}' does not exist`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function errorObject(name: string, message: string): Json {
  return { name, message, arguments: [message], context: {}, debug: '' };
}
