// What a hostile server sends never becomes code in a generated file: names that are no identifiers are left out,
// and labels, selection values, docstrings and line separators are escaped, so the TypeScript compiles and the
// Python compiles with nothing but the declarations json2 types writes.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { FieldInfo, MethodInfo, ModelInfo } from '../../../src/core/schema/schemaTypes';
import { checkTypes, generateTypes } from '../../../src/core/typegen/typeGeneration';
import type { TypeSchemaSource } from '../../../src/core/typegen/typeSchema';
import { skipOutsideCi } from '../../support/skipOutsideCi';
import { mypyAndPython, typeScriptDiagnostics } from '../../support/typeCheckers';

const run = promisify(execFile);
const ESCAPE = '*/ """ \'\'\' \\ ` ${process.exit(1)} \u2028process.exit(2)\u2029 \r\nprocess.exit(3) \u0000';

const MODELS: ModelInfo[] = [
  { model: 'x.evil', name: `Evil ${ESCAPE}` },
  { model: 'x.evil\nprocess.exit(4)', name: 'a name that is no model name' },
];

const FIELDS: Record<string, FieldInfo> = {
  id: { name: 'id', type: 'integer', string: 'ID' },
  x_kind: {
    name: 'x_kind',
    type: 'selection',
    string: `Kind ${ESCAPE}`,
    selection: [
      [ESCAPE, ESCAPE],
      ['plain', 'Plain'],
    ],
  },
  x_link: { name: 'x_link', type: 'many2one', relation: 'x.evil\nprocess.exit(4)', string: ESCAPE },
  'x_bad`${process.exit(5)}': { name: 'x_bad`${process.exit(5)}', type: 'char' },
  'x_bad\u2028process.exit(6)': { name: 'x_bad\u2028process.exit(6)', type: 'char' },
};

const METHODS: MethodInfo[] = [
  {
    name: 'action_go',
    level: 'records',
    doc: `<p>Go ${ESCAPE}". And more.</p>`,
    returns: ESCAPE,
    parameters: [
      { name: 'force', required: false, annotation: `typing.Literal['${ESCAPE.replace(/'/g, '')}']` },
      { name: 'ids', required: true },
      { name: 'bad name', required: true },
    ],
  },
  { name: 'bad\nprocess.exit(7)', level: 'model', parameters: [] },
];

const source: TypeSchemaSource = {
  models: () => Promise.resolve(MODELS),
  fields: () => Promise.resolve(FIELDS),
  methods: () => Promise.resolve(METHODS),
};

describe('json2 types with a hostile schema', () => {
  let dir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-types-hostile-'));
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const lang of ['ts', 'python'] as const) {
    test(`${lang}: nothing the server sends runs, and the file compiles`, async (t) => {
      const { text, models } = await generateTypes({
        source,
        origin: {
          server: 'https://evil.example\u2028process.exit(8)',
          database: `db\nprocess.exit(9)`,
          release: `19.0\u2029process.exit(10)`,
        },
        options: { lang, models: ['x.evil'], depth: 1, client: lang === 'ts' },
        generatedAt: new Date('2026-03-04T00:00:00Z'),
      });
      assert.deepEqual(models, ['x.evil']);
      for (const line of text.split(/\r\n|[\r\n\u2028\u2029]/)) assert.doesNotMatch(line, /^\s*process\.exit/, line);
      assert.ok(
        !text.includes('x_bad') && !text.includes('bad name') && !text.includes('bad\n'),
        'names that are no identifiers are left out',
      );
      assert.ok(!['\u0000', '\u2028', '\u2029'].some((c) => text.includes(c)), 'no raw NUL or line separators');
      if (lang === 'ts') {
        fs.writeFileSync(path.join(dir, 'evil.ts'), text);
        assert.deepEqual(typeScriptDiagnostics(dir, 'evil.ts'), []);
      } else {
        fs.writeFileSync(path.join(dir, 'evil_types.py'), text);
        const tools = await mypyAndPython();
        if ('skip' in tools) return skipOutsideCi(t, tools.skip);
        const { stdout } = await run(tools.python, ['-c', 'import evil_types; print(sorted(evil_types.XEvilRead.__annotations__))'], {
          cwd: dir,
        });
        assert.equal(stdout.trim(), "['id', 'x_kind', 'x_link']");
      }
      assert.deepEqual((await checkTypes(text, source)).differences, []);
    });
  }
});
