// json2 types over the recorded schema of a real 19.0 server (test/fixtures/real-server: 275 models, 13 with method
// documents): TypeScript and Python of every model generate, the TypeScript compiles with --strict, the Python
// compiles and loads; mypy --strict checks the Python of the 13 documented models (mypy 1.0 on all 275, a 3.4 MB
// file, runs minutes and several GB).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { pythonTypes } from '../../../src/core/typegen/pythonTypes';
import { loadTypedModels, type TypedModel } from '../../../src/core/typegen/typeSchema';
import { typescriptTypes } from '../../../src/core/typegen/typescriptTypes';
import { recordedDocuments, recordedModels, recordedRealSource } from '../../support/recordedRealServer';
import { skipOutsideCi } from '../../support/skipOutsideCi';
import { mypyAndPython, mypyReport, typeScriptDiagnostics } from '../../support/typeCheckers';

const run = promisify(execFile);
const ORIGIN = { server: 'https://erp.example.com', database: 'demo', release: '19.0' };
const DATE = new Date('2026-03-04T00:00:00Z');

describe('json2 types over the recorded real 19.0 schema', () => {
  let dir: string;
  const models = recordedModels().map((info) => info.model);
  let typed: TypedModel[];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-types-real-'));
    typed = await loadTypedModels(recordedRealSource().service, { models, depth: 0 });
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the TypeScript of all 275 models compiles with --strict', async () => {
    assert.equal(models.length, 275);
    assert.deepEqual(
      typed.map((model) => model.model),
      [...models].sort(),
    );
    const text = typescriptTypes({ ...ORIGIN, models: typed }, { lang: 'ts', models, depth: 0, client: true }, DATE);
    fs.writeFileSync(path.join(dir, 'realTypes.ts'), text);
    assert.deepEqual(typeScriptDiagnostics(dir, 'realTypes.ts'), []);
    // The documented methods are typed from their annotations: write takes the model's values and answers true.
    assert.match(
      text,
      /^ {2}write: \{\n {4}args: \{ ids: number\[\]; vals: ResPartnerWrite; context\?: Json2Context \};\n {4}result: true;$/m,
    );
    // `search_read`'s `**read_kwargs` is no argument name.
    assert.ok(!text.includes('read_kwargs'));
  });

  test('the Python of all 275 models compiles and loads; mypy --strict passes on the documented ones', async (t) => {
    fs.writeFileSync(
      path.join(dir, 'real_types.py'),
      pythonTypes({ ...ORIGIN, models: typed }, { lang: 'python', models, depth: 0, client: false }, DATE),
    );
    const tools = await mypyAndPython();
    if ('skip' in tools) return skipOutsideCi(t, tools.skip);
    // Loading runs every declaration: each type the file refers to exists.
    const { stdout } = await run(tools.python, ['-c', 'import real_types; print(len(real_types.ResPartnerRead.__annotations__))'], {
      cwd: dir,
    });
    assert.equal(Number(stdout), typed.find((model) => model.model === 'res.partner')?.fields.length);
    const documented = Object.keys(recordedDocuments()).filter((name) => name !== 'index');
    assert.equal(documented.length, 13);
    const subset = typed.filter((model) => documented.includes(model.model));
    const options = { lang: 'python' as const, models: documented, depth: 0, client: false };
    fs.writeFileSync(path.join(dir, 'documented_types.py'), pythonTypes({ ...ORIGIN, models: subset }, options, DATE));
    const report = await mypyReport(tools.mypy, dir, 'documented_types.py');
    assert.equal(report.code, 0, report.output);
  });
});
