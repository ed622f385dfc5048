// A Json2Error is one for every copy of clientErrors: the extension's lazily loaded bundles each hold their own copy of
// the class and catch errors the main bundle's client threw (the explanation's reads of a refused access model).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ClientError, Json2Error, TransportError } from '../../../src/core/client/clientErrors';

/** A second, separately loaded copy of the module, as another bundle holds it. */
function otherCopy(): typeof import('../../../src/core/client/clientErrors') {
  const file = require.resolve('../../../src/core/client/clientErrors');
  const cached = require.cache[file];
  delete require.cache[file];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second copy of the module needs a fresh require
    return require(file) as typeof import('../../../src/core/client/clientErrors');
  } finally {
    if (cached) require.cache[file] = cached;
  }
}

describe('Json2Error across copies of its module', () => {
  const refused = { status: 403, kind: 'access' as const, message: 'You are not allowed to access ir.rule', target: 'ir.rule.search_read' };

  test('an error of one copy is a Json2Error of the other, both ways', () => {
    const other = otherCopy();
    assert.notEqual(other.Json2Error, Json2Error, 'the test needs a second copy of the class');
    assert.ok(new other.Json2Error(refused) instanceof Json2Error);
    assert.ok(new Json2Error(refused) instanceof other.Json2Error);
    assert.ok(new Json2Error(refused) instanceof Json2Error);
  });

  test('nothing else passes for one: other client errors, look-alikes, plain values', () => {
    const other = otherCopy();
    assert.equal(new TransportError('timeout', 'timed out') instanceof Json2Error, false);
    assert.equal(new other.TransportError('network', 'refused', { status: 403 }) instanceof Json2Error, false);
    assert.equal(Object.assign(new Error('403'), { status: 403, kind: 'access' }) instanceof Json2Error, false);
    for (const value of [undefined, null, 403, 'Json2Error', {}]) assert.equal(value instanceof Json2Error, false);
    assert.ok(new Json2Error(refused) instanceof ClientError);
    assert.ok(new Json2Error(refused) instanceof Error);
  });
});
