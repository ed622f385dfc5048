// Explorer benchmark: a sandbox database with 1,000 custom models (made by the benchmark through ir.model) and a
// model of 1,000 fields (through ir.model.fields). Measures what the tree does for a database node, listing 1,000
// models through the real Json2Client and SchemaService (one round trip, schema documents) and grouping them, and for
// a model node once cached, the 1,000 fields sorted with their icon, description and tooltip lines.
import { fieldDescription, fieldIconId, fieldTooltipLines } from '../src/core/explorer/fieldPresentation';
import { filterModels, groupModels, isCustomField, isCustomModel, sortedFields } from '../src/core/explorer/modelListing';
import { Json2Client } from '../src/core/client/json2Client';
import { SchemaService } from '../src/core/schema/schemaService';
import { startSandbox } from '../src/sandbox/testApi';

const MODELS = 1_000;
const FIELDS = 1_000;
const WIDE_MODEL = 'x_bench_wide';
const RUNS = 15;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** What the tree builds for a database node: the models grouped (and filtered, here by nothing), each marked custom or not. */
function listing(models: readonly { model: string; name: string; state?: string }[]): number {
  let custom = 0;
  for (const group of groupModels(filterModels(models, ''))) for (const model of group.models) if (isCustomModel(model)) custom += 1;
  return custom;
}

/** What the tree builds for a model node: its fields sorted, each with icon, description and tooltip lines. */
function expansion(fields: Parameters<typeof sortedFields>[0]): number {
  let size = 0;
  for (const field of sortedFields(fields)) {
    size +=
      fieldIconId(field.type).length + fieldDescription(field).length + fieldTooltipLines(field).length + (isCustomField(field) ? 1 : 0);
  }
  return size;
}

export async function runExplorerBench(): Promise<Record<string, number | string>> {
  const sandbox = await startSandbox({ database: 'explorer_bench' });
  const client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
  try {
    let started = performance.now();
    for (let first = 0; first < MODELS; first += 100) {
      const batch = Array.from({ length: 100 }, (_, i) => ({
        model: `x_bench_${String(first + i).padStart(4, '0')}`,
        name: `Bench model ${first + i}`,
        state: 'manual',
      }));
      await client.call('ir.model', 'create', { vals_list: batch });
    }
    const [wideId] = await client.call<number[]>('ir.model', 'create', {
      vals_list: [{ model: WIDE_MODEL, name: 'Bench wide', state: 'manual' }],
    });
    const createModelsMs = performance.now() - started;
    started = performance.now();
    const types = ['char', 'integer', 'float', 'boolean', 'date', 'datetime', 'text', 'selection', 'many2one'];
    for (let first = 0; first < FIELDS; first += 100) {
      const batch = Array.from({ length: 100 }, (_, i) => {
        const type = types[(first + i) % types.length];
        return {
          model_id: wideId,
          name: `x_f${String(first + i).padStart(4, '0')}`,
          field_description: `Field ${first + i}`,
          ttype: type,
          state: 'manual',
          ...(type === 'selection' ? { selection: '[["a","A"],["b","B"]]' } : {}),
          ...(type === 'many2one' ? { relation: 'res.partner' } : {}),
        };
      });
      await client.call('ir.model.fields', 'create', { vals_list: batch });
    }
    const createFieldsMs = performance.now() - started;

    // Listing: a fresh service each run, so each pays its round trip (as the tree's first expansion of a database).
    // The CPU time of this process (the sandbox, its database worker and the client all run here) is less moved by
    // the machine's load than the elapsed time.
    const listMs: number[] = [];
    const listCpuMs: number[] = [];
    let modelCount = 0;
    for (let run = 0; run < RUNS; run++) {
      const service = new SchemaService({ backend: client, connectionId: 'bench', database: sandbox.database });
      const cpu = process.cpuUsage();
      const start = performance.now();
      const models = await service.models();
      listing(models);
      listMs.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      listCpuMs.push((used.user + used.system) / 1000);
      modelCount = models.length;
    }
    // Expansion once cached: the service has the model's fields; the tree sorts and presents them.
    const service = new SchemaService({ backend: client, connectionId: 'bench', database: sandbox.database });
    const firstExpansion = performance.now();
    const fields = await service.fields(WIDE_MODEL);
    expansion(fields);
    const firstExpansionMs = performance.now() - firstExpansion;
    const expandMs: number[] = [];
    for (let run = 0; run < RUNS * 4; run++) {
      const start = performance.now();
      expansion(await service.fields(WIDE_MODEL));
      expandMs.push(performance.now() - start);
    }
    return {
      'explorer: models in the database': modelCount,
      'explorer: fields of the wide model': Object.keys(fields).length,
      'explorer: creating 1,000 custom models (ms)': createModelsMs,
      'explorer: creating 1,000 custom fields (ms)': createFieldsMs,
      // The first run also pays the first use of the index code paths (the registry was read again by the last create).
      'explorer: list models, first run (ms)': listMs[0],
      'explorer: list models, median of later runs (ms)': percentile(listMs.slice(1), 0.5),
      'explorer: list models, max of later runs (ms)': Math.max(...listMs.slice(1)),
      'explorer: list models, first run, CPU time of the process (ms)': listCpuMs[0],
      'explorer: list models, median CPU time of later runs (ms)': percentile(listCpuMs.slice(1), 0.5),
      'explorer: expand 1,000 fields, first (round trip) (ms)': firstExpansionMs,
      'explorer: expand 1,000 fields cached, median (ms)': percentile(expandMs, 0.5),
      'explorer: expand 1,000 fields cached, p95 (ms)': percentile(expandMs, 0.95),
    };
  } finally {
    await client.close();
    await sandbox.stop();
  }
}
