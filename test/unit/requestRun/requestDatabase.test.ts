// The database of a request run: the "No database is selected" page explained, and a request's own database refused
// on a deprecated interface rather than run on the connection's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { noDatabaseRunError, requestDatabaseProblem } from '../../../src/core/requestRun/requestDatabase';

const PAGE = fs.readFileSync(path.resolve(__dirname, '../../../../test/fixtures/realServerPages/no-database-selected.html'), 'utf8');
const html = { 'content-type': 'text/html; charset=utf-8' };

test("the page becomes a noDatabase error naming the database sent (the request's own first) and the headers", () => {
  const profile = { database: 'prod' };
  assert.deepEqual(noDatabaseRunError({ status: 404, headers: html, text: PAGE }, profile, {}), {
    kind: 'noDatabase',
    message:
      'The server answered "No database is selected" (404 page): "prod" was sent in the X-Odoo-Database and X-Service-Database headers, and the server has no database of that name (or its dbfilter hides it for this address). Check the connection\'s database.',
  });
  const own = noDatabaseRunError(
    { status: 404, headers: html, text: PAGE },
    { ...profile, databaseHeader: 'X-Service-Database' },
    { database: 'staging' },
  );
  assert.match(own?.message ?? '', /"staging" was sent in the X-Service-Database header, which Odoo servers do not read/);
  assert.match(noDatabaseRunError({ status: 404, headers: html, text: PAGE }, {}, {})?.message ?? '', /the request named none/);
  assert.equal(noDatabaseRunError({ status: 404, headers: html, text: '<p>Not Found</p>' }, profile, {}), undefined);
  assert.equal(noDatabaseRunError({ status: 404, headers: html }, profile, {}), undefined, 'no text: the deprecated interfaces');
});

test("a request's own database is refused on XML-RPC and JSON-RPC, never run on the connection's database", () => {
  const legacy = { name: 'old', protocol: 'xmlrpc' as const, database: 'prod' };
  assert.match(
    requestDatabaseProblem(legacy, { database: 'staging' }) ?? '',
    /"old" uses XML-RPC.*\(prod\).*\(staging\) needs a JSON-2 connection/,
  );
  assert.equal(requestDatabaseProblem(legacy, { database: 'prod' }), undefined, 'the same database');
  assert.equal(requestDatabaseProblem(legacy, {}), undefined);
  assert.equal(requestDatabaseProblem({ ...legacy, protocol: 'json2' }, { database: 'staging' }), undefined);
});
