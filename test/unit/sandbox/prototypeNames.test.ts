// Names of JavaScript's built-in properties (`constructor`, `toString`, `__proto__`...) as services, methods, routes
// and operators: each gets the answer of any unknown name, never a JavaScript error or a built-in's result.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok, rawRequest } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const BUILT_IN_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];
/** What no answer may contain: the text of a JavaScript built-in or of a JavaScript error. */
const JAVASCRIPT_LEAK = /\[native code\]|\[object |found is not a function|Cannot convert undefined|circular structure/;

interface Envelope {
  result?: unknown;
  error?: { data: { name: string; message: string } };
}

async function jsonrpc(service: string, method: string, args: unknown[] = []): Promise<Envelope> {
  const answer = await rawRequest(sandbox.url, {
    path: '/jsonrpc',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: 1 }),
  });
  assert.equal(answer.status, 200);
  assert.doesNotMatch(answer.text, JAVASCRIPT_LEAK);
  return answer.json as Envelope;
}

const METHOD_CALL = '<?xml version="1.0"?><methodCall><methodName>version</methodName><params></params></methodCall>';

async function partnerCount(): Promise<number> {
  return ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] });
}

describe('built-in property names', () => {
  it('are unknown services over JSON-RPC and XML-RPC, and unknown functions of each service', async () => {
    const before = await partnerCount();
    for (const name of BUILT_IN_NAMES) {
      const unknown = await jsonrpc(name, 'version');
      assert.equal(unknown.result, undefined, name);
      assert.equal(unknown.error?.data.name, 'builtins.KeyError', name);
      assert.equal(unknown.error?.data.message, `'${name}'`);
      assert.equal((await jsonrpc('common', name)).error?.data.name, 'builtins.Exception', name);
      assert.equal((await jsonrpc('object', name)).error?.data.name, 'builtins.NameError', name);
      assert.equal((await jsonrpc('db', name)).error?.data.name, 'builtins.KeyError', name);
    }
    for (const path of ['/xmlrpc/2/constructor', '/xmlrpc/2/__proto__', '/xmlrpc/constructor']) {
      const answer = await rawRequest(sandbox.url, { path, headers: { 'Content-Type': 'text/xml' }, body: METHOD_CALL });
      assert.equal(answer.status, 200, path);
      assert.match(answer.text, /<name>faultCode<\/name>/, path);
      assert.match(answer.text, /KeyError: '(constructor|__proto__)'/, path);
      assert.doesNotMatch(answer.text, JAVASCRIPT_LEAK, path);
    }
    assert.equal(await partnerCount(), before);
  });

  it('are no database-manager action: 404, as any other unknown path', async () => {
    for (const action of ['constructor', '__proto__']) {
      const answer = await rawRequest(sandbox.url, {
        path: `/web/database/${action}`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `master_pwd=${sandbox.masterPassword}&name=${sandbox.database}`,
      });
      assert.equal(answer.status, 404, action);
      assert.match(answer.text, /Not Found/);
      assert.doesNotMatch(answer.text, JAVASCRIPT_LEAK);
    }
    assert.deepEqual(sandbox.server.catalog.list(), [sandbox.database]);
  });

  it('are unknown models, methods, operators and attributes for JSON-2', async () => {
    for (const name of BUILT_IN_NAMES) {
      assert.match((await fails(sandbox, 404, name, 'search', { domain: [] })).message, new RegExp(`the model '${name}' does not exist`));
      // A name starting with `_` is private, as on the reference server.
      if (name.startsWith('_')) assert.match((await fails(sandbox, 403, 'res.partner', name, {})).message, /Private methods/);
      else assert.match((await fails(sandbox, 404, 'res.partner', name, {})).message, /does not exist/);
      const operator = await fails(sandbox, 500, 'res.partner', 'search', { domain: [['name', name, 'x']] });
      assert.equal(operator.name, 'builtins.ValueError', name);
      assert.match(operator.message, /^Invalid operator in condition \('name', /, name);
      assert.doesNotMatch(operator.message, JAVASCRIPT_LEAK, name);
      const having = await fails(sandbox, 500, 'res.partner', 'formatted_read_group', {
        domain: [],
        groupby: ['is_company'],
        aggregates: ['__count'],
        having: [['__count', name, 1]],
      });
      assert.equal(having.name, 'builtins.ValueError', name);
      assert.doesNotMatch(having.message, JAVASCRIPT_LEAK, name);
    }
    const described = await ok<Record<string, Record<string, unknown>>>(sandbox, 'res.partner', 'fields_get', {
      allfields: ['name'],
      attributes: ['constructor', '__proto__', 'type'],
    });
    assert.deepEqual(described.name, { type: 'char' });
    assert.ok((await partnerCount()) > 0, 'the server still answers');
  });
});
