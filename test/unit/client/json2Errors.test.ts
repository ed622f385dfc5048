// Reading JSON-2 answers: results, error objects of every status the notes list, HTML pages, redirects.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Json2Error, TransportError, errorKindOf } from '../../../src/core/client/clientErrors';
import type { HttpAnswer } from '../../../src/core/client/httpTransport';
import { json2ErrorOf, json2ResultOf } from '../../../src/core/client/json2Answer';
import { textOfHtml } from '../../../src/core/client/htmlText';

// Recorded from a real Odoo 19.0 server hosting several databases (../shared/real-server/odoo-19.0/pages).
const REAL_PAGES = path.resolve(__dirname, '../../../../test/fixtures/realServerPages');

function answer(
  status: number,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' },
): HttpAnswer {
  const buffer = Buffer.from(body);
  return {
    status,
    headers,
    body: buffer,
    timings: { connectMs: 0, firstByteMs: 0, totalMs: 0 },
    sizes: { requestBytes: 0, responseBytes: buffer.length, decodedBytes: buffer.length },
  };
}

function errorBody(name: string, message: string, args: unknown[] = [message]): string {
  return JSON.stringify({ name, message, arguments: args, context: {}, debug: `Traceback\n${name}: ${message}` });
}

describe('json2ResultOf', () => {
  test('returns the bare result, null for an empty or null answer', () => {
    assert.deepEqual(json2ResultOf(answer(200, '[1,2,3]'), 'res.partner.search', undefined, 'X-Service-Database'), [1, 2, 3]);
    assert.equal(json2ResultOf(answer(200, 'null'), 'm.unlink', undefined, 'X-Service-Database'), null);
    assert.equal(json2ResultOf(answer(200, ''), 'm.unlink', undefined, 'X-Service-Database'), null);
  });

  test('a success whose body is not JSON is an invalid response carrying the body', () => {
    assert.throws(
      () => json2ResultOf(answer(200, '<html>login</html>', { 'content-type': 'text/html' }), 'a.b', undefined, 'X'),
      (error: unknown) => {
        assert.ok(error instanceof TransportError);
        assert.equal(error.kind, 'invalidResponse');
        assert.equal(error.rawBody, '<html>login</html>');
        return true;
      },
    );
  });

  test('a redirect is not followed and says where it pointed', () => {
    assert.throws(
      () => json2ResultOf(answer(303, '', { location: 'https://elsewhere/web/login' }), 'a.b', undefined, 'X'),
      (error: unknown) => error instanceof TransportError && /elsewhere\/web\/login/.test(error.message) && error.status === 303,
    );
  });
});

describe('json2ErrorOf: every error status of the notes becomes the right kind', () => {
  const cases: Array<[number, string, string, string]> = [
    [400, 'werkzeug.exceptions.BadRequest', 'could not parse the body as json: Expecting value: line 1 column 13 (char 12)', 'badRequest'],
    [401, 'werkzeug.exceptions.Unauthorized', 'Invalid apikey', 'auth'],
    [401, 'werkzeug.exceptions.Unauthorized', 'User not authenticated, use an API Key with a Bearer Authorization header.', 'auth'],
    [403, 'odoo.exceptions.AccessError', "Private methods (such as 'res.partner._x') cannot be called remotely.", 'access'],
    [403, 'odoo.exceptions.AccessDenied', 'Access Denied', 'access'],
    [404, 'werkzeug.exceptions.NotFound', "the model 'x.y' does not exist", 'notFound'],
    [404, 'odoo.exceptions.MissingError', 'Record does not exist or has been deleted.', 'missing'],
    [409, 'odoo.exceptions.LockError', 'could not obtain lock', 'conflict'],
    [413, 'werkzeug.exceptions.RequestEntityTooLarge', 'Request Entity Too Large', 'payloadTooLarge'],
    [422, 'werkzeug.exceptions.UnprocessableEntity', "missing a required argument: 'domain'", 'badRequest'],
    [422, 'odoo.exceptions.UserError', 'Programmatic API keys are not enabled', 'validation'],
    [422, 'odoo.exceptions.ValidationError', 'The email is invalid', 'validation'],
    [500, 'builtins.ValueError', 'Invalid field res.partner.foo in condition', 'server'],
    [500, 'builtins.KeyError', 'foo', 'server'],
  ];
  for (const [status, name, message, kind] of cases) {
    test(`${status} ${name} → ${kind}`, () => {
      const error = json2ErrorOf(
        status,
        'application/json',
        errorBody(name, message, [message, status]),
        'res.partner.search',
        undefined,
        'X-Service-Database',
      );
      assert.ok(error instanceof Json2Error);
      assert.equal(error.kind, kind);
      assert.equal(error.status, status);
      assert.equal(error.name, name);
      assert.equal(error.message, message);
      assert.deepEqual(error.arguments, [message, status]);
      assert.deepEqual(error.context, {});
      assert.match(error.debug, /Traceback/);
      assert.equal(error.rawBody, undefined);
    });
  }

  test('a 415 HTML page gives a clear error with the raw body', () => {
    const page = '<!doctype html><title>415 Unsupported Media Type</title><h1>Unsupported Media Type</h1>';
    const error = json2ErrorOf(415, 'text/html; charset=utf-8', page, 'res.partner.search', undefined, 'X-Service-Database');
    assert.equal(error.kind, 'unsupportedMediaType');
    assert.equal(error.name, 'Json2Error');
    assert.match(error.message, /application\/json/);
    assert.equal(error.rawBody, page);
  });

  test('the "No database is selected" page says what was sent and what to set; another 404 page is not it', () => {
    const page = fs.readFileSync(path.join(REAL_PAGES, 'no-database-selected.html'), 'utf8');
    const none = json2ErrorOf(404, 'text/html; charset=utf-8', page, 'a.b', undefined, undefined);
    assert.equal(none.kind, 'noDatabase');
    assert.match(
      none.message,
      /^a\.b: The server answered "No database is selected" \(404 page\): it hosts several databases and the request named none\./,
    );
    const wrong = json2ErrorOf(404, 'text/html', page, 'a.b', 'shop', undefined);
    assert.match(
      wrong.message,
      /"shop" was sent in the X-Odoo-Database and X-Service-Database headers, and the server has no database of that name/,
    );
    const unread = json2ErrorOf(404, 'text/html', page, 'a.b', 'shop', 'X-Service-Database');
    assert.match(
      unread.message,
      /"shop" was sent in the X-Service-Database header, which Odoo servers do not read \(they read X-Odoo-Database\)/,
    );
    const other = json2ErrorOf(404, 'text/html', '<p>The database page you wanted is elsewhere.</p>', 'a.b', 'shop', undefined);
    assert.equal(other.kind, 'notFound');
  });

  test('an unknown exception name falls back to its short name, then to the status', () => {
    assert.equal(errorKindOf('odoo.addons.stock.exceptions.MissingError', 404), 'missing');
    assert.equal(errorKindOf('builtins.KeyError', 404), 'notFound');
    assert.equal(errorKindOf('some.Thing', 409), 'conflict');
    assert.equal(errorKindOf(undefined, 502), 'server');
  });
});

test('textOfHtml keeps the sentence and drops tags, scripts and entities', () => {
  assert.equal(
    textOfHtml('<p>Database&nbsp;creation <b>error</b>: &quot;x&quot; &#38; y</p><script>alert(1)</script>'),
    'Database creation error : "x" & y',
  );
});
