// The explorer's plain-data parts: filter, grouping, custom marks, field icons and descriptions, tooltips, the request
// written for a model and its documentation address.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldDescription, fieldIconId, fieldTooltipLines } from '../../../src/core/explorer/fieldPresentation';
import { documentationUrl, modelRequestText, sampleDomain, usefulFields } from '../../../src/core/explorer/modelRequest';
import { filterModels, groupModels, isCustomField, isCustomModel, sortedFields } from '../../../src/core/explorer/modelListing';
import { parseRequestFile } from '../../../src/core/requestFile';

const MODELS = [
  { model: 'res.partner', name: 'Contact' },
  { model: 'res.country', name: 'Country' },
  { model: 'sale.order', name: 'Sales Order' },
  { model: 'x_books', name: 'Books', state: 'manual' },
  { model: 'mail.thread', name: 'Email Thread', state: 'base' },
];

describe('model list', () => {
  test('the filter matches technical names and labels, every word, without case', () => {
    assert.deepEqual(
      filterModels(MODELS, 'PARTNER').map((m) => m.model),
      ['res.partner'],
    );
    assert.deepEqual(
      filterModels(MODELS, 'order').map((m) => m.model),
      ['sale.order'],
    );
    assert.deepEqual(
      filterModels(MODELS, 'sales ord').map((m) => m.model),
      ['sale.order'],
    );
    assert.deepEqual(
      filterModels(MODELS, 'res cou').map((m) => m.model),
      ['res.country'],
    );
    assert.equal(filterModels(MODELS, '  ').length, MODELS.length);
  });

  test('groups by the first segment of the name, sorted', () => {
    assert.deepEqual(
      groupModels(MODELS).map((g) => [g.name, g.models.map((m) => m.model)]),
      [
        ['mail', ['mail.thread']],
        ['res', ['res.country', 'res.partner']],
        ['sale', ['sale.order']],
        ['x_books', ['x_books']],
      ],
    );
  });

  test('custom models are x_ or manual; custom fields are x_', () => {
    assert.deepEqual(
      MODELS.filter(isCustomModel).map((m) => m.model),
      ['x_books'],
    );
    assert.equal(isCustomModel({ model: 'library.book', name: 'Book', state: 'manual' }), true);
    assert.equal(isCustomField({ name: 'x_rating' }), true);
    assert.equal(isCustomField({ name: 'name' }), false);
  });

  test('fields sort by name with id first', () => {
    assert.deepEqual(
      sortedFields({
        name: { name: 'name', type: 'char' },
        id: { name: 'id', type: 'integer' },
        active: { name: 'active', type: 'boolean' },
      }).map((f) => f.name),
      ['id', 'active', 'name'],
    );
  });
});

describe('field presentation', () => {
  test('icons per type, description with the relation, tooltip lines with values and help', () => {
    assert.equal(fieldIconId('many2one'), 'arrow-right');
    assert.equal(fieldIconId('char'), 'symbol-string');
    assert.equal(fieldIconId('something_new'), 'symbol-field');
    assert.equal(fieldDescription({ name: 'country_id', type: 'many2one', relation: 'res.country' }), 'many2one → res.country');
    assert.equal(fieldDescription({ name: 'name', type: 'char' }), 'char');
    const lines = fieldTooltipLines({
      name: 'type',
      type: 'selection',
      string: 'Type',
      help: 'The kind',
      required: true,
      selection: [
        ['a', 'A'],
        ['b', 'B'],
      ],
    });
    assert.deepEqual(lines, [
      { key: 'label', value: 'Type' },
      { key: 'name', value: 'type' },
      { key: 'type', value: 'selection' },
      { key: 'required', value: true },
      { key: 'readonly', value: false },
      { key: 'values', value: 'a (A), b (B)' },
      { key: 'help', value: 'The kind' },
    ]);
  });
});

describe('model request', () => {
  const fields = {
    id: { name: 'id', type: 'integer' },
    name: { name: 'name', type: 'char', required: true },
    email: { name: 'email', type: 'char' },
    image_1920: { name: 'image_1920', type: 'binary' },
    child_ids: { name: 'child_ids', type: 'one2many', relation: 'res.partner' },
    active: { name: 'active', type: 'boolean' },
    ref: { name: 'ref', type: 'char' },
    x_code: { name: 'x_code', type: 'char', required: true },
    write_date: { name: 'write_date', type: 'datetime' },
  };

  test('useful fields: familiar ones, then required, never heavy or technical', () => {
    assert.deepEqual(usefulFields(fields), ['name', 'email', 'active', 'x_code', 'ref']);
    assert.deepEqual(usefulFields({ id: { name: 'id', type: 'integer' } }), ['display_name']);
  });

  test('a sample domain: active records, a state, or records with a name', () => {
    assert.deepEqual(sampleDomain(fields), [['active', '=', true]]);
    assert.deepEqual(sampleDomain({ state: { name: 'state', type: 'selection', selection: [['draft', 'Draft']] } }), [
      ['state', '=', 'draft'],
    ]);
    assert.deepEqual(sampleDomain({ name: { name: 'name', type: 'char' } }), [['name', '!=', false]]);
    assert.deepEqual(sampleDomain({}), [['id', '>', 0]]);
  });

  test('the request file parses into one search_read on the model, naming another database with the header', () => {
    const text = modelRequestText({
      connectionName: 'local',
      model: 'res.partner',
      label: 'Contact',
      fields: ['name'],
      domain: [['active', '=', true]],
      limit: 20,
      database: { header: 'X-Service-Database', name: 'archive' },
    });
    const parsed = parseRequestFile(text);
    assert.equal(parsed.diagnostics.length, 0, JSON.stringify(parsed.diagnostics));
    assert.equal(parsed.requests.length, 1);
    assert.match(text, /^# @connection local\n/);
    assert.match(text, /POST res\.partner\/search_read\nX-Service-Database: archive\n\{/);
    assert.match(text, /"domain": \[\["active","=",true\]\],\n {2}"fields": \["name"\],\n {2}"limit": 20/);
  });

  test('the documentation page is /doc/<model> under the address, its path prefix kept', () => {
    assert.equal(documentationUrl('https://example.com', 'res.partner'), 'https://example.com/doc/res.partner');
    assert.equal(documentationUrl('https://example.com/erp/', 'res.partner'), 'https://example.com/erp/doc/res.partner');
    assert.equal(documentationUrl('https://example.com/erp/?x=1#top', 'x_a b'), 'https://example.com/erp/doc/x_a%20b');
    assert.equal(
      documentationUrl('https://example.com/erp', 'res.partner', 'prod & test'),
      'https://example.com/erp/web/login?db=prod+%26+test&redirect=%2Ferp%2Fdoc%2Fres.partner',
    );
  });
});
