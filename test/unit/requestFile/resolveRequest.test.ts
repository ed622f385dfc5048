// The resolver: each kind of value, how values are inserted and escaped, and every error with its range.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkVariables,
  parseRequestFile,
  redactSecrets,
  resolveRequest,
  type PromptQuestion,
  type ResolveContext,
  type StoredResponse,
} from '../../../src/core/requestFile';
import { assertRange, onlyDiagnostic } from './rangeChecks';

const fixedNow = new Date(Date.UTC(2025, 0, 31, 8, 30, 15, 250));
const quiet: ResolveContext = { now: () => fixedNow, randomUuid: () => '00000000-0000-4000-8000-000000000000', random: () => 0.5 };

async function resolveOk(text: string, index = 0, context: ResolveContext = {}) {
  const result = await resolveRequest(parseRequestFile(text), index, { ...quiet, ...context });
  assert.ok(result.ok, JSON.stringify(result.diagnostics.map((d) => `${d.code}: ${d.message}`)));
  return result.request;
}

async function resolveErrors(text: string, index = 0, context: ResolveContext = {}) {
  const result = await resolveRequest(parseRequestFile(text), index, { ...quiet, ...context });
  assert.equal(result.ok, false, 'resolving should fail');
  return result.diagnostics;
}

const store = (responses: Record<string, StoredResponse>) => ({ get: (name: string) => responses[name] });

test('a call: target, path, body split into ids, context and named arguments, body text', async () => {
  const request = await resolveOk(
    '### Read them\nPOST res.partner/read\n{ "ids": [1, 2], "context": {"lang": "fr_FR"}, "fields": ["name"], }\n',
  );
  assert.deepEqual(request.target, { kind: 'call', model: 'res.partner', method: 'read' });
  assert.equal(request.path, '/json/2/res.partner/read');
  assert.equal(request.httpMethod, 'POST');
  assert.deepEqual(request.ids, [1, 2]);
  assert.deepEqual(request.context, { lang: 'fr_FR' });
  assert.deepEqual(request.args, { fields: ['name'] });
  assert.equal(request.bodyText, '{"ids":[1,2],"context":{"lang":"fr_FR"},"fields":["name"]}');
  assert.equal(request.label, 'Read them');
});

test('a call without a body sends {}; a route has no body', async () => {
  const call = await resolveOk('POST res.users/context_get\n');
  assert.deepEqual(call.body, {});
  assert.equal(call.bodyText, '{}');
  const route = await resolveOk('/doc-bearer/index.json\n');
  assert.deepEqual(route.target, { kind: 'route', path: '/doc-bearer/index.json' });
  assert.equal(route.httpMethod, 'GET');
  assert.equal(route.body, undefined);
  assert.equal(route.label, '/doc-bearer/index.json');
});

test('file variables: as text, as JSON values, through other variables, and a single placeholder keeps its JSON value', async () => {
  const text = [
    '@limit = 20',
    '@who = Ann "the" \\ Smith',
    '@greeting = Hello {{who}}',
    '@ids = {{first.response.body[*].id}}',
    '# @name first',
    'GET /web/version',
    '###',
    'POST res.partner/search_read',
    '{ "limit": {{limit}}, "name": "{{greeting}}!", "ids": {{ids}}, "count": "{{ids}}" }',
  ].join('\n');
  const request = await resolveOk(text, 1, { responses: store({ first: { status: 200, headers: {}, body: [{ id: 3 }, { id: 7 }] } }) });
  assert.deepEqual(request.body, { limit: 20, name: 'Hello Ann "the" \\ Smith!', ids: [3, 7], count: '[3,7]' });
});

test('connection variables and .env values; the order is prompt, file, connection, .env', async () => {
  const text =
    '@fromFile = file\n# @prompt asked\nPOST a.b/c\n{ "a": "{{fromFile}}", "b": "{{db}}", "c": "{{onlyEnv}}", "d": "{{asked}}" }\n';
  const request = await resolveOk(text, 0, {
    variables: { db: 'connection', fromFile: 'connection', asked: 'connection' },
    dotenv: { db: 'dotenv', onlyEnv: 'dotenv', fromFile: 'dotenv' },
    prompt: async () => 'answer',
  });
  assert.deepEqual(request.body, { a: 'file', b: 'connection', c: 'dotenv', d: 'answer' });
});

test('system values: uuid, randomInt, timestamp, date and datetime with offsets and formats, processEnv, dotenv', async () => {
  const text =
    'POST a.b/c\n{ "u": "{{$uuid}}", "r": {{$randomInt 10 20}}, "t": {{$timestamp}}, "y": "{{$date -1 d}}", "w": "{{$datetime +1 h}}", "f": "{{$date \'DD/MM/YYYY HH:mm:ss.SSS\'}}", "m": "{{$date +1 M}}", "i": "{{$date iso}}", "e": "{{$processEnv HOME}}", "d": "{{$dotenv REGION}}" }\n';
  const request = await resolveOk(text, 0, { processEnv: { HOME: '/home/me' }, dotenv: { REGION: 'eu' } });
  assert.deepEqual(request.body, {
    u: '00000000-0000-4000-8000-000000000000',
    r: 15,
    t: Math.floor(fixedNow.getTime() / 1000),
    y: '2025-01-30',
    w: '2025-01-31 09:30:15',
    f: '31/01/2025 08:30:15.250',
    m: '2025-02-28',
    i: '2025-01-31T08:30:15.250Z',
    e: '/home/me',
    d: 'eu',
  });
});

test('each {{$uuid}} is new; a file variable is computed once per request', async () => {
  let counter = 0;
  const randomUuid = () => `uuid-${++counter}`;
  const request = await resolveOk(
    '@id = {{$uuid}}\nPOST a.b/c\n{ "a": "{{$uuid}}", "b": "{{$uuid}}", "c": "{{id}}", "d": "{{id}}" }\n',
    0,
    { randomUuid },
  );
  assert.deepEqual(request.body, { a: 'uuid-1', b: 'uuid-2', c: 'uuid-3', d: 'uuid-3' });
});

test('values inside strings are JSON-escaped; as keys they become strings', async () => {
  const request = await resolveOk('POST a.b/c\n{ "text": "<{{v}}>", {{k}}: 1 }\n', 0, {
    variables: { v: 'quote " backslash \\ newline \n tab \t', k: 'a "key"' },
  });
  assert.deepEqual(request.body, { text: '<quote " backslash \\ newline \n tab \t>', 'a "key"': 1 });
});

test('response values: status, headers in any case, body paths', async () => {
  const responses = store({
    r: {
      status: 201,
      headers: { 'Content-Type': 'application/json', 'Set-Cookie': ['a=1', 'b=2'] },
      body: {
        rows: [
          { id: 1, tags: [4, 5] },
          { id: 2, tags: [6] },
        ],
      },
    },
  });
  const text =
    '# @name r\nGET /web/version\n###\nPOST a.b/c\nX-Status: {{r.response.status}}\nX-Type: {{r.response.headers.content-type}}\nX-Cookies: {{r.response.headers.set-cookie}}\n{ "all": {{r.response.body.rows[*].tags[*]}}, "last": {{r.response.body.rows[-1]}}, "n": {{r.response.body.rows.length}} }\n';
  const request = await resolveOk(text, 1, { responses });
  assert.deepEqual(request.headers, [
    { name: 'X-Status', value: '201' },
    { name: 'X-Type', value: 'application/json' },
    { name: 'X-Cookies', value: 'a=1, b=2' },
  ]);
  assert.deepEqual(request.body, { all: [4, 5, 6], last: { id: 2, tags: [6] }, n: 2 });
});

test('connection, confirm, database and headers are resolved; the request connection wins over the file one', async () => {
  const text =
    '# @connection {{env}}-server\n\n### a\n# @confirm Write to {{db}}?\nPOST a.b/c\nX-Service-Database: {{db}}\n###\n# @connection other\nGET /web/version\n';
  const first = await resolveOk(text, 0, { variables: { env: 'prod', db: 'main' } });
  assert.equal(first.connection, 'prod-server');
  assert.deepEqual(first.confirm, { message: 'Write to main?' });
  assert.equal(first.database, 'main');
  const second = await resolveOk(text, 1, { variables: { env: 'prod' } });
  assert.equal(second.connection, 'other');
  assert.equal(second.confirm, undefined);
  assert.equal(second.database, undefined);
});

test("either database header names the request's database; two naming different databases are an error", async () => {
  assert.equal((await resolveOk('POST a.b/c\nX-Odoo-Database: staging\n', 0)).database, 'staging');
  const same = await resolveOk('POST a.b/c\nX-Odoo-Database: staging\nX-Service-Database: staging\n', 0);
  assert.equal(same.database, 'staging');
  const text = 'POST a.b/c\nX-Odoo-Database: staging\nX-Service-Database: prod\n';
  const conflict = await resolveRequest(parseRequestFile(text), 0);
  assert.equal(conflict.ok, false);
  assert.match(conflict.diagnostics[0].message, /names two databases \(X-Odoo-Database: staging, X-Service-Database: prod\)/);
  assert.equal(conflict.diagnostics[0].code, 'invalid-header-value');
});

test('prompts: asked once per name while the caller keeps the answers, secrets masked and marked', async () => {
  const questions: PromptQuestion[] = [];
  const promptAnswers = new Map<string, string>();
  const prompt = async (question: PromptQuestion) => {
    questions.push(question);
    return question.name === 'password' ? 'p@ss"word' : 'bob';
  };
  const text =
    '# @prompt login Your login\n\n### a\n# @prompt password\nPOST a.b/c\n{ "login": "{{login}}", "password": "{{password}}", "again": "{{password}}" }\n### b\nPOST a.b/d\n{ "login": "{{login}}" }\n';
  const first = await resolveOk(text, 0, { prompt, promptAnswers });
  const second = await resolveOk(text, 1, { prompt, promptAnswers });
  assert.deepEqual(questions, [
    { name: 'login', description: 'Your login', secret: false },
    { name: 'password', secret: true },
  ]);
  assert.deepEqual(first.secrets, [{ name: 'password', value: 'p@ss"word' }]);
  assert.deepEqual(second.secrets, []);
  assert.equal(redactSecrets(first.bodyText ?? '', first.secrets), '{"login":"bob","password":"«redacted»","again":"«redacted»"}');
});

test('secret-looking names from any source are marked as secrets', async () => {
  const request = await resolveOk('POST a.b/c\n{ "a": "{{apiKey}}", "b": "{{$processEnv DB_PASSWORD}}", "c": "{{plain}}" }\n', 0, {
    dotenv: { apiKey: 'k1' },
    processEnv: { DB_PASSWORD: 'pw' },
    variables: { plain: 'x' },
  });
  assert.deepEqual(request.secrets, [
    { name: 'apiKey', value: 'k1' },
    { name: 'DB_PASSWORD', value: 'pw' },
  ]);
});

test('assertions are resolved with their expected values', async () => {
  const text =
    '@n = 3\nPOST a.b/c\n?? status == 200\n?? body.length >= {{n}}\n?? body[0].name == "{{who}}"\n?? body exists\n?? body[0].name matches /^A/i\n?? body[0].name matches "^{{who}}$"\n';
  const request = await resolveOk(text, 0, { variables: { who: 'Ann' } });
  assert.deepEqual(
    request.assertions.map((a) => [a.operator, a.expected, a.regex]),
    [
      ['==', 200, undefined],
      ['>=', 3, undefined],
      ['==', 'Ann', undefined],
      ['exists', undefined, undefined],
      ['matches', undefined, { source: '^A', flags: 'i' }],
      ['matches', undefined, { source: '^Ann$', flags: '' }],
    ],
  );
  assertRange(text, request.assertions[1].range, '?? body.length >= {{n}}');
});

test('errors with ranges: unknown variable, unknown request, not run, path not found', async () => {
  const text =
    '# @name r\nGET /web/version\n###\nPOST a.b/c\n{ "a": {{nope}}, "b": {{r.response.body[0].missing}}, "c": {{r.response.headers.x-none}} }\n';
  const unknown = await resolveErrors(text, 1, { responses: store({ r: { status: 200, headers: {}, body: [{ id: 1 }] } }) });
  assertRange(text, onlyDiagnostic(unknown, 'unknown-variable').range, '{{nope}}');
  const paths = unknown.filter((d) => d.code === 'path-not-found');
  assert.equal(paths.length, 2);
  assertRange(text, paths[0].range, '.missing');
  assert.match(paths[0].message, /r\.response\.body\[0\]\.missing: no member "missing"/);
  assertRange(text, paths[1].range, '.x-none');
  const notRun = await resolveErrors(text, 1, { variables: { nope: '1' } });
  assert.equal(notRun.filter((d) => d.code === 'request-not-run').length, 2);
  assertRange(text, notRun[0].range, '{{r.response.body[0].missing}}');
});

test('a value that would break the JSON is an error at the placeholder; a secret value is not shown', async () => {
  const text = '@word = hello world\n@token = {{$dotenv T}}\nPOST a.b/c\n{ "a": {{word}}, "b": {{token}} }\n';
  const errors = await resolveErrors(text, 0, { dotenv: { T: 'abc def' } });
  const broken = errors.filter((d) => d.code === 'invalid-json-value');
  assert.equal(broken.length, 2);
  assertRange(text, broken[0].range, '{{word}}');
  assert.match(broken[0].message, /"hello world" is not JSON/);
  assert.doesNotMatch(broken[1].message, /abc def/);
});

test('errors inside a variable point at the variable and carry where it was used', async () => {
  const text = '@a = x{{missing}}\n@loop1 = {{loop2}}\n@loop2 = {{loop1}}\nPOST a.b/c\nX-A: {{a}}\nX-B: {{loop1}}\n';
  const errors = await resolveErrors(text);
  const unknown = onlyDiagnostic(errors, 'unknown-variable');
  assertRange(text, unknown.range, '{{missing}}');
  assert.equal(unknown.related?.length, 1);
  assertRange(text, unknown.related?.[0].range, '{{a}}', text.indexOf('X-A'));
  const cycle = onlyDiagnostic(errors, 'variable-cycle');
  assert.match(cycle.message, /loop1 → loop2 → loop1/);
});

test('prompts cancelled or impossible; missing environment values', async () => {
  const text = '# @prompt code\nPOST a.b/c\nX: {{code}}\nY: {{$processEnv NOT_THERE}}\n';
  const cancelled = await resolveErrors(text, 0, { prompt: async () => undefined });
  assertRange(text, onlyDiagnostic(cancelled, 'prompt-cancelled').range, '{{code}}');
  assert.match(onlyDiagnostic(cancelled, 'missing-environment-variable').message, /NOT_THERE is not set/);
  const noPort = await resolveErrors(text);
  assert.match(onlyDiagnostic(noPort, 'prompt-cancelled').message, /cannot be asked/);
});

test('checks after substitution: target, header values, body shape, ids and context', async () => {
  const target = 'POST {{m}}/read\n';
  assertRange(target, onlyDiagnostic(await resolveErrors(target, 0, { variables: { m: 'res partner' } }), 'invalid-target').range, '{{m}}');
  const route = 'GET /doc-bearer/{{m}}.json\n';
  assert.equal((await resolveOk(route, 0, { variables: { m: 'res.partner' } })).path, '/doc-bearer/res.partner.json');
  assert.equal(
    onlyDiagnostic(await resolveErrors('GET {{p}}\n', 0, { variables: { p: 'http://evil' } }), 'invalid-target').code,
    'invalid-target',
  );
  const header = 'POST a.b/c\nX: {{v}}\n';
  assertRange(
    header,
    onlyDiagnostic(await resolveErrors(header, 0, { variables: { v: 'a\r\nInjected: 1' } }), 'invalid-header-value').range,
    '{{v}}',
  );
  assert.equal(
    onlyDiagnostic(await resolveErrors('POST a.b/c\n{{p}}\n', 0, { variables: { p: '[1]' } }), 'body-not-object').code,
    'body-not-object',
  );
  const ids = 'POST a.b/c\n{ "ids": [1, "2"], "context": 3 }\n';
  const errors = await resolveErrors(ids);
  assertRange(ids, onlyDiagnostic(errors, 'invalid-ids').range, '"ids": [1, "2"]');
  assertRange(ids, onlyDiagnostic(errors, 'invalid-context').range, '"context": 3');
});

test('parse errors in the request block stop it; errors elsewhere do not', async () => {
  const text = 'GET /web/version\n###\nPOST a.b/c\n{ "a": 1 "b": 2 }\n';
  const errors = await resolveErrors(text, 1);
  assert.deepEqual(
    errors.map((d) => d.code),
    ['json-syntax'],
  );
  assert.equal((await resolveOk(text, 0)).path, '/web/version');
  const brokenVariable = '@x = {{oops\n###\nPOST a.b/c\nX: {{x}}\n';
  assert.match(onlyDiagnostic(await resolveErrors(brokenVariable), 'unknown-variable').message, /has errors/);
});

test('checkVariables reports unknown names without resolving anything', () => {
  const text =
    '@a = {{b}}\n# @prompt fileWide\n\n### one\n# @prompt mine\nPOST a.b/c\nX: {{a}} {{mine}} {{fileWide}} {{conn}} {{env}} {{missing}} {{$uuid}}\n### two\nPOST a.b/d\nX: {{mine}}\n';
  const diagnostics = checkVariables(parseRequestFile(text), { variables: ['conn'], dotenv: new Set(['env']) });
  assert.deepEqual(
    diagnostics.map((d) => text.slice(d.range.startOffset, d.range.endOffset)),
    ['{{b}}', '{{missing}}', '{{mine}}'],
  );
  assert.equal(diagnostics[2].range.start.line, 9, 'a prompt of request one does not define the name for request two');
});
