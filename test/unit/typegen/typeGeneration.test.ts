// The type generator's parts without a server: Python annotations read into types, models reached to a depth over
// the recorded real schema, the header stamp and the schema summary read back, and the differences --check reports.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GeneratedFileError, readStamp } from '../../../src/core/typegen/generatedHeader';
import { typeOfAnnotation } from '../../../src/core/typegen/pythonAnnotation';
import { readSummary, schemaDifferences, summaryLines } from '../../../src/core/typegen/schemaSummary';
import { checkTypes, generateTypes } from '../../../src/core/typegen/typeGeneration';
import { loadTypedModels, TypeSchemaError, type TypedModel } from '../../../src/core/typegen/typeSchema';
import { TypeScriptNames } from '../../../src/core/typegen/typescriptRender';
import { recordedRealSource } from '../../support/recordedRealServer';

const ORIGIN = { server: 'https://erp.example.com', database: 'demo', release: '19.0' };

describe('typeOfAnnotation', () => {
  const names = new TypeScriptNames(new Map([['sale.order', 'SaleOrder']]), 'sale.order');
  const cases: Array<[string | undefined, 'argument' | 'result', string | undefined, string]> = [
    ['DomainType | None', 'argument', 'domain', 'SaleOrderDomain | null'],
    ['Sequence[str] | None', 'argument', 'fields', 'SaleOrderField[] | null'],
    ['Sequence[str]', 'argument', 'groupby', 'string[]'],
    ['list[ValuesType]', 'argument', 'vals_list', 'SaleOrderWrite[]'],
    ['list[ValuesType]', 'result', undefined, 'Partial<SaleOrderRead>[]'],
    ['typing.Literal[True]', 'result', undefined, 'true'],
    ['tuple[int, str] | typing.Literal[False]', 'result', undefined, '[number, string] | false'],
    ['list[str] | tuple[str, ...]', 'argument', 'groupby', 'string[]'],
    ['dict[str, int | list]', 'result', undefined, 'Record<string, number | unknown[]>'],
    ['dict[str, str | typing.Literal[False] | dict[str, str]]', 'argument', 'x', 'Record<string, string | false | Record<string, string>>'],
    ['dict[IdType, str]', 'result', undefined, 'Record<string, string>'],
    ['Self', 'result', undefined, 'number[]'],
    ['str|Markup', 'argument', 'body', 'string'],
    ['record/str', 'argument', 'x', 'unknown'],
    ['list(int)', 'argument', 'x', 'unknown'],
    ['Optional[int]', 'argument', 'x', 'number | null'],
    [undefined, 'argument', 'x', 'unknown'],
  ];
  for (const [annotation, place, parameter, expected] of cases) {
    test(`${annotation ?? '(none)'} as ${place} ${parameter ?? ''} → ${expected}`, () => {
      assert.equal(names.render(typeOfAnnotation(annotation, place, parameter)), expected);
    });
  }
});

describe('loadTypedModels over the recorded real schema', () => {
  test('depth 0 is the chosen models; depth 1 adds the models their relations name', async () => {
    const { service } = recordedRealSource();
    const alone = await loadTypedModels(service, { models: ['sale.order.line'], depth: 0 });
    assert.deepEqual(
      alone.map((typed) => typed.model),
      ['sale.order.line'],
    );
    const reached = await loadTypedModels(service, { models: ['sale.order.line'], depth: 1 });
    const relations = [
      ...new Set(
        alone[0].fields.flatMap((field) =>
          field.relation && ['many2one', 'one2many', 'many2many'].includes(field.type) ? [field.relation] : [],
        ),
      ),
    ];
    assert.deepEqual(
      reached.map((typed) => typed.model),
      [...new Set(['sale.order.line', ...relations])].sort(),
    );
    assert.ok(relations.includes('product.product') && relations.includes('sale.order'));
  });

  test('an unknown model or a bad depth is refused with what is wrong', async () => {
    const { service } = recordedRealSource();
    await assert.rejects(loadTypedModels(service, { models: ['res.partner', 'res.nothing'], depth: 0 }), (error: Error) => {
      assert.ok(error instanceof TypeSchemaError);
      assert.equal(error.message, "no model 'res.nothing' on this database");
      return true;
    });
    await assert.rejects(loadTypedModels(service, { models: ['res.partner'], depth: -1 }), /depth must be a whole number ≥ 0, not -1/);
  });
});

describe('the schema a file was made from', () => {
  test('the summary reads back as the same schema, and --check finds nothing to report', async () => {
    const { service } = recordedRealSource();
    const generated = await generateTypes({
      source: service,
      origin: ORIGIN,
      options: { lang: 'python', models: ['res.partner', 'sale.order'], depth: 0, client: false },
      generatedAt: new Date('2026-03-04T00:00:00Z'),
    });
    const check = await checkTypes(generated.text, service);
    assert.deepEqual(check.options, { lang: 'python', models: ['res.partner', 'sale.order'], depth: 0, client: false });
    assert.deepEqual(check.differences, []);
  });

  test('differences: a field removed, a selection value and a method argument changed, a model gone', () => {
    const model = (name: string, fields: TypedModel['fields'], methods: TypedModel['methods'] = []): TypedModel => ({
      model: name,
      name,
      fields,
      methods,
    });
    const before = [
      model(
        'sale.order',
        [
          {
            name: 'state',
            type: 'selection',
            selection: [
              ['draft', 'Quotation'],
              ['sale', 'Sales Order'],
            ],
          },
          { name: 'note', type: 'html' },
        ],
        [{ name: 'action_confirm', level: 'records', parameters: [] }],
      ),
      model('sale.report', [{ name: 'id', type: 'integer' }]),
    ];
    const after = [
      model(
        'sale.order',
        [
          {
            name: 'state',
            type: 'selection',
            selection: [
              ['draft', 'Quotation'],
              ['done', 'Done'],
            ],
          },
        ],
        [{ name: 'action_confirm', level: 'records', parameters: [{ name: 'force', required: false }] }],
      ),
    ];
    assert.deepEqual(schemaDifferences(readSummary(summaryLines(before, '//').join('\n')), after), [
      'sale.report: the model is gone (or no longer reached)',
      'sale.order: field note was removed',
      'sale.order: field state: selection changed from "draft, sale" to "draft, done"',
      'sale.order: method action_confirm changed from (records) to (records, force?)',
    ]);
  });

  test('a file without a stamp, or with a damaged one, is not read as generated', () => {
    assert.throws(() => readStamp('export type X = 1;\n'), GeneratedFileError);
    assert.throws(() => readStamp('// json2-types {"version":1,"lang":"go","models":["a"],"depth":0}\n'), /names no language/);
    assert.throws(() => readStamp('# json2-types {"version":2}\n'), /version 2/);
    assert.throws(() => readSummary('// json2-types {}\n'), /no "json2-schema" lines/);
  });
});
