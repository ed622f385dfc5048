// The pure parts of "explain this answer": which answers need explaining, the operation of a method, the fields an
// error names, a rule's domain in words, and-ing a domain.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldGroupsOfError } from '../../../src/core/access/fieldGroupCause';
import { andDomain, domainOf, fieldsOfError, missingFields, operationOf, situationOf } from '../../../src/core/access/requestShape';
import { describeRuleDomain } from '../../../src/core/access/ruleDomainWords';

test('situations: 401, 403, empty lists and counts, web_search_read, missing fields, answered', () => {
  const search = { model: 'res.partner', method: 'search_read', args: { domain: [], fields: ['name', 'credit_limit'] } };
  assert.equal(situationOf(search, { kind: 'error', status: 401, message: '' }), 'unauthorized');
  assert.equal(situationOf(search, { kind: 'error', status: 403, message: '' }), 'denied');
  assert.equal(situationOf(search, { kind: 'result', value: [] }), 'empty');
  assert.equal(situationOf({ ...search, method: 'search_count' }, { kind: 'result', value: 0 }), 'empty');
  assert.equal(situationOf({ ...search, method: 'web_search_read' }, { kind: 'result', value: { length: 0, records: [] } }), 'empty');
  assert.equal(situationOf(search, { kind: 'result', value: [{ id: 1, name: 'a' }] }), 'missingField');
  assert.deepEqual(missingFields(search, { kind: 'result', value: [{ id: 1, name: 'a' }] }), ['credit_limit']);
  assert.equal(situationOf(search, { kind: 'result', value: [{ id: 1, name: 'a', credit_limit: 0 }] }), 'answered');
  assert.equal(situationOf({ model: 'x', method: 'write' }, { kind: 'result', value: true }), 'answered');
});

test('operations, domains of ids, and-ing', () => {
  assert.equal(operationOf('unlink'), 'unlink');
  assert.equal(operationOf('web_save'), 'write');
  assert.equal(operationOf('name_create'), 'create');
  assert.equal(operationOf('read_group'), 'read');
  assert.deepEqual(domainOf({ model: 'x', method: 'read', ids: [3, 4] }), [['id', 'in', [3, 4]]]);
  assert.equal(domainOf({ model: 'x', method: 'create' }), undefined);
  assert.deepEqual(andDomain(['a', '=', 1], []), [['a', '=', 1]]);
  assert.deepEqual(
    andDomain(
      ['a', '=', 1],
      [
        ['b', '=', 2],
        ['c', '=', 3],
      ],
    ),
    ['&', ['a', '=', 1], '&', ['b', '=', 2], ['c', '=', 3]],
  );
  assert.deepEqual(andDomain(['a', '=', 1], ['|', ['b', '=', 2], ['c', '=', 3]]), ['&', ['a', '=', 1], '|', ['b', '=', 2], ['c', '=', 3]]);
});

test('fields named by an access error, in both wordings, with their groups', () => {
  assert.deepEqual(fieldsOfError('You do not have enough rights to access the fields "credit_limit,margin" on Contact'), [
    'credit_limit',
    'margin',
  ]);
  const real =
    "The requested operation can not be completed due to security restrictions.\n\nDocument type: Contact (res.partner)\nOperation: read\nFields:\n- slide_channel_count (allowed for groups 'eLearning / Officer')\n- margin (allowed for groups 'Sales / Administrator', 'Role / User'; forbidden for groups 'Role / Public')";
  assert.deepEqual(fieldsOfError(real), ['slide_channel_count', 'margin']);
  assert.deepEqual(fieldGroupsOfError(real).get('margin'), ['Sales / Administrator', 'Role / User']);
});

test('rule domains in words, and as text when they are not simple', () => {
  const labels = { user_id: { string: 'Salesperson' }, company_id: { string: 'Company' } };
  assert.equal(
    describeRuleDomain("['|', ('user_id', '=', user.id), ('user_id', '=', False)]", labels),
    'whose Salesperson is you or without Salesperson',
  );
  assert.equal(describeRuleDomain("[('company_id', 'in', company_ids)]", labels), 'whose Company is one of your allowed companies');
  assert.equal(describeRuleDomain("[(1, '=', 1)]", labels), 'of every kind');
  const mixed = "['|', ('a', '=', 1), '&', ('b', '=', 2), ('c', '=', 3)]";
  assert.equal(describeRuleDomain(mixed, labels), `matching \`${mixed}\``);
  assert.equal(describeRuleDomain('[(', labels), 'matching `[(`');
});
