// XML-RPC codec: round trips of every type, documents written by Python's xmlrpc.client, faults, and refusals.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  XmlRpcFormatError,
  decodeMethodCall,
  decodeMethodResponse,
  encodeFault,
  encodeMethodCall,
  encodeMethodResponse,
} from '../../../src/core/client/xmlRpcCodec';

// Written by Python 3's xmlrpc.client.dumps (allow_none=True), the library the deprecated interface's clients use.
const PYTHON_RESPONSE =
  "<?xml version='1.0'?>\n<methodResponse>\n<params>\n<param>\n<value><struct>\n<member>\n<name>id</name>\n<value><int>7</int></value>\n</member>\n<member>\n<name>name</name>\n<value><string>Café &amp; &lt;Co&gt;</string></value>\n</member>\n<member>\n<name>active</name>\n<value><boolean>1</boolean></value>\n</member>\n<member>\n<name>ratio</name>\n<value><double>0.5</double></value>\n</member>\n<member>\n<name>tags</name>\n<value><array><data>\n<value><int>1</int></value>\n<value><string>two</string></value>\n<value><nil/></value></data></array></value>\n</member>\n<member>\n<name>empty</name>\n<value><boolean>0</boolean></value>\n</member>\n</struct></value>\n</param>\n</params>\n</methodResponse>\n";
const PYTHON_FAULT =
  "<?xml version='1.0'?>\n<methodResponse>\n<fault>\n<value><struct>\n<member>\n<name>faultCode</name>\n<value><int>2</int></value>\n</member>\n<member>\n<name>faultString</name>\n<value><string>The operation cannot be completed: record is locked</string></value>\n</member>\n</struct></value>\n</fault>\n</methodResponse>\n";
const PYTHON_CALL =
  "<?xml version='1.0'?>\n<methodCall>\n<methodName>execute_kw</methodName>\n<params>\n<param>\n<value><string>demo</string></value>\n</param>\n<param>\n<value><int>2</int></value>\n</param>\n<param>\n<value><string>pw</string></value>\n</param>\n<param>\n<value><string>res.partner</string></value>\n</param>\n<param>\n<value><string>search</string></value>\n</param>\n<param>\n<value><array><data>\n<value><array><data>\n<value><array><data>\n<value><string>is_company</string></value>\n<value><string>=</string></value>\n<value><boolean>1</boolean></value>\n</data></array></value>\n</data></array></value>\n</data></array></value>\n</param>\n<param>\n<value><struct>\n<member>\n<name>limit</name>\n<value><int>5</int></value>\n</member>\n</struct></value>\n</param>\n</params>\n</methodCall>\n";

describe('xmlRpcCodec', () => {
  test('reads what Python writes: a struct of every common type, a fault, a call', () => {
    assert.deepEqual(decodeMethodResponse(PYTHON_RESPONSE), {
      kind: 'result',
      value: { id: 7, name: 'Café & <Co>', active: true, ratio: 0.5, tags: [1, 'two', null], empty: false },
    });
    assert.deepEqual(decodeMethodResponse(PYTHON_FAULT), {
      kind: 'fault',
      code: 2,
      message: 'The operation cannot be completed: record is locked',
    });
    assert.deepEqual(decodeMethodCall(PYTHON_CALL), {
      method: 'execute_kw',
      params: ['demo', 2, 'pw', 'res.partner', 'search', [[['is_company', '=', true]]], { limit: 5 }],
    });
  });

  test('round-trips values: integers (32 and 64 bits), doubles, unicode, markup characters, nesting, nil, empty containers', () => {
    const values: unknown[] = [
      0,
      -2147483648,
      2147483647,
      2 ** 40,
      -(2 ** 40),
      3.25,
      -0.001,
      true,
      false,
      '',
      'plain',
      'a & b < c > d "q" \'s\'',
      'émoji 😀 中文',
      'line\nbreak\ttab\r',
      null,
      [],
      {},
      [[1, [2, [3]]]],
      { a: { b: { c: [null, 'x'] } } },
      { 'odd name & <x>': 1 },
    ];
    for (const value of values) {
      assert.deepEqual(decodeMethodResponse(encodeMethodResponse(value)), { kind: 'result', value }, JSON.stringify(value));
    }
    const call = decodeMethodCall(
      encodeMethodCall('execute_kw', ['demo', 2, 'pw', 'res.partner', 'read', [[1, 2]], { fields: ['name'], context: { lang: 'fr_FR' } }]),
    );
    assert.deepEqual(call.params[6], { fields: ['name'], context: { lang: 'fr_FR' } });
  });

  test('base64 becomes a Buffer and back; dates travel as dateTime.iso8601 text', () => {
    const decoded = decodeMethodResponse(encodeMethodResponse(Buffer.from([0, 1, 2, 255])));
    assert.ok(decoded.kind === 'result' && Buffer.isBuffer(decoded.value));
    assert.deepEqual([...(decoded.value as Buffer)], [0, 1, 2, 255]);
    assert.deepEqual(decodeMethodResponse(encodeMethodResponse(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))), {
      kind: 'result',
      value: '20260102T03:04:05',
    });
  });

  test('a value without a type element is a string; a struct member named __proto__ stays a plain member', () => {
    const xml =
      '<methodResponse><params><param><value><struct><member><name>__proto__</name><value>polluted</value></member></struct></value></param></params></methodResponse>';
    const answer = decodeMethodResponse(xml);
    assert.ok(answer.kind === 'result');
    const value = answer.value as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(value, '__proto__')?.value, 'polluted');
  });

  test('faults with integer and string codes', () => {
    assert.deepEqual(decodeMethodResponse(encodeFault(3, 'Access Denied')), { kind: 'fault', code: 3, message: 'Access Denied' });
    assert.deepEqual(decodeMethodResponse(encodeFault('warning -- AccessError\n\nNo access', '')), {
      kind: 'fault',
      code: 'warning -- AccessError\n\nNo access',
      message: '',
    });
  });

  test('refuses any document with a DTD, internal entity declarations included (billion laughs)', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      '<methodResponse><params><param><value><string>&lol2;</string></value></param></params></methodResponse>';
    const external = '<?xml version="1.0"?><!DOCTYPE r SYSTEM "file:///etc/passwd"><methodResponse/>';
    for (const xml of [laughs, external]) {
      assert.throws(
        () => decodeMethodResponse(xml),
        (error: unknown) => error instanceof XmlRpcFormatError && /DTD/.test(error.message),
      );
    }
  });

  test('refuses undeclared entities, malformed XML, unknown types, bad numbers and wrong structure', () => {
    const wrap = (inner: string): string => `<methodResponse><params><param><value>${inner}</value></param></params></methodResponse>`;
    for (const xml of [
      wrap('<string>&xxe;</string>'),
      '<methodResponse><params>',
      wrap('<float>1</float>'),
      wrap('<int>1.5</int>'),
      wrap('<int></int>'),
      wrap('<boolean>true</boolean>'),
      wrap('<double>abc</double>'),
      wrap('<int>1</int><int>2</int>'),
      '<methodCall/>',
      '<methodResponse><params><param><value/><value/></param></params></methodResponse>',
      'not xml at all',
      '',
    ]) {
      assert.throws(() => decodeMethodResponse(xml), XmlRpcFormatError, xml);
    }
  });

  test('refuses to encode what XML-RPC cannot carry', () => {
    for (const value of [Number.NaN, Infinity, 'bell\u0007', Symbol('s'), () => 1]) {
      assert.throws(() => encodeMethodResponse(value), XmlRpcFormatError);
    }
    assert.throws(() => encodeMethodCall('bad name<', []), XmlRpcFormatError);
  });
});
