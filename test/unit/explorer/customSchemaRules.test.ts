// The rules for custom models and fields: names, labels, relations, selection values, and the records sent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  customFieldNameProblem,
  customFieldValues,
  customModelNameProblem,
  customModelValues,
  inverseCandidates,
  labelProblem,
  parseSelectionValues,
  relationProblem,
} from '../../../src/core/explorer/customSchemaRules';
import { schemaChangeProblem } from '../../../src/core/explorer/schemaChangeErrors';
import { Json2Error } from '../../../src/core/client/clientErrors';

describe('custom model names', () => {
  test('need the x_ prefix, lowercase words and dots, and a name not taken', () => {
    assert.equal(customModelNameProblem('x_library.book', ['res.partner']), undefined);
    assert.equal(customModelNameProblem('x_books', []), undefined);
    assert.match(customModelNameProblem('library.book', []) ?? '', /must start with "x_" \(for example x_library\.book\)/);
    assert.match(customModelNameProblem('x_Library', []) ?? '', /lowercase/);
    assert.match(customModelNameProblem('x_library..book', []) ?? '', /lowercase/);
    assert.match(customModelNameProblem('x_book.', []) ?? '', /lowercase/);
    assert.match(customModelNameProblem('x_books', ['x_books']) ?? '', /already exists/);
    assert.match(customModelNameProblem('', []) ?? '', /Type the technical name/);
    assert.match(customModelNameProblem(`x_${'a'.repeat(70)}`, []) ?? '', /at most 63/);
  });
});

describe('custom field names and labels', () => {
  test('need the x_ prefix, no dots, and a name the model does not have', () => {
    assert.equal(customFieldNameProblem('x_rating', ['name']), undefined);
    assert.match(customFieldNameProblem('rating', []) ?? '', /must start with "x_" \(for example x_rating\)/);
    assert.match(customFieldNameProblem('x_a.b', []) ?? '', /lowercase letters, digits and "_" only/);
    assert.match(customFieldNameProblem('x_rating', ['x_rating']) ?? '', /already has a field x_rating/);
    assert.equal(labelProblem('Rating'), undefined);
    assert.match(labelProblem('   ') ?? '', /Type a label/);
  });

  test('relational types need an existing comodel, others none', () => {
    assert.equal(relationProblem('many2one', 'res.partner', ['res.partner']), undefined);
    assert.match(relationProblem('many2one', undefined, ['res.partner']) ?? '', /needs the model it points to/);
    assert.match(relationProblem('many2many', 'x_nothing', ['res.partner']) ?? '', /no model x_nothing/);
    assert.match(relationProblem('char', 'res.partner', ['res.partner']) ?? '', /has no related model/);
    assert.equal(relationProblem('char', undefined, []), undefined);
  });

  test("a one2many may go through the comodel's many2one fields that point back", () => {
    const fields = {
      x_book_id: { name: 'x_book_id', type: 'many2one', relation: 'x_books' },
      partner_id: { name: 'partner_id', type: 'many2one', relation: 'res.partner' },
      x_other_ids: { name: 'x_other_ids', type: 'one2many', relation: 'x_books' },
    };
    assert.deepEqual(
      inverseCandidates('x_books', fields).map((field) => field.name),
      ['x_book_id'],
    );
  });

  test('selection values are value:Label pairs separated by commas', () => {
    assert.deepEqual(parseSelectionValues('draft:Draft, done : Done'), {
      pairs: [
        ['draft', 'Draft'],
        ['done', 'Done'],
      ],
    });
    assert.deepEqual(parseSelectionValues('a, b'), {
      pairs: [
        ['a', 'a'],
        ['b', 'b'],
      ],
    });
    assert.match((parseSelectionValues('') as { problem: string }).problem, /Type the values/);
    assert.match((parseSelectionValues('a:A, a:B') as { problem: string }).problem, /listed twice/);
    assert.match((parseSelectionValues(':A') as { problem: string }).problem, /needs a value and a label/);
  });
});

describe('records sent', () => {
  test('a custom model is created in state manual', () => {
    assert.deepEqual(customModelValues({ model: 'x_books', name: ' Books ' }), { model: 'x_books', name: 'Books', state: 'manual' });
  });

  test('with the administrators group, the model brings an access right giving it every operation', () => {
    assert.deepEqual(customModelValues({ model: 'x_books', name: 'Books' }, 3), {
      model: 'x_books',
      name: 'Books',
      state: 'manual',
      access_ids: [
        [0, 0, { name: 'x_books administrators', group_id: 3, perm_read: true, perm_write: true, perm_create: true, perm_unlink: true }],
      ],
    });
  });

  test('a custom field is created in state manual with its relation or values', () => {
    assert.deepEqual(customFieldValues(7, { name: 'x_partner_id', label: 'Partner', type: 'many2one', relation: 'res.partner' }), {
      model_id: 7,
      name: 'x_partner_id',
      field_description: 'Partner',
      ttype: 'many2one',
      state: 'manual',
      relation: 'res.partner',
    });
    assert.deepEqual(customFieldValues(7, { name: 'x_state', label: 'State', type: 'selection', selection: [['a', 'A "quoted"']] }), {
      model_id: 7,
      name: 'x_state',
      field_description: 'State',
      ttype: 'selection',
      state: 'manual',
      selection: '[["a","A \\"quoted\\""]]',
    });
    assert.deepEqual(
      customFieldValues(3, { name: 'x_line_ids', label: 'Lines', type: 'one2many', relation: 'x_line', relationField: 'x_book_id' })
        .relation_field,
      'x_book_id',
    );
  });

  test("the server's refusal is said in plain words with its message", () => {
    const access = new Json2Error({
      status: 403,
      kind: 'access',
      message: 'You are not allowed to create Models',
      target: 'ir.model/create',
    });
    assert.equal(
      schemaChangeProblem(access, 'the model x_books'),
      'The server refused to create the model x_books: this user may not change the data model (You are not allowed to create Models).',
    );
    const validation = new Json2Error({
      status: 422,
      kind: 'validation',
      message: 'The model name must start with x_',
      target: 'ir.model/create',
    });
    assert.equal(
      schemaChangeProblem(validation, 'the model books'),
      'The server refused the model books: The model name must start with x_',
    );
  });
});
