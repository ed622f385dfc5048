// Completion benchmark: latency on a model with 1,000 fields once cached (p95), round trips of the first completion,
// and the memory of a schema cache for a database of 1,000 models. The schema comes from a local HTTP server through the
// real Json2Client and SchemaService; the server counts the requests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Json2Client } from '../src/core/client/json2Client';
import { completeAt, ServiceSchemaSource } from '../src/core/language';
import { parseRequestFile } from '../src/core/requestFile';
import { SchemaService } from '../src/core/schema/schemaService';
import { MemorySchemaStorage } from '../src/core/schema/schemaStorage';

const TYPES = ['char', 'integer', 'float', 'boolean', 'date', 'datetime', 'selection', 'many2one', 'one2many', 'text'];

/** `count` fields as fields_get describes them; every tenth a relation to the next model. */
function fieldsOf(model: number, count: number): Record<string, Record<string, unknown>> {
  const fields: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < count; i++) {
    const type = TYPES[i % TYPES.length];
    fields[`x_field_${model}_${i}`] = {
      type,
      string: `Field ${i} of model ${model}`,
      help: i % 3 === 0 ? `Help text of field ${i}, a sentence long.` : '',
      required: i % 17 === 0,
      readonly: i % 13 === 0,
      ...(type === 'selection'
        ? {
            selection: [
              ['a', 'A'],
              ['b', 'B'],
              ['c', 'C'],
            ],
          }
        : {}),
      ...(type === 'many2one' || type === 'one2many' ? { relation: `x_model_${(model + 1) % 1000}` } : {}),
    };
  }
  return fields;
}

interface SchemaServer {
  readonly url: string;
  readonly requests: string[];
  close(): Promise<void>;
}

/** Serves `/doc-bearer/<model>.json` (or 403 when documents are not readable) and `fields_get`, counting requests. */
async function startSchemaServer(fieldsPerModel: (model: number) => number, documents: boolean): Promise<SchemaServer> {
  const requests: string[] = [];
  const cache = new Map<string, string>();
  const fieldsText = (name: string) => {
    let text = cache.get(name);
    if (!text)
      cache.set(
        name,
        (text = JSON.stringify(fieldsOf(Number(name.slice('x_model_'.length)), fieldsPerModel(Number(name.slice('x_model_'.length)))))),
      );
    return text;
  };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(`${request.method} ${url}`);
    request.resume();
    request.on('end', () => {
      const documentMatch = /^\/doc-bearer\/(x_model_\d+)\.json$/.exec(url);
      if (documentMatch && documents) {
        response.writeHead(200, { 'content-type': 'application/json', etag: `"${documentMatch[1]}"` });
        response.end(
          `{"model": "${documentMatch[1]}", "name": "Model", "doc": "", "fields": ${fieldsText(documentMatch[1])}, "methods": {}}`,
        );
        return;
      }
      if (url.startsWith('/doc-bearer/')) {
        response.writeHead(403, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            name: 'odoo.exceptions.AccessError',
            message: 'no documentation access',
            arguments: ['no documentation access'],
            context: {},
            debug: '',
          }),
        );
        return;
      }
      const callMatch = /^\/json\/2\/(x_model_\d+)\/fields_get$/.exec(url);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(callMatch ? fieldsText(callMatch[1]) : 'null');
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Positions a person completes at, on the 1,000-field model: a condition's field, a path, an operator, a value, a fields list. */
function positions(): Array<{ text: string; offset: number }> {
  const texts = [
    'POST x_model_0/search_read\n{"domain": [["x_field_0_1‸", "=", 1]], "fields": ["x_field_0_0"]}',
    'POST x_model_0/search_read\n{"domain": [["x_field_0_7.x_field_1_‸"]]}',
    'POST x_model_0/search_read\n{"domain": [["x_field_0_0", "‸"]]}',
    'POST x_model_0/search_read\n{"domain": [["x_field_0_6", "=", ‸]]}',
    'POST x_model_0/search_read\n{"fields": ["x_field_0_0", "‸"]}',
  ];
  return texts.map((marked) => ({ text: marked.replace('‸', ''), offset: marked.indexOf('‸') }));
}

async function latency(): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  for (const documents of [true, false]) {
    const server = await startSchemaServer(() => 1000, documents);
    const client = new Json2Client({ baseUrl: server.url, apiKey: 'b'.repeat(40) });
    try {
      const service = new SchemaService({ backend: client, connectionId: 'bench', database: undefined });
      const source = new ServiceSchemaSource(service);
      const [first] = positions();
      const started = performance.now();
      const answer = await completeAt(parseRequestFile(first.text), first.offset, source);
      const firstMs = performance.now() - started;
      if (answer.items.length !== 1000) throw new Error(`expected 1,000 fields, got ${answer.items.length}`);
      const label = documents ? 'documents' : 'fieldsGet';
      results[`completion.first.${label}.requests`] = server.requests.length;
      results[`completion.first.${label}.ms`] = firstMs;
      if (!documents) continue;
      // Each position once to fetch the related model, then timed rounds (parse included: every keystroke is a new version).
      for (const position of positions()) await completeAt(parseRequestFile(position.text), position.offset, source);
      const before = server.requests.length;
      // Wall time is what a person waits; CPU time shows the share of it that is ours on a busy machine.
      const samples: number[] = [];
      const cpuSamples: number[] = [];
      for (let round = 0; round < 400; round++) {
        for (const position of positions()) {
          const t = performance.now();
          const cpu = process.cpuUsage();
          await completeAt(parseRequestFile(position.text), position.offset, source);
          const used = process.cpuUsage(cpu);
          samples.push(performance.now() - t);
          cpuSamples.push((used.user + used.system) / 1000);
        }
      }
      samples.sort((a, b) => a - b);
      cpuSamples.sort((a, b) => a - b);
      results['completion.cached.p50.ms'] = percentile(samples, 50);
      results['completion.cached.p95.ms'] = percentile(samples, 95);
      results['completion.cached.max.ms'] = samples[samples.length - 1];
      results['completion.cached.cpu.p95.ms'] = percentile(cpuSamples, 95);
      results['completion.loadAverage'] = os.loadavg()[0];
      results['completion.cached.requests'] = server.requests.length - before;
    } finally {
      await client.close();
      await server.close();
    }
  }
  return results;
}

function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  (vm.runInNewContext('gc') as () => void)();
}

/** Heap and persisted size of a cache holding 1,000 models of 40 fields on average (10 to 70). */
async function cacheMemory(): Promise<Record<string, number>> {
  const server = await startSchemaServer((model) => 10 + (model % 61), true);
  const client = new Json2Client({ baseUrl: server.url, apiKey: 'b'.repeat(40) });
  try {
    const storage = new MemorySchemaStorage();
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const service = new SchemaService({ backend: client, connectionId: 'bench', database: undefined, storage });
    let fields = 0;
    for (let model = 0; model < 1000; model++) fields += Object.keys(await service.fields(`x_model_${model}`)).length;
    collectGarbage();
    const heapAfter = process.memoryUsage().heapUsed;
    const persisted = [...storage.entries.values()].reduce((total, text) => total + text.length, 0);
    if (service.cachedDetail('x_model_999') === undefined) throw new Error('the cache lost a model');
    return {
      'completionCache.models': 1000,
      'completionCache.fields': fields,
      'completionCache.heapMB': (heapAfter - heapBefore) / 1024 / 1024,
      'completionCache.persistedMB': persisted / 1024 / 1024,
    };
  } finally {
    await client.close();
    await server.close();
  }
}

/** Every figure of the completion benchmark. */
export async function runCompletionBench(): Promise<Record<string, number>> {
  return { ...(await latency()), ...(await cacheMemory()) };
}
