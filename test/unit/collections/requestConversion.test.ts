// One collection request at a time: the URL's server part dropped, legacy calls through the migration planner (named
// arguments, name_get, common.version), what is left out and why, and text that would break the file refused.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyReport, type SourceRequest } from '../../../src/core/collections/collectionTypes';
import { plainJson } from '../../../src/core/collections/exportedFile';
import { fromHttpPlaceholders, toHttpPlaceholders } from '../../../src/core/collections/httpFileSyntax';
import { convertRequest } from '../../../src/core/collections/requestConversion';
import { json2Target, urlPath } from '../../../src/core/collections/sourceUrl';

function convert(request: Partial<SourceRequest>) {
  const report = emptyReport();
  const converted = convertRequest({ title: 'T', where: 'here', method: 'POST', url: '', headers: [], ...request }, report);
  return { block: converted?.block, report };
}

function jsonRpc(service: string, method: string, args: unknown[]): string {
  return JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args } });
}

describe('collection request conversion', () => {
  test('the server part of a URL is dropped: a variable, a scheme and host, a host without scheme', () => {
    assert.deepEqual(urlPath('{{ baseUrl }}/json/2/res.partner/read'), { path: '/json/2/res.partner/read', baseVariable: 'baseUrl' });
    assert.deepEqual(urlPath('https://user:pw@erp.example.com:8443/web/version?x=1#top'), { path: '/web/version?x=1' });
    assert.deepEqual(urlPath('localhost:8069/web/version'), { path: '/web/version' });
    assert.deepEqual(urlPath('https://erp.example.com'), { path: '/' });
    assert.equal(urlPath('not a url'), undefined);
    assert.deepEqual(json2Target('/json/2/{{model}}/search'), { model: '{{model}}', method: 'search' });
    assert.equal(json2Target('/json/2/res.partner/read/extra'), undefined);
  });

  test('execute_kw with positional arguments is named from the method signature; the password never written', () => {
    const { block, report } = convert({
      url: 'https://erp.example.com/jsonrpc',
      body: jsonRpc('object', 'execute_kw', [
        'acme',
        2,
        'hunter2-password',
        'res.partner',
        'read',
        [[7, 8], ['name']],
        { context: { lang: 'fr_FR' } },
      ]),
    });
    assert.equal(
      block,
      '### T\n# Was object.execute_kw on /jsonrpc.\n' +
        'POST res.partner/read\nX-Odoo-Database: acme\n{\n  "ids": [7,8],\n  "fields": ["name"],\n  "context": {"lang":"fr_FR"}\n}\n',
    );
    assert.ok(!block?.includes('hunter2'));
    assert.deepEqual(report.converted, [{ where: 'here', what: 'object.execute_kw → JSON-2 call res.partner/read' }]);
  });

  test('name_get becomes a read of display_name; common.version the /web/version route; execute with variables', () => {
    const nameGet = convert({ url: '/jsonrpc', body: jsonRpc('object', 'execute_kw', ['db', 2, 'pw', 'res.partner', 'name_get', [[1]]]) });
    assert.match(nameGet.block ?? '', /POST res\.partner\/read\n[^]*"ids": \[1\],\n {2}"fields": \["display_name"\]/);
    assert.match(nameGet.block ?? '', /# name_get no longer exists/);
    const version = convert({
      url: '/xmlrpc/2/common',
      body: '<methodCall><methodName>version</methodName><params></params></methodCall>',
    });
    assert.match(version.block ?? '', /^GET \/web\/version$/m);
    const execute = convert({
      url: '{{url}}/jsonrpc',
      body: '{"params": {"service": "object", "method": "execute", "args": ["{{db}}", {{uid}}, "{{pw}}", "res.partner", "search_count", [["name", "=", "{{name}}"]]]}}',
    });
    assert.match(execute.block ?? '', /POST res\.partner\/search_count\n\{\n {2}"domain": \[\["name","=","\{\{name\}\}"\]\]\n\}/);
    assert.match(execute.block ?? '', /the connection's database is used/);
  });

  test('what has no JSON-2 equivalent is left out with its reason', () => {
    const cases: [Partial<SourceRequest>, RegExp][] = [
      [{ url: '/jsonrpc', body: jsonRpc('object', 'execute_kw', ['db', 2, 'pw', 'x.model', 'do_it', [1, 2]]) }, /not a known method/],
      [{ url: '/jsonrpc', body: '{"params": ' }, /not JSON with "params"/],
      [
        {
          url: '/xmlrpc/2/object',
          body: '<methodCall><methodName>execute_kw</methodName><params><param><value><int>{{uid}}</int></value></param></params></methodCall>',
        },
        /XML-RPC body cannot be read|needs at least five arguments/,
      ],
      [{ url: '/jsonrpc', body: jsonRpc('db', 'drop', ['master', 'acme']) }, /database-manager/],
      [{ url: '/web/session/authenticate', body: '{}' }, /GET routes only/],
      [{ method: 'GET', url: '/json/2/res.partner/read' }, /a JSON-2 call is a POST request/],
      [{ url: '/json/2/res.partner/read', body: 'ids=1' }, /the body is not JSON/],
      [{ url: '/json/2/res.partner/read', body: '{"ids": [1]}\n### Injected\nPOST res.users/unlink\n{"ids": [2]}' }, /not one JSON value/],
      [{ method: 'GET', url: '/web/ver\u2028sion' }, /white space or a control character/],
      [
        {
          url: '/jsonrpc',
          body: `{"params": {"service": "object", "method": "execute_kw", "args": ${'['.repeat(20000)}${']'.repeat(20000)}}}`,
        },
        /nested too deeply|positional arguments|needs at least five/,
      ],
    ];
    for (const [request, reason] of cases) {
      const { block, report } = convert(request);
      assert.equal(block, undefined, JSON.stringify(request).slice(0, 200));
      assert.match(report.leftOut[0]?.what ?? '', reason);
    }
  });

  test('credentials and client headers are not written; a header value with a line break is left out; a literal database kept', () => {
    const { block, report } = convert({
      method: 'GET',
      url: '{{base}}/web/version',
      headers: [
        { name: 'Authorization', value: 'Bearer abc123secretvalue' },
        { name: 'Cookie', value: 'session_id=abc' },
        { name: 'X-My-Token', value: '{{token}}' },
        { name: 'Accept', value: 'application/json' },
        { name: 'X-Note', value: 'one\n### two' },
        { name: 'X-Odoo-Database', value: 'acme' },
        { name: 'X-Trace', value: '{{trace}}' },
      ],
    });
    assert.equal(block, '### T\nGET /web/version\nX-Odoo-Database: acme\nX-Trace: {{trace}}\n');
    assert.deepEqual(
      report.secrets.map((entry) => entry.what.split(' (')[0]),
      ['Authorization header', 'Cookie header', 'X-My-Token header'],
    );
    assert.match(report.leftOut[0].what, /X-Note header: its value holds a line break/);
  });

  test('export helpers: plain JSON keeps strings and placeholders; REST Client placeholders both ways', () => {
    assert.equal(
      plainJson('{\n  // a comment\n  "url": "http://x//y", /* block */ "ids": {{ids}},\n  "list": [1, 2,],\n}'),
      '{\n  "url": "http://x//y",  "ids": {{ids}},\n  "list": [1, 2]\n}',
    );
    const json2 = '{{a.response.body[0].id}} {{a.response.body}} {{$uuid}} {{a.response.headers.X}}';
    const http = toHttpPlaceholders(json2);
    assert.equal(http, '{{a.response.body.$[0].id}} {{a.response.body}} {{$guid}} {{a.response.headers.X}}');
    assert.equal(fromHttpPlaceholders(http), json2);
  });
});
