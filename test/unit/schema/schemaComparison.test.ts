// Comparing two databases' schemas: models and fields added, removed, changed (type, relation, required, selection
// values), and the Markdown export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSchemas, schemaComparisonMarkdown, type SchemaSnapshot } from '../../../src/core/schema/schemaComparison';
import { ACTIVE_KINDS, renderMarkdown } from '../../support/markdownInspection';

const staging: SchemaSnapshot = {
  label: 'staging',
  models: [
    { model: 'res.partner', name: 'Contact' },
    { model: 'sale.order', name: 'Sales Order' },
    { model: 'x_library.book', name: 'Book', state: 'manual' },
  ],
  fields: {
    'res.partner': {
      name: { name: 'name', type: 'char', string: 'Name', required: true },
      x_rating: {
        name: 'x_rating',
        type: 'selection',
        string: 'Rating',
        selection: [
          ['good', 'Good'],
          ['bad', 'Bad'],
          ['ugly', 'Ugly'],
        ],
      },
      x_buddy_id: { name: 'x_buddy_id', type: 'many2one', relation: 'res.users', string: 'Buddy' },
    },
    'sale.order': { name: { name: 'name', type: 'char', required: true } },
    'x_library.book': { x_name: { name: 'x_name', type: 'char' } },
  },
};

const production: SchemaSnapshot = {
  label: 'production',
  models: [
    { model: 'res.partner', name: 'Contact' },
    { model: 'sale.order', name: 'Sales Order' },
    { model: 'res.legacy', name: 'Legacy' },
  ],
  fields: {
    'res.partner': {
      name: { name: 'name', type: 'char', string: 'Name', required: true },
      x_rating: {
        name: 'x_rating',
        type: 'selection',
        string: 'Rating',
        selection: [
          ['good', 'Good'],
          ['bad', 'Bad'],
        ],
      },
      x_buddy_id: { name: 'x_buddy_id', type: 'many2one', relation: 'res.partner', string: 'Buddy', required: true },
      x_old: { name: 'x_old', type: 'integer' },
    },
    'sale.order': { name: { name: 'name', type: 'char', required: true } },
    'res.legacy': {},
  },
};

test('models and fields added, removed and changed, from one side to the other', () => {
  const comparison = compareSchemas(production, staging);
  assert.deepEqual(
    comparison.addedModels.map((model) => model.model),
    ['x_library.book'],
  );
  assert.deepEqual(
    comparison.removedModels.map((model) => model.model),
    ['res.legacy'],
  );
  assert.equal(comparison.sameModels, 1);
  assert.equal(comparison.changedModels.length, 1);
  const partner = comparison.changedModels[0];
  assert.equal(partner.model, 'res.partner');
  assert.deepEqual(partner.addedFields, []);
  assert.deepEqual(
    partner.removedFields.map((field) => field.name),
    ['x_old'],
  );
  assert.deepEqual(partner.changedFields, [
    {
      field: 'x_buddy_id',
      changes: [
        { attribute: 'relation', before: 'res.partner', after: 'res.users' },
        { attribute: 'required', before: 'true', after: 'false' },
      ],
    },
    { field: 'x_rating', changes: [{ attribute: 'selection', before: 'good, bad', after: 'good, bad, ugly' }] },
  ]);
  const reverse = compareSchemas(staging, production);
  assert.deepEqual(
    reverse.addedModels.map((model) => model.model),
    ['res.legacy'],
  );
  assert.deepEqual(
    reverse.changedModels[0].addedFields.map((field) => field.name),
    ['x_old'],
  );
});

test('the same schema compares as the same', () => {
  const comparison = compareSchemas(staging, { ...staging, label: 'copy' });
  assert.deepEqual([comparison.addedModels, comparison.removedModels, comparison.changedModels], [[], [], []]);
  assert.equal(comparison.sameModels, 3);
  assert.match(schemaComparisonMarkdown(comparison), /The two schemas are the same\./);
});

test('the Markdown export: a summary, diff blocks of models and fields, a table of changed attributes', () => {
  const markdown = schemaComparisonMarkdown(compareSchemas(production, staging));
  assert.match(markdown, /^# Schema comparison\n\nFrom \*\*production\*\* to \*\*staging\*\*\./);
  assert.match(markdown, /- Models added: 1\n- Models removed: 1\n- Models with field differences: 1 \(3 fields\)\n- Models the same: 1/);
  assert.match(markdown, /```diff\n\+ x_library\.book \(Book\)\n- res\.legacy \(Legacy\)\n```/);
  assert.match(markdown, /## `res\.partner`\n\n```diff\n- x_old: integer\n```/);
  assert.match(markdown, /\| `x_buddy_id` \| relation \| `res\.partner` \| `res\.users` \|/);
  assert.match(markdown, /\| `x_rating` \| selection \| `good, bad` \| `good, bad, ugly` \|/);
});

test('server labels stay text in the Markdown: a line break and a code fence in a label inject no image, link or HTML', () => {
  const payload =
    'Book\n```\n\n![pixel](https://evil.example/p.png) [open](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>\n\n```diff';
  const hostile = (label: string): SchemaSnapshot => ({
    label,
    models: [
      { model: 'res.partner', name: 'Contact' },
      { model: `x_evil\n\n<img src=y>`, name: payload },
    ],
    fields: {
      'res.partner': {
        x_note: {
          name: 'x_note',
          type: 'selection',
          string: payload,
          selection: [[`a\n\n[x](https://evil.example)`, 'A']],
          relation: `res.users\n<img src=z>`,
        },
        x_new: { name: `x_new\n\n<img src=w>`, type: 'char', string: payload },
      },
    },
  });
  const before: SchemaSnapshot = {
    label: 'left',
    models: [{ model: 'res.partner', name: 'Contact' }],
    fields: { 'res.partner': { x_note: { name: 'x_note', type: 'char' } } },
  };
  const markdown = schemaComparisonMarkdown(compareSchemas(before, hostile(`right\n\n![i](https://evil.example/l.png)`)));
  const rendered = renderMarkdown(markdown);
  assert.deepEqual(
    [...rendered.kinds].filter((kind) => ACTIVE_KINDS.has(kind)),
    [],
    markdown,
  );
  assert.doesNotMatch(rendered.html, /<img|<a |href=/i, markdown);
  // The text still reads as the server wrote it, on one line.
  assert.match(rendered.text, /x_evil <img src=y> \(Book ``` !\[pixel\]\(https:\/\/evil\.example\/p\.png\)/);
  assert.match(rendered.text, /From left to right !\[i\]\(https:\/\/evil\.example\/l\.png\)\./);
});
