// The custom model and field flows on a scripted input port: the steps asked, the checks on each answer, going back,
// the record created at the end and the server's refusal shown on the last input.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BACK, type Back, type InputPort, type PickQuestion, type TextQuestion } from '../../../src/core/connections/inputPort';
import { addCustomFieldFlow, createCustomModelFlow } from '../../../src/core/explorer/customSchemaFlows';
import type { NewCustomField, NewCustomModel } from '../../../src/core/explorer/customSchemaRules';
import { Json2Error } from '../../../src/core/client/clientErrors';
import type { FieldInfo } from '../../../src/core/schema/schemaTypes';

type Answer = string | Back | undefined;

/** Answers each question from a script (by step id) and records what was asked and which problems showed. */
class ScriptedPort implements InputPort {
  readonly asked: string[] = [];
  readonly problems: string[] = [];
  constructor(private readonly script: Array<[string, Answer]>) {}

  #next(id: string): Answer {
    const entry = this.script.shift();
    assert.ok(entry, `an answer for ${id}`);
    assert.equal(entry[0], id, `asked ${id}, the script expected ${entry[0]}`);
    this.asked.push(id);
    return entry[1];
  }

  async askText<R>(question: TextQuestion<R>): Promise<R | Back | undefined> {
    for (;;) {
      const answer = this.#next(question.id);
      if (answer === undefined || answer === BACK) return answer;
      const invalid = question.validate?.(answer);
      if (invalid) {
        this.problems.push(invalid);
        continue;
      }
      const outcome = await question.check(answer, new AbortController().signal);
      if ('value' in outcome) return outcome.value;
      this.problems.push(outcome.problem);
    }
  }

  async pick<T>(question: PickQuestion<T>): Promise<T | Back | undefined> {
    const answer = this.#next(question.id);
    if (answer === undefined || answer === BACK) return answer;
    const item = question.items.find((candidate) => String(candidate.value) === answer);
    assert.ok(item, `${answer} among ${question.items.map((candidate) => String(candidate.value)).join(', ')}`);
    return item.value;
  }
}

describe('Create Custom Model', () => {
  test("checks the name as typed, creates in the last step and shows the server's refusal there", async () => {
    const created: NewCustomModel[] = [];
    let refuse = true;
    const port = new ScriptedPort([
      ['modelName', 'books'],
      ['modelName', 'x_books'],
      ['modelLabel', 'Books'],
      ['modelLabel', 'Books'],
    ]);
    const result = await createCustomModelFlow(port, {
      existingModels: ['res.partner'],
      create: async (model) => {
        if (refuse) {
          refuse = false;
          throw new Json2Error({ status: 403, kind: 'access', message: 'not allowed', target: 'ir.model/create' });
        }
        created.push(model);
      },
    });
    assert.deepEqual(result, { model: 'x_books', name: 'Books' });
    assert.deepEqual(created, [{ model: 'x_books', name: 'Books' }]);
    assert.match(port.problems[0], /must start with "x_"/);
    assert.match(
      port.problems[1],
      /The server refused to create the model x_books: this user may not change the data model \(not allowed\)/,
    );
  });

  test('going back from the label asks the name again; Escape creates nothing', async () => {
    const created: NewCustomModel[] = [];
    const port = new ScriptedPort([
      ['modelName', 'x_a'],
      ['modelLabel', BACK],
      ['modelName', 'x_b'],
      ['modelLabel', undefined],
    ]);
    assert.equal(
      await createCustomModelFlow(port, {
        existingModels: [],
        create: async (model) => {
          created.push(model);
        },
      }),
      undefined,
    );
    assert.deepEqual(created, []);
  });
});

describe('Add Custom Field', () => {
  const models = [
    { model: 'res.partner', name: 'Contact' },
    { model: 'x_books', name: 'Books' },
    { model: 'x_lines', name: 'Lines' },
  ];

  test("a many2one asks the related model among the database's models", async () => {
    const created: NewCustomField[] = [];
    const port = new ScriptedPort([
      ['fieldName', 'x_partner_id'],
      ['fieldType', 'many2one'],
      ['fieldRelation', 'res.partner'],
      ['fieldLabel', 'Partner'],
    ]);
    const result = await addCustomFieldFlow(port, {
      model: 'x_books',
      existingFields: ['id', 'x_name'],
      models,
      fieldsOf: async () => ({}),
      create: async (field) => {
        created.push(field);
      },
    });
    assert.deepEqual(result, { name: 'x_partner_id', label: 'Partner', type: 'many2one', relation: 'res.partner' });
    assert.deepEqual(created, [result]);
  });

  test("a one2many asks its inverse among the comodel's many2one fields back; a selection its values", async () => {
    const created: NewCustomField[] = [];
    const port = new ScriptedPort([
      ['fieldName', 'x_name'],
      ['fieldName', 'x_line_ids'],
      ['fieldType', 'one2many'],
      ['fieldRelation', 'x_lines'],
      ['fieldInverse', 'x_book_id'],
      ['fieldLabel', BACK],
      ['fieldInverse', BACK],
      ['fieldRelation', BACK],
      ['fieldType', 'selection'],
      ['fieldSelection', 'a:A, b'],
      ['fieldLabel', 'Kind'],
    ]);
    const result = await addCustomFieldFlow(port, {
      model: 'x_books',
      existingFields: ['x_name'],
      models,
      fieldsOf: async (model): Promise<Record<string, FieldInfo>> =>
        model === 'x_lines' ? { x_book_id: { name: 'x_book_id', type: 'many2one', relation: 'x_books' } } : {},
      create: async (field) => {
        created.push(field);
      },
    });
    assert.match(port.problems[0], /already has a field x_name/);
    assert.deepEqual(result, {
      name: 'x_line_ids',
      label: 'Kind',
      type: 'selection',
      selection: [
        ['a', 'A'],
        ['b', 'b'],
      ],
    });
    assert.deepEqual(created, [result]);
  });

  test('a one2many to a model without a many2one back cannot go on', async () => {
    const port = new ScriptedPort([
      ['fieldName', 'x_line_ids'],
      ['fieldType', 'one2many'],
      ['fieldRelation', 'res.partner'],
      ['fieldInverse', 'x_anything'],
      ['fieldInverse', undefined],
    ]);
    const result = await addCustomFieldFlow(port, {
      model: 'x_books',
      existingFields: [],
      models,
      fieldsOf: async () => ({}),
      create: async () => assert.fail('nothing is created'),
    });
    assert.equal(result, undefined);
    assert.match(port.problems[0], /res\.partner has no many2one field pointing to x_books/);
  });
});
