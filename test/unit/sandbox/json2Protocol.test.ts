// The JSON-2 endpoint as the notes describe it: routes, the order of checks, statuses, error names and messages,
// the error object's shape, headers, body limits, the version endpoint and database selection.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { call, fails, ok, rawRequest, type ErrorObject } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const json = (key: string | null, body: string, extra: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `bearer ${key}` } : {}), ...extra },
  body,
});

function assertErrorObject(body: unknown, name: string, message: string | RegExp, status: number | null): void {
  const error = body as ErrorObject;
  assert.deepEqual(Object.keys(error), ['name', 'message', 'arguments', 'context', 'debug']);
  assert.equal(error.name, name);
  if (typeof message === 'string') assert.equal(error.message, message);
  else assert.match(error.message, message);
  assert.deepEqual(error.arguments, status === null ? [error.message] : [error.message, status]);
  assert.deepEqual(error.context, {});
  assert.match(error.debug, /^Traceback \(most recent call last\):\n[\s\S]*\n\S+: /);
}

describe('routes', () => {
  it('answers 404 with a JSON error for other methods and other paths under /json/2', async () => {
    for (const request of [
      { method: 'GET', path: '/json/2/res.partner/search' },
      { method: 'PUT', path: '/json/2/res.partner/search' },
      { method: 'POST', path: '/json/2/res.partner' },
      { method: 'POST', path: '/json/2/res.partner/search/extra' },
      { method: 'POST', path: '/json/2' },
    ]) {
      const answer = await rawRequest(sandbox.url, { ...request, headers: { Authorization: `bearer ${sandbox.keys.admin}` } });
      assert.equal(answer.status, 404, `${request.method} ${request.path}`);
      assert.match(String(answer.headers['content-type']), /^application\/json/);
      assertErrorObject(answer.json, 'werkzeug.exceptions.NotFound', 'Did you mean POST /json/2/<model>/<method>?', 404);
    }
  });

  it('takes a call whose path ends with a slash, as the reference does', async () => {
    const answer = await rawRequest(sandbox.url, { path: '/json/2/res.users/context_get/', ...json(sandbox.keys.admin, '{}') });
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.json as object).sort(), ['lang', 'tz', 'uid']);
  });

  it('refuses an HTTP/1.1 request without a Host header (400)', async () => {
    const { port } = new URL(sandbox.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.end(
          `POST /json/2/res.users/context_get HTTP/1.1\r\nAuthorization: bearer ${sandbox.keys.admin}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
        );
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(reply, /^HTTP\/1\.1 400 /);
  });

  it('answers an HTML 404 outside /json/2', async () => {
    const answer = await rawRequest(sandbox.url, { method: 'GET', path: '/no/such/page' });
    assert.equal(answer.status, 404);
    assert.match(String(answer.headers['content-type']), /^text\/html/);
    assert.match(answer.text, /<title>404 Not Found<\/title>/);
  });

  it('GET /web/version gives the version of the notes', async () => {
    const answer = await rawRequest(sandbox.url, { method: 'GET', path: '/web/version' });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, { version_info: [19, 0, 0, 'final', 0, ''], version: '19.0' });
  });
});

describe('order of checks', () => {
  it('answers 415 as an HTML page for a body of another content type, before authentication', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
      const answer = await rawRequest(sandbox.url, {
        path: '/json/2/res.partner/search',
        headers: { 'Content-Type': type },
        body: '{"domain": []}',
      });
      assert.equal(answer.status, 415, type);
      assert.match(String(answer.headers['content-type']), /^text\/html/);
      assert.match(answer.text, /415 Unsupported Media Type/);
      // The reference's dispatcher text (its route is written with <__model__> and <__method__>).
      assert.ok(
        answer.text.includes(
          'Request inferred type is compatible with [&#39;http&#39;] but &#39;/json/2/&lt;__model__&gt;/&lt;__method__&gt;&#39; is type=&#39;json2&#39;.<br><br>Please verify the Content-Type request header and try again.',
        ),
        answer.text,
      );
    }
    const untyped = await rawRequest(sandbox.url, { path: '/json/2/res.partner/search', body: '{"domain": []}' });
    assert.equal(untyped.status, 415);
  });

  it('accepts application/json with a charset, and an empty body whatever its type', async () => {
    const withCharset = await rawRequest(sandbox.url, {
      path: '/json/2/res.users/context_get',
      ...json(sandbox.keys.admin, '{}', { 'Content-Type': 'Application/JSON; charset=UTF-8' }),
    });
    assert.equal(withCharset.status, 200);
    const empty = await rawRequest(sandbox.url, {
      path: '/json/2/res.users/context_get',
      headers: { 'Content-Type': 'text/plain', Authorization: `bearer ${sandbox.keys.user}` },
      body: '',
    });
    assert.equal(empty.status, 200);
    assert.equal((empty.json as { uid: number }).uid, sandbox.users.user.id);
  });

  it('answers 401 without a bearer key (no header, another scheme, an empty key), with the bearer challenge', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { Authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
      { Authorization: 'bearer' },
      { Authorization: 'bearer ' },
    ];
    for (const headers of variants) {
      const answer = await rawRequest(sandbox.url, {
        path: '/json/2/res.partner/search',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{"domain": []}',
      });
      assert.equal(answer.status, 401);
      assert.equal(answer.headers['www-authenticate'], 'Bearer');
      assertErrorObject(
        answer.json,
        'werkzeug.exceptions.Unauthorized',
        'User not authenticated, use an API Key with a Bearer Authorization header.',
        401,
      );
    }
  });

  it('answers 401 Invalid apikey for an unknown key, before parsing the body', async () => {
    for (const key of ['0'.repeat(40), 'not-a-key', sandbox.keys.admin.toUpperCase(), `${sandbox.keys.admin}0`]) {
      const answer = await rawRequest(sandbox.url, { path: '/json/2/res.partner/search', ...json(key, '{not json') });
      assert.equal(answer.status, 401, key);
      assert.equal(answer.headers['www-authenticate'], 'Bearer');
      assertErrorObject(answer.json, 'werkzeug.exceptions.Unauthorized', 'Invalid apikey', 401);
    }
  });

  it('writes the challenge as the reference does, with a space after Bearer (the raw bytes: clients may trim it)', async () => {
    const url = new URL(sandbox.url);
    const head = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () =>
        socket.end('POST /json/2/res.partner/search HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
      });
      socket.on('end', () => resolve(received.split('\r\n\r\n')[0]));
      socket.on('error', reject);
    });
    assert.match(head, /\r\nWWW-Authenticate: Bearer \r\n/i);
  });

  it('matches the scheme word bearer case-insensitively', async () => {
    for (const scheme of ['bearer', 'Bearer', 'BEARER', 'bEaReR']) {
      const answer = await rawRequest(sandbox.url, {
        path: '/json/2/res.users/context_get',
        headers: { 'Content-Type': 'application/json', Authorization: `${scheme} ${sandbox.keys.admin}` },
        body: '{}',
      });
      assert.equal(answer.status, 200, scheme);
    }
  });

  it("answers 400 for malformed JSON with Python's message, and ignores JSON that is not an object", async () => {
    // Python 3.11's json messages, as the reference (`python3 -c 'import json; json.loads(...)'` gives them).
    const cases: Array<[string, string]> = [
      ['{"domain": [}', 'Expecting value: line 1 column 13 (char 12)'],
      ['{"domain": [', 'Expecting value: line 1 column 13 (char 12)'],
      ['{"domain": []', "Expecting ',' delimiter: line 1 column 14 (char 13)"],
      ['{domain: []}', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
      ['{"domain" []}', "Expecting ':' delimiter: line 1 column 11 (char 10)"],
      ['{"domain": []} x', 'Extra data: line 1 column 16 (char 15)'],
      ['{"a": "\u00e9\n"}', 'Invalid control character at: line 1 column 9 (char 8)'],
      ['{\n  "domain": [\n    ,]}', 'Expecting value: line 3 column 5 (char 20)'],
      ['   ', 'Expecting value: line 1 column 4 (char 3)'],
      ['{"a": "\\x"}', 'Invalid \\escape: line 1 column 8 (char 7)'],
      ['{"a": "abc', 'Unterminated string starting at: line 1 column 7 (char 6)'],
      ['{"\u00e9": [1, 2,]}', 'Expecting value: line 1 column 13 (char 12)'],
      ['{"a": 1,}', 'Expecting property name enclosed in double quotes: line 1 column 9 (char 8)'],
      ['[1 2]', "Expecting ',' delimiter: line 1 column 4 (char 3)"],
    ];
    for (const [body, message] of cases) {
      const answer = await rawRequest(sandbox.url, { path: '/json/2/res.partner/search', ...json(sandbox.keys.admin, body) });
      assert.equal(answer.status, 400, body);
      assertErrorObject(answer.json, 'werkzeug.exceptions.BadRequest', `could not parse the body as json: ${message}`, 400);
    }
    // The reference ignores a body that is JSON but not an object: the call has no arguments.
    for (const body of ['null', '[]', '3', '"text"', 'true']) {
      const answer = await rawRequest(sandbox.url, { path: '/json/2/res.partner/search', ...json(sandbox.keys.admin, body) });
      assert.equal(answer.status, 422, body);
      assertErrorObject(answer.json, 'werkzeug.exceptions.UnprocessableEntity', "missing a required argument: 'domain'", 422);
    }
    // Bytes that are not UTF-8 are read as U+FFFD (the reference reads the body as text with replacement).
    const badUtf8 = await rawRequest(sandbox.url, {
      path: '/json/2/res.partner/search',
      headers: json(sandbox.keys.admin, '').headers,
      body: Buffer.concat([Buffer.from('{"domain": [], "'), Buffer.from([0xff, 0xfe]), Buffer.from('": 1}')]),
    });
    assert.equal(badUtf8.status, 422);
    assert.equal((badUtf8.json as ErrorObject).message, "got an unexpected keyword argument '\ufffd\ufffd'");
  });

  it('checks the model, then the method, then privacy, then ids, then the arguments', async () => {
    assertErrorObject(
      await fails(sandbox, 404, 'res.nothing', 'search', { bogus: 1 }),
      'werkzeug.exceptions.NotFound',
      "the model 'res.nothing' does not exist",
      404,
    );
    assertErrorObject(
      await fails(sandbox, 404, 'res.partner', 'frobnicate', { bogus: 1 }),
      'werkzeug.exceptions.NotFound',
      "The method 'res.partner.frobnicate' does not exist",
      404,
    );
    assertErrorObject(
      await fails(sandbox, 404, 'res.partner', 'name_get', {}),
      'werkzeug.exceptions.NotFound',
      "The method 'res.partner.name_get' does not exist",
      404,
    );
    for (const method of ['_read', '_anything_at_all', 'search_fetch']) {
      assertErrorObject(
        await fails(sandbox, 403, 'res.partner', method, { ids: [1], bogus: 1 }),
        'odoo.exceptions.AccessError',
        `Private methods (such as 'res.partner.${method}') cannot be called remotely.`,
        null,
      );
    }
    assertErrorObject(
      await fails(sandbox, 422, 'res.partner', 'search', { ids: [1], bogus: 1 }),
      'werkzeug.exceptions.UnprocessableEntity',
      'cannot call res.partner.search with ids',
      422,
    );
    assertErrorObject(
      await fails(sandbox, 422, 'res.partner', 'search', { ids: [], bogus: 1 }),
      'werkzeug.exceptions.UnprocessableEntity',
      "missing a required argument: 'domain'",
      422,
    );
    assertErrorObject(
      await fails(sandbox, 422, 'res.partner', 'search', { domain: [], bogus: 1 }),
      'werkzeug.exceptions.UnprocessableEntity',
      "got an unexpected keyword argument 'bogus'",
      422,
    );
    assert.ok(Array.isArray(await ok(sandbox, 'res.partner', 'search', { ids: [], domain: [] })));
  });

  it('binds each method of the notes strictly: required arguments and no unknown ones', async () => {
    const partner = (await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [], limit: 1 }))[0];
    const table: Array<[string, string, Record<string, unknown>, string | string[] | null]> = [
      ['res.partner', 'search', {}, 'domain'],
      ['res.partner', 'search_count', {}, 'domain'],
      ['res.partner', 'read', { ids: [partner] }, null],
      ['res.partner', 'search_read', {}, null],
      ['res.partner', 'fields_get', {}, null],
      ['res.partner', 'create', {}, 'vals_list'],
      ['res.partner', 'write', { ids: [partner] }, 'vals'],
      ['res.partner', 'name_search', {}, null],
      ['res.partner', 'name_create', {}, 'name'],
      ['res.partner', 'default_get', {}, 'fields'],
      ['res.partner', 'copy', { ids: [] }, null],
      ['res.users', 'has_group', { ids: [sandbox.users.admin.id] }, 'group_ext_id'],
      ['res.partner', 'has_access', { ids: [partner] }, 'operation'],
      ['res.users', 'context_get', {}, null],
      ['res.users.apikeys', 'generate', {}, ['key', 'scope', 'name', 'expiration_date']],
      ['res.users.apikeys', 'revoke', {}, 'key'],
    ];
    for (const [model, method, body, missingArguments] of table) {
      const missing = missingArguments === null ? [] : Array.isArray(missingArguments) ? missingArguments : [missingArguments];
      const complete = { ...body };
      for (const name of missing) {
        const error = await fails(sandbox, 422, model, method, complete);
        assert.equal(error.message, `missing a required argument: '${name}'`, `${model}/${method}`);
        complete[name] = null;
      }
      const unexpected = await fails(sandbox, 422, model, method, { ...complete, unexpected_ärgument: 1 });
      assert.equal(unexpected.message, "got an unexpected keyword argument 'unexpected_ärgument'", `${model}/${method}`);
    }
  });

  it('reads ids and context as the reference browses and builds its context, with its errors', async () => {
    // Text ids are read by PostgreSQL: '1' is record 1, 'x' is the database's error at the first query.
    assert.deepEqual(await ok(sandbox, 'res.partner', 'read', { ids: ['1'], fields: ['id'] }), [{ id: 1 }]);
    const text = await fails(sandbox, 500, 'res.partner', 'read', { ids: [1, 'x'], fields: ['name'] });
    assert.equal(text.name, 'psycopg2.errors.InvalidTextRepresentation');
    assert.match(text.message, /^invalid input syntax for type integer: "x"\nLINE 1: .*IN \(1, 'x'\) .*\n +\^\n$/);
    assert.equal((await fails(sandbox, 500, 'res.partner', 'read', { ids: true })).message, "'bool' object is not iterable");
    assert.match(
      (await fails(sandbox, 422, 'res.partner', 'read', { ids: [1.5], fields: ['name'] })).message,
      /^ids must be a list of integers/,
    );
    // The context is Python's dict() of the member: a list of pairs is one, anything else Python's error.
    const cases: Array<[unknown, string, string]> = [
      ['en_US', 'builtins.ValueError', 'dictionary update sequence element #0 has length 1; 2 is required'],
      [[1], 'builtins.TypeError', 'cannot convert dictionary update sequence element #0 to a sequence'],
      [3, 'builtins.TypeError', "'int' object is not iterable"],
      [null, 'builtins.TypeError', "'NoneType' object is not iterable"],
    ];
    for (const [context, name, message] of cases) {
      const error = await fails(sandbox, 500, 'res.partner', 'search', { domain: [], context });
      assert.deepEqual([error.name, error.message], [name, message], JSON.stringify(context));
    }
    assert.ok(Array.isArray(await ok(sandbox, 'res.partner', 'search', { domain: [], context: [['active_test', false]] })));
  });
});

describe('answers', () => {
  it('answers 200 with the bare JSON value, null for a method that returns nothing', async () => {
    const [archived] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: { name: 'Archived by a call' } });
    const answer = await call(sandbox, 'res.partner', 'action_archive', { ids: [archived] });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(answer.text, 'null');
    const created = await ok(sandbox, 'res.partner', 'create', { vals_list: { name: 'Bare answer' } });
    assert.ok(Array.isArray(created) && created.length === 1 && Number.isInteger(created[0]));
  });

  it('treats ids and context as reserved keys; the given context replaces the call context', async () => {
    const archived = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['active', '=', false]] });
    assert.ok(archived.length > 0);
    const active = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [] });
    const all = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [], context: { active_test: false } });
    assert.equal(all.length, active.length + archived.length);
    const defaults = await ok<Record<string, unknown>>(sandbox, 'res.partner', 'default_get', {
      fields: ['type', 'email'],
      context: { default_email: 'ctx@example.com' },
    });
    assert.deepEqual(defaults, { type: 'contact', email: 'ctx@example.com' });
  });

  it("refuses a context language that is not installed (the reference's user error), and takes an installed one", async () => {
    const error = await fails(sandbox, 422, 'res.partner', 'read', { ids: [1], fields: ['name'], context: { lang: 'xx_XX' } });
    assert.deepEqual([error.name, error.message], ['odoo.exceptions.UserError', 'Invalid language code: xx_XX']);
    assert.ok(Array.isArray(await ok(sandbox, 'res.partner', 'read', { ids: [1], fields: ['name'], context: { lang: 'fr_FR' } })));
  });

  it('gives dates as YYYY-MM-DD and datetimes as YYYY-MM-DD HH:MM:SS in UTC', async () => {
    const [id] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Dated', date: '2024-02-29' }] });
    const [record] = await ok<Array<Record<string, unknown>>>(sandbox, 'res.partner', 'read', {
      ids: [id],
      fields: ['date', 'create_date', 'write_date'],
    });
    assert.equal(record.date, '2024-02-29');
    for (const key of ['create_date', 'write_date']) assert.match(String(record[key]), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const now = sandbox.clock.now().getTime();
    assert.ok(Math.abs(Date.parse(`${String(record.create_date).replace(' ', 'T')}Z`) - now) < 60_000, 'create_date is UTC');
  });

  it('keeps unicode intact everywhere: values, names in the path, argument names', async () => {
    const name = 'Ünïcødé 東京 دار 🚀 \u200d “quotes” \\ backslash';
    const [id] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name, comment: 'ligne 1\nligne 2 — ✓' }] });
    const [record] = await ok<Array<{ name: string; comment: string }>>(sandbox, 'res.partner', 'read', {
      ids: [id],
      fields: ['name', 'comment'],
    });
    assert.equal(record.name, name);
    assert.equal(record.comment, 'ligne 1\nligne 2 — ✓');
    const found = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['name', 'ilike', '東京 دار 🚀']] });
    assert.deepEqual(found, [id]);
    const model = await rawRequest(sandbox.url, {
      path: `/json/2/${encodeURIComponent('rés.pärtner')}/search`,
      ...json(sandbox.keys.admin, '{}'),
    });
    assert.equal((model.json as ErrorObject).message, "the model 'rés.pärtner' does not exist");
    const nul = await fails(sandbox, 500, 'res.partner', 'create', { vals_list: [{ name: 'nul \u0000 inside' }] });
    assert.equal(nul.name, 'builtins.ValueError');
  });
});

describe('body size limit', () => {
  it('answers 413 with the error object for a body over the limit (declared or chunked) and stays up', async () => {
    const huge = `{"domain": [], "padding": "${'x'.repeat(17 * 1024 * 1024)}"}`;
    const declared = await rawRequest(sandbox.url, { path: '/json/2/res.partner/search', ...json(sandbox.keys.admin, huge) });
    assert.equal(declared.status, 413);
    assertErrorObject(declared.json, 'werkzeug.exceptions.RequestEntityTooLarge', /exceeds the capacity limit/, 413);
    const chunked = await rawRequest(sandbox.url, { path: '/json/2/res.partner/search', ...json(sandbox.keys.admin, huge), chunked: true });
    assert.equal(chunked.status, 413);
    assert.equal((await call(sandbox, 'res.users', 'context_get')).status, 200);
  });

  it('accepts a large body under the limit', async () => {
    const comment = 'é'.repeat(1024 * 1024);
    const [id] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Big comment', comment }] });
    const [record] = await ok<Array<{ comment: string }>>(sandbox, 'res.partner', 'read', { ids: [id], fields: ['comment'] });
    assert.equal(record.comment.length, comment.length);
  });
});

describe('database selection', () => {
  it('uses the only database without a header, refuses an unknown one, and needs the header once there are several', async () => {
    assert.equal(
      (await call(sandbox, 'res.users', 'context_get', {}, { headers: { 'X-Service-Database': sandbox.database } })).status,
      200,
    );
    const unknown = await call(sandbox, 'res.users', 'context_get', {}, { headers: { 'X-Service-Database': 'nope' } });
    assert.equal(unknown.status, 404);
    assert.match(String(unknown.headers['content-type']), /^text\/html/);
    // The reference server's page, word for word (conformance probe envelope/env.unknown_db_header).
    assert.match(unknown.text, /<p>No database is selected and the requested URL was not found in the server-wide controllers\.<\/p>/);
    await sandbox.server.catalog.createDatabase('second');
    try {
      const ambiguous = await call(sandbox, 'res.users', 'context_get');
      assert.equal(ambiguous.status, 404);
      assert.match(ambiguous.text, /No database is selected/);
      assert.equal(
        (await call(sandbox, 'res.users', 'context_get', {}, { headers: { 'X-Service-Database': sandbox.database } })).status,
        200,
      );
      // Keys belong to one database.
      assert.equal((await call(sandbox, 'res.users', 'context_get', {}, { headers: { 'X-Service-Database': 'second' } })).status, 401);
      // X-Odoo-Database, the header a real server reads, names the database too, and wins over X-Service-Database.
      assert.equal((await call(sandbox, 'res.users', 'context_get', {}, { headers: { 'X-Odoo-Database': 'second' } })).status, 401);
      const both = { 'X-Odoo-Database': sandbox.database, 'X-Service-Database': 'second' };
      assert.equal((await call(sandbox, 'res.users', 'context_get', {}, { headers: both })).status, 200);
    } finally {
      await sandbox.server.catalog.dropDatabase('second');
    }
    assert.equal((await call(sandbox, 'res.users', 'context_get')).status, 200);
  });
});
