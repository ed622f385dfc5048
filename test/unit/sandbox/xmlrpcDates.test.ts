// The sandbox's XML-RPC decoder gives a dateTime.iso8601 argument as the server's ORM reads the datetime it decodes
// (xmlrpc.client.loads with use_datetime=True): "YYYY-MM-DD HH:MM:SS"; a malformed one is refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { XmlRpcParseError, decodeMethodCall } from '../../../src/sandbox/rpc/xmlrpcDecode';

const call = (value: string): string =>
  `<?xml version="1.0"?><methodCall><methodName>execute_kw</methodName><params><param><value><dateTime.iso8601>${value}</dateTime.iso8601></value></param></params></methodCall>`;

describe('XML-RPC dates in the sandbox', () => {
  test("Python's and node's encodings, with and without separators", () => {
    assert.deepEqual(decodeMethodCall(call('20000101T00:00:00')).params, ['2000-01-01 00:00:00']);
    assert.deepEqual(decodeMethodCall(call('2024-02-29T13:05:09')).params, ['2024-02-29 13:05:09']);
    assert.deepEqual(decodeMethodCall(call('20240229T130509')).params, ['2024-02-29 13:05:09']);
  });

  test('a value that is not a date is refused', () => {
    assert.throws(() => decodeMethodCall(call('yesterday')), XmlRpcParseError);
  });
});
