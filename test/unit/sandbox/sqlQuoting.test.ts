// The one SQL-quoting module (storage/sqlQuoting.ts, over pg's escapes): identifiers and literals with quotes,
// backslashes and unicode mean exactly themselves to the database, on PGlite and on PostgreSQL alike.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DatabaseCatalog } from '../../../src/sandbox/catalog/databaseCatalog';
import { quoteIdentifier, quoteLiteral } from '../../../src/sandbox/storage/sqlQuoting';
import { startTestCatalog, stopTestCatalog } from './testCatalog';

const AWKWARD = [
  "O'Brien",
  'back\\slash',
  'both \\\' and "',
  '"quoted"',
  "'; DROP TABLE res_partner; --",
  '$1 $$ $tag$',
  'Ünïcødé 🚀 東京',
  'line\nbreak\ttab',
  '',
];

describe('sql quoting', () => {
  it('doubles the quotes, as PostgreSQL reads them', () => {
    assert.equal(quoteIdentifier('res_partner'), '"res_partner"');
    assert.equal(quoteIdentifier('a"b'), '"a""b"');
    assert.equal(quoteLiteral("O'Brien"), "'O''Brien'");
  });

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-quoting-'));
  let catalog: DatabaseCatalog;
  before(async () => {
    catalog = await startTestCatalog(scratch);
    await catalog.createDatabase('quoting', { demo: false });
  });
  after(async () => {
    await stopTestCatalog(catalog);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('round-trips awkward literals and identifiers exactly through the database', async () => {
    await catalog.use('quoting', async (db) => {
      for (const text of AWKWARD) {
        const literal = (await db.query<{ t: string }>(`SELECT ${quoteLiteral(text)}::text AS t`)).rows[0];
        assert.equal(literal.t, text);
      }
      for (const name of AWKWARD.filter((text) => text !== '' && !text.includes('\u0000'))) {
        const row = (await db.query<Record<string, string>>(`SELECT 'x'::text AS ${quoteIdentifier(name)}`)).rows[0];
        assert.deepEqual(Object.keys(row), [name]);
      }
      await db.transaction(async (cr) => {
        const table = 'x_quoting "table" \\ \'';
        await cr.query(`CREATE TABLE ${quoteIdentifier(table)} (${quoteIdentifier('a "column"')} text)`);
        await cr.query(`INSERT INTO ${quoteIdentifier(table)} VALUES (${quoteLiteral(AWKWARD[2])})`);
        const stored = (await cr.query<{ v: string }>(`SELECT ${quoteIdentifier('a "column"')} AS v FROM ${quoteIdentifier(table)}`)).rows;
        assert.deepEqual(stored, [{ v: AWKWARD[2] }]);
        await cr.query(`DROP TABLE ${quoteIdentifier(table)}`);
      });
    });
  });
});
