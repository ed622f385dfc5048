// Paste as JSON-2 request: a corpus of real-looking cURL, Python and JavaScript snippets (the /doc page's samples, the
// request files' own exports, colleagues' commands, xmlrpc.client code) turned into `.json2` requests, and the
// snippets refused with their reason. The key never reaches the text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pasteAsRequest, type PasteConnection } from '../../../src/core/paste/pasteAsRequest';
import { exportAsCurl, exportAsJavaScript, exportAsPython, parseRequestFile, resolveRequest } from '../../../src/core/requestFile';
import { docCurlSample, docJavaScriptSample, docPythonSample } from './docPageSamples';

const CONNECTIONS: PasteConnection[] = [
  { name: 'local', baseUrl: 'http://127.0.0.1:8069', database: 'demo' },
  { name: 'production', baseUrl: 'https://erp.example.com', database: 'acme' },
  { name: 'staging', baseUrl: 'https://erp.example.com', database: 'acme-staging' },
];
const KEY = '5f2c9d1e8b7a6f4e3d2c1b0a9f8e7d6c5b4a3f2e';
const SEARCH = { domain: [['is_company', '=', true]], fields: ['name', 'email'], limit: 5, context: { lang: 'en_US' } };

/** The pasted text's one request: its request line, its head lines and its body as JSON (parsed by the file parser). */
function single(text: string, connections = CONNECTIONS) {
  const outcome = pasteAsRequest(text, connections);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
  assert.equal(outcome.requests.length, 1, outcome.text);
  const parsed = parseRequestFile(outcome.text);
  assert.deepEqual(
    parsed.diagnostics.filter((d) => d.severity === 'error'),
    [],
    outcome.text,
  );
  const lines = outcome.text.split('\n');
  const requestLine = lines.find((line) => /^(POST|GET) /.test(line));
  const bodyStart = lines.findIndex((line) => line.startsWith('{'));
  const body: unknown = bodyStart >= 0 && !outcome.text.includes('{{') ? JSON.parse(lines.slice(bodyStart).join('\n')) : undefined;
  return { outcome, text: outcome.text, requestLine, body, lines };
}

function refused(text: string): string {
  const outcome = pasteAsRequest(text, CONNECTIONS);
  assert.ok(!outcome.ok, `pasted instead of refused:\n${outcome.ok ? outcome.text : ''}`);
  return outcome.reason;
}

describe('the /doc page samples', () => {
  const url = 'http://127.0.0.1:8069/json/2/res.partner/search_read';
  test('cURL: --oauth2-bearer, the commented-out database line skipped, the body kept', () => {
    const { requestLine, body, text, outcome } = single(docCurlSample(url, SEARCH));
    assert.equal(requestLine, 'POST res.partner/search_read');
    assert.deepEqual(body, SEARCH);
    assert.match(text, /^# @connection local$/m, 'the server matches the saved connection');
    assert.doesNotMatch(text, /YOUR_API_KEY|Authorization/);
    assert.equal(outcome.ok && outcome.key, undefined, 'the sample key is a placeholder, not offered');
  });
  test('Python requests: f-string bearer, lower-case true kept as a boolean, None as null', () => {
    const request = { ids: [], context: {}, domain: [], fields: ['name'], load: '_classic_read', active_test: true, parent: null };
    const { requestLine, body } = single(docPythonSample(url, request));
    assert.equal(requestLine, 'POST res.partner/search_read');
    assert.deepEqual(body, request);
  });
  for (const stringified of [true, false]) {
    test(`JavaScript fetch, body ${stringified ? 'in JSON.stringify' : 'as an object'}`, () => {
      const { requestLine, body } = single(docJavaScriptSample(url, SEARCH, { stringified }));
      assert.equal(requestLine, 'POST res.partner/search_read');
      assert.deepEqual(body, SEARCH);
    });
  }
  test('a real key in a sample is offered for the matching connection and never written', () => {
    for (const sample of [
      docCurlSample(url, SEARCH, KEY),
      docPythonSample(url, SEARCH, KEY),
      docJavaScriptSample(url, SEARCH, { stringified: true, key: KEY }),
    ]) {
      const { outcome, text } = single(sample);
      assert.ok(outcome.ok);
      assert.deepEqual(outcome.key, { key: KEY, connection: 'local', baseUrl: 'http://127.0.0.1:8069', database: undefined });
      assert.ok(!text.includes(KEY), text);
    }
  });
});

describe("the request files' own exports paste back to the same request", () => {
  const source = 'POST res.partner/search_read\n{"domain": [["is_company", "=", true]], "fields": ["name"], "limit": 3}\n';
  for (const [name, exporter] of [
    ['cURL', exportAsCurl],
    ['Python', exportAsPython],
    ['JavaScript', exportAsJavaScript],
  ] as const) {
    test(name, async () => {
      const resolved = await resolveRequest(parseRequestFile(source), 0);
      assert.ok(resolved.ok);
      const exported = exporter(resolved.request, { baseUrl: 'https://erp.example.com', database: 'acme' });
      const { requestLine, body, text } = single(exported);
      assert.equal(requestLine, 'POST res.partner/search_read');
      assert.deepEqual(body, { domain: [['is_company', '=', true]], fields: ['name'], limit: 3 });
      assert.match(text, /^# @connection production$/m, text);
    });
  }
});

describe("colleagues' cURL commands", () => {
  test('bearer header, database header naming a saved connection, --json', () => {
    const { text, requestLine, body, outcome } = single(
      `curl -sS https://erp.example.com/json/2/sale.order/search_count -H "Authorization: Bearer ${KEY}" -H 'X-Service-Database: acme-staging' --json '{"domain": [["state", "=", "sale"]]}' | jq .`,
    );
    assert.equal(requestLine, 'POST sale.order/search_count');
    assert.deepEqual(body, { domain: [['state', '=', 'sale']] });
    assert.match(text, /^# @connection staging$/m);
    assert.doesNotMatch(text, /X-Service-Database/, 'the connection names the database');
    assert.match(text, /Only the curl command was read/);
    assert.ok(outcome.ok && outcome.key?.connection === 'staging');
    assert.ok(!text.includes(KEY));
  });
  test('X-Odoo-Database for a database no connection has: kept as a header, with the server in a comment', () => {
    const { text } = single(
      `curl -X POST 'https://other.example.org/json/2/res.partner/read' -H 'X-Odoo-Database: other' -H 'Content-Type: application/json' -d '{"ids": [1], "fields": ["name"]}'`,
    );
    assert.doesNotMatch(text, /@connection/);
    assert.match(text, /^X-Odoo-Database: other$/m);
    assert.match(text, /https:\/\/other\.example\.org .*no saved connection/);
  });
  test('shell variables for the server and the key; a Windows-style ^ continuation', () => {
    const { requestLine, body } = single(
      'curl "$ODOO_URL/json/2/res.users/context_get" ^\n  -H "Authorization: bearer $ODOO_KEY" ^\n  -d "{}"',
    );
    assert.equal(requestLine, 'POST res.users/context_get');
    assert.deepEqual(body, {});
  });
  test('a shell prompt, --data-raw, a route GET', () => {
    assert.equal(
      single('$ curl --data-raw \'{"ids": [7]}\' http://127.0.0.1:8069/json/2/res.partner/read').requestLine,
      'POST res.partner/read',
    );
    assert.equal(single('curl http://127.0.0.1:8069/web/version').requestLine, 'GET /web/version');
  });
});

describe('xmlrpc.client code is converted as the migration assistant converts it', () => {
  test("the external API documentation's search_read, with a login first", () => {
    const code = `import xmlrpc.client
url = "https://erp.example.com"
db = "acme"
username = "admin"
password = "${KEY}"
common = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/common")
uid = common.authenticate(db, username, password, {})
models = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/object")
partners = models.execute_kw(db, uid, password, 'res.partner', 'search_read', [[['is_company', '=', True]]], {'fields': ['name', 'country_id'], 'limit': 5})
`;
    const { requestLine, body, text, outcome } = single(code);
    assert.equal(requestLine, 'POST res.partner/search_read');
    assert.deepEqual(body, { domain: [['is_company', '=', true]], fields: ['name', 'country_id'], limit: 5 });
    assert.match(text, /^# @connection production$/m);
    assert.ok(outcome.ok && outcome.key?.key === KEY && outcome.key.connection === 'production');
    assert.ok(!text.includes(KEY));
  });
  test('a computed argument becomes a prompt', () => {
    const { text } = single(
      `import xmlrpc.client\nmodels = xmlrpc.client.ServerProxy("http://127.0.0.1:8069/xmlrpc/2/object")\nmodels.execute_kw("demo", 2, key, 'res.partner', 'write', [[partner_id], {'name': new_name}])\n`,
    );
    assert.match(text, /^POST res.partner\/write$/m);
    assert.match(text, /^# @prompt partner_id$/m);
    assert.match(text, /\{\{new_name\}\}/);
    assert.match(text, /^# @connection local$/m);
  });
});

describe('refused, with the reason, nothing pasted', () => {
  const cases: [string, string, RegExp][] = [
    ['empty', '  \n', /clipboard is empty/],
    ['plain text', 'please call res.partner search_read for me', /not a cURL command, nor Python or JavaScript/],
    ['a JSON body alone', '{"domain": [], "fields": ["name"]}', /JSON body alone does not say which model/],
    [
      'a GET of a JSON-2 endpoint',
      'curl https://erp.example.com/json/2/res.partner/search_read',
      /JSON-2 calls are POST requests; this command sends GET/,
    ],
    ['a body read from a file', 'curl -d @body.json https://erp.example.com/json/2/res.partner/create', /reads the body from a file/],
    ['a body that is not JSON', "curl -d 'name=Bob' https://erp.example.com/json/2/res.partner/create", /not JSON/],
    ['a shell variable in the body', 'curl -d "{\\"ids\\": [$ID]}" https://erp.example.com/json/2/res.partner/read', /shell variable \$ID/],
    ['another API', "curl -X POST https://api.example.com/v1/orders -d '{}'", /not a JSON-2 call/],
    ['two URLs', "curl -d '{}' https://a.example.com/json/2/a.b/c https://b.example.com/json/2/a.b/c", /2 URLs/],
    ['a raw XML-RPC post', "curl -d '<methodCall/>' https://erp.example.com/xmlrpc/2/object", /deprecated RPC endpoint/],
    ['an unterminated quote', "curl 'https://erp.example.com/json/2/res.partner/read -d '{}", /not a JSON-2 call|cannot be read|no URL/],
    ['python calling another API', 'import requests\nrequests.post("https://api.example.com/v1/orders", json={})\n', /not a JSON-2 call/],
    [
      'fetch with GET',
      'const r = await fetch("https://erp.example.com/json/2/res.partner/search_read");',
      /JSON-2 calls are POST requests; this fetch sends GET/,
    ],
    [
      'an unconvertible execute_kw',
      'import xmlrpc.client\nm = xmlrpc.client.ServerProxy("http://h/xmlrpc/2/object")\nm.execute_kw(db, uid, pw, model_name, method, args)\n',
      /execute_kw/,
    ],
  ];
  for (const [name, text, reason] of cases) test(name, () => assert.match(refused(text), reason));
});
