// Parameters as SQL literals: every type quoted safely, placeholders inside strings, identifiers, dollar quotes and
// comments left alone; and the quoting checked against the database itself.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DatabaseCatalog } from '../../../src/sandbox/catalog/databaseCatalog';
import { startTestCatalog, stopTestCatalog } from './testCatalog';
import { interpolate, sqlLiteral } from '../../../src/sandbox/storage/sqlLiterals';

describe('sql literals', () => {
  it('quotes each type', () => {
    assert.equal(sqlLiteral(null), 'NULL');
    assert.equal(sqlLiteral(undefined), 'NULL');
    assert.equal(sqlLiteral(true), 'TRUE');
    assert.equal(sqlLiteral(42), '42');
    assert.equal(sqlLiteral(-1.5), '(-1.5)');
    assert.equal(sqlLiteral("O'Brien \\ x"), "'O''Brien \\ x'");
    assert.equal(sqlLiteral([1, 2, 3]), "'{1,2,3}'");
    assert.equal(sqlLiteral([]), "'{}'");
    assert.equal(sqlLiteral(['a"b', 'c\\d', null]), `'{"a\\"b","c\\\\d",NULL}'`);
    assert.equal(sqlLiteral({ en_US: "it's" }), `'{"en_US":"it''s"}'`);
    assert.throws(() => sqlLiteral(Number.NaN));
    assert.throws(() => sqlLiteral('nul \u0000'), /NUL/);
  });

  it('replaces placeholders only outside strings, identifiers, dollar quotes and comments', () => {
    assert.equal(
      interpolate(
        'SELECT $1, $2, $10',
        Array.from({ length: 10 }, (_, i) => i + 1),
      ),
      'SELECT 1, 2, 10',
    );
    assert.equal(
      interpolate(`SELECT '$1', "$1", $tag$ $1 $tag$, $$ $1 $$, $1 -- $1\n/* $1 */`, ['x']),
      `SELECT '$1', "$1", $tag$ $1 $tag$, $$ $1 $$, 'x' -- $1\n/* $1 */`,
    );
    assert.equal(interpolate("SELECT 'it''s $1', $1", [5]), "SELECT 'it''s $1', 5");
    assert.equal(interpolate('SELECT 1 - $1', [-1]), 'SELECT 1 - (-1)');
    assert.throws(() => interpolate('SELECT $2', [1]), /no parameter \$2/);
    assert.equal(interpolate('SELECT $1', []), 'SELECT $1', 'no parameters: the text is left as is');
  });
});

describe('sql literals in the database', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-literals-test-'));
  let catalog: DatabaseCatalog;
  before(async () => {
    catalog = await startTestCatalog(scratch);
    await catalog.createDatabase('literals');
  });
  after(async () => {
    await stopTestCatalog(catalog);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('round-trips awkward text, numbers and arrays exactly', async () => {
    const texts = [
      "O'Brien",
      'back\\slash',
      '"quoted"',
      "'; DROP TABLE res_partner; --",
      '$1 $$ $tag$',
      'Ünïcødé 🚀 東京',
      'line\nbreak\ttab',
      '',
    ];
    await catalog.use('literals', async (db) => {
      for (const text of texts) {
        const row = (await db.query<{ t: string; a: string[] }>('SELECT $1::text AS t, $2::text[] AS a', [text, [text, 'x']])).rows[0];
        assert.equal(row.t, text);
        assert.deepEqual(row.a, [text, 'x']);
      }
      const numbers = (
        await db.query<{ a: number; b: number; c: number[] }>('SELECT $1::int AS a, 0 - $2::float8 AS b, $3::bigint[] AS c', [
          -7,
          -2.5,
          [1, -2, 3],
        ])
      ).rows[0];
      assert.deepEqual(numbers, { a: -7, b: 2.5, c: [1, -2, 3] });
      assert.ok((await db.query<{ n: number }>('SELECT count(*) AS n FROM res_partner')).rows[0].n > 0);
    });
  });
});
