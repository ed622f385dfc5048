// The confirmation of an agent's write names the records wherever the input puts their ids, and the values written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeAgentCall } from '../../../src/core/agentTools/callConfirmation';

test('ids inside the arguments are the records of the call, and the values to be written are shown', () => {
  const summary = summarizeAgentCall({
    model: 'res.partner',
    method: 'write',
    args: { ids: [7, 8], vals: { phone: '+32 2 123', active: false } },
  });
  assert.deepEqual(summary.ids, [7, 8]);
  assert.equal(summary.idsText, '7, 8');
  assert.equal(summary.argumentsText, '{"vals":{"phone":"+32 2 123","active":false}}');
  assert.equal(summary.contextText, undefined);
});

test('ids given as ids, a model-level call, a context, and a long call cut with what is not shown said', () => {
  const write = summarizeAgentCall({ model: 'res.partner', method: 'unlink', ids: [3], context: { active_test: false } });
  assert.deepEqual([write.idsText, write.argumentsText, write.contextText], ['3', undefined, '{"active_test":false}']);
  const create = summarizeAgentCall({ model: 'res.partner', method: 'create', args: { vals_list: [{ name: 'Acme' }] } });
  assert.deepEqual([create.ids, create.idsText, create.argumentsText], [[], undefined, '{"vals_list":[{"name":"Acme"}]}']);
  const many = summarizeAgentCall({
    model: 'res.partner',
    method: 'write',
    ids: Array.from({ length: 100 }, (_, index) => index + 1),
    args: { vals: { comment: 'x'.repeat(10_000) } },
  });
  assert.match(many.idsText ?? '', /^1, 2, .*, 30 and 70 more$/);
  assert.match(many.argumentsText ?? '', /… \(7,0\d\d more characters not shown\)$/);
  // Both places at once (the client refuses such a call): both shown.
  assert.deepEqual(summarizeAgentCall({ model: 'm', method: 'write', ids: [1], args: { ids: [2] } }).ids, [1, 2]);
});
