// Completion on a real 19.0 server's schema (test/fixtures/real-server: 275 models, 6,414 fields, 13 documents with HTML
// docstrings), served over loopback HTTP and read through the real Json2Client and SchemaService: the first (cold)
// answers with their round trips, then the cached (warm) ones.
import { Json2Client } from '../src/core/client/json2Client';
import { completeAt, hoverAt, ServiceSchemaSource } from '../src/core/language';
import { parseRequestFile } from '../src/core/requestFile';
import { SchemaService } from '../src/core/schema/schemaService';
import { startRecordedRealServer } from '../test/support/recordedRealServer';

/** What a person completes or hovers at: the model list, a documented model's fields, a path, methods, a docstring. */
const POSITIONS: Readonly<Record<string, string>> = {
  models: 'POST sale.or‸',
  fields: 'POST sale.order/search_read\n{"fields": ["‸"]}',
  undocumentedFields: 'POST account.move.line/search_read\n{"fields": ["‸"]}',
  path: 'POST sale.order/search_read\n{"domain": [["partner_id.country_id.‸"]]}',
  methods: 'POST res.partner/‸\n{}',
  hover: 'POST res.partner/search_r‸ead\n{}',
};

function at(name: string): { file: ReturnType<typeof parseRequestFile>; offset: number } {
  const marked = POSITIONS[name];
  const offset = marked.indexOf('‸');
  return { file: parseRequestFile(marked.replace('‸', '')), offset };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function answer(name: string, source: ServiceSchemaSource): Promise<number> {
  const { file, offset } = at(name);
  if (name === 'hover') return (await hoverAt(file, offset, source))?.contents.length ?? 0;
  const items = (await completeAt(file, offset, source)).items;
  // The method item a person lands on first makes its documentation (its HTML docstrings converted then).
  if (name === 'methods') return items.find((item) => item.label === 'search_read')?.resolveDocumentation?.().length ?? 0;
  return items.length;
}

export async function runRealSchemaBench(): Promise<Record<string, number>> {
  const server = await startRecordedRealServer();
  const client = new Json2Client({ baseUrl: server.url, apiKey: 'b'.repeat(40), database: 'demo' });
  const results: Record<string, number> = {};
  try {
    const source = new ServiceSchemaSource(new SchemaService({ backend: client, connectionId: 'bench', database: 'demo' }));
    const expected: Record<string, number> = { models: 275, fields: 100, undocumentedFields: 97, path: 22 };
    for (const name of Object.keys(POSITIONS)) {
      const before = server.requests.length;
      const started = performance.now();
      const size = await answer(name, source);
      results[`realSchema.cold.${name}.ms`] = performance.now() - started;
      results[`realSchema.cold.${name}.requests`] = server.requests.length - before;
      if (name in expected && size !== expected[name]) throw new Error(`${name}: expected ${expected[name]} items, got ${size}`);
      if (size === 0) throw new Error(`${name}: nothing answered`);
    }
    const before = server.requests.length;
    for (const name of Object.keys(POSITIONS)) {
      const samples: number[] = [];
      for (let round = 0; round < 300; round++) {
        const started = performance.now();
        await answer(name, source);
        samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      results[`realSchema.warm.${name}.p50.ms`] = percentile(samples, 50);
      results[`realSchema.warm.${name}.p95.ms`] = percentile(samples, 95);
    }
    results['realSchema.warm.requests'] = server.requests.length - before;
    return results;
  } finally {
    await client.close();
    await server.close();
  }
}
