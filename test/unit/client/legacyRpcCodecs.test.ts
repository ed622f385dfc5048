// JSON-RPC envelopes and the typed errors of both deprecated interfaces.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonRpcFormatError, decodeJsonRpcAnswer, encodeJsonRpcCall, encodeJsonRpcParams } from '../../../src/core/client/jsonRpcCodec';
import { JsonRpcError, XmlRpcFault } from '../../../src/core/client/legacyRpcErrors';

describe('jsonRpcCodec', () => {
  test('encodes the call envelope of /jsonrpc and of jsonrpc routes', () => {
    assert.deepEqual(JSON.parse(encodeJsonRpcCall('object', 'execute_kw', ['demo', 2, 'pw', 'res.partner', 'search', [[]], {}], 5)), {
      jsonrpc: '2.0',
      method: 'call',
      params: { service: 'object', method: 'execute_kw', args: ['demo', 2, 'pw', 'res.partner', 'search', [[]], {}] },
      id: 5,
    });
    assert.deepEqual(JSON.parse(encodeJsonRpcParams({}, 1)), { jsonrpc: '2.0', method: 'call', params: {}, id: 1 });
  });

  test('decodes results, a missing result as null, and errors with their data', () => {
    assert.deepEqual(decodeJsonRpcAnswer('{"jsonrpc":"2.0","id":1,"result":[1,2]}'), { kind: 'result', id: 1, value: [1, 2] });
    assert.deepEqual(decodeJsonRpcAnswer('{"jsonrpc":"2.0","id":1}'), { kind: 'result', id: 1, value: null });
    const data = {
      name: 'odoo.exceptions.AccessDenied',
      message: 'Access Denied',
      arguments: ['Access Denied'],
      context: {},
      debug: 'Traceback',
    };
    assert.deepEqual(decodeJsonRpcAnswer(JSON.stringify({ jsonrpc: '2.0', id: 3, error: { code: 0, message: 'Server Error', data } })), {
      kind: 'error',
      id: 3,
      code: 0,
      message: 'Server Error',
      data,
    });
  });

  test('refuses what is not a JSON-RPC 2.0 envelope', () => {
    for (const text of ['<html>', '[]', 'null', '{"result":1}', '{"jsonrpc":"1.0","result":1}']) {
      assert.throws(() => decodeJsonRpcAnswer(text), JsonRpcFormatError, text);
    }
  });
});

describe('legacy errors', () => {
  test('XML-RPC integer fault codes map to kinds; a traceback keeps its last line', () => {
    const traceback = 'Traceback (most recent call last):\n  File "x.py", line 1\nValueError: Invalid field res.partner.foo';
    const cases: Array<[number | string, string, string]> = [
      [1, traceback, 'server'],
      [2, 'The record does not exist', 'validation'],
      [3, 'Access Denied', 'auth'],
      [4, 'You are not allowed to read', 'access'],
      ['warning -- AccessError\n\nYou may not read this', '', 'access'],
      ['warning -- MissingError\n\nGone', '', 'missing'],
    ];
    for (const [code, text, kind] of cases) {
      const fault = new XmlRpcFault(code, text, 'object.execute_kw');
      assert.equal(fault.kind, kind, String(code));
      assert.equal(fault.code, code);
    }
    assert.equal(
      new XmlRpcFault(1, traceback, 'object.execute_kw').message,
      'object.execute_kw: ValueError: Invalid field res.partner.foo',
    );
    assert.equal(new XmlRpcFault('warning -- AccessError\n\nYou may not read this', '', 'o.e').message, 'o.e: You may not read this');
  });

  test('JSON-RPC errors take the kind from data.name; AccessDenied means refused credentials there', () => {
    const denied = new JsonRpcError(
      0,
      'Server Error',
      { name: 'odoo.exceptions.AccessDenied', message: 'Access Denied', arguments: ['Access Denied'] },
      'common.login',
    );
    assert.equal(denied.kind, 'auth');
    assert.equal(denied.message, 'common.login: Access Denied');
    assert.deepEqual(denied.arguments, ['Access Denied']);
    assert.equal(new JsonRpcError(0, 'Server Error', { name: 'odoo.exceptions.AccessError', message: 'no' }, 't').kind, 'access');
    assert.equal(new JsonRpcError(0, 'Server Error', { name: 'odoo.exceptions.ValidationError', message: 'bad' }, 't').kind, 'validation');
    assert.equal(new JsonRpcError(0, 'Server Error', undefined, 't').kind, 'server');
  });
});
