// The restore's statement splitter and dump policy (issue 24, point 3): statements split as PostgreSQL's lexer reads
// them whatever the chunking, in one pass; what a plain dump writes is run; what would end or leave the restore's
// transaction, reach the server's files or read outside the database is refused with the statement named.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDumpStatement, ForbiddenStatementError } from '../../../src/sandbox/databaseManager/dumpPolicy';
import { SqlSplitError, StatementSplitter, type SplitStatement } from '../../../src/sandbox/databaseManager/sqlStatements';

const LIMIT = 1024 * 1024;

function split(text: string, chunk = text.length || 1, maxStatementChars = LIMIT): SplitStatement[] {
  const splitter = new StatementSplitter({ maxStatementChars });
  const statements: SplitStatement[] = [];
  for (let i = 0; i < text.length; i += chunk) statements.push(...splitter.push(text.slice(i, i + chunk)));
  splitter.finish();
  return statements;
}

const texts = (statements: SplitStatement[]) => statements.map((statement) => statement.text);

/** Every way of cutting `text` in two, and one character at a time, gives the same statements and words. */
function assertChunkingIndependent(text: string): SplitStatement[] {
  const whole = split(text);
  for (let cut = 1; cut < text.length; cut += 1) {
    const splitter = new StatementSplitter({ maxStatementChars: LIMIT });
    const parts = [...splitter.push(text.slice(0, cut)), ...splitter.push(text.slice(cut))];
    splitter.finish();
    assert.deepEqual(parts, whole, `cut at ${cut}: ${JSON.stringify(text.slice(0, cut))} | ${JSON.stringify(text.slice(cut))}`);
  }
  assert.deepEqual(split(text, 1), whole, 'one character at a time');
  return whole;
}

const TRICKY = [
  "-- a dump; with a comment\nSET client_encoding = 'UTF8';",
  "INSERT INTO \"we;ird\"\"name\" (\"a\") VALUES ('it''s; -- not a comment', E'back\\\\slash\\'; still a string', NULL);",
  "CREATE TABLE t (a integer DEFAULT nextval('t_a_seq'::regclass), b numeric(16,2));",
  "/* block; /* nested; */ still a comment; */ SELECT setval('t_a_seq', 4, true);",
  'CREATE INDEX t_b ON public.t USING btree (b) WHERE (b > -1 / 2);',
  "INSERT INTO t (a) VALUES (-1);\n-- trailing comment; with 'quote\n",
].join('\n');

describe('statement splitter (issue 24, point 3)', () => {
  it('splits strings, E-strings, quoted identifiers and comments as PostgreSQL does, whatever the chunking', () => {
    const statements = assertChunkingIndependent(TRICKY);
    assert.equal(statements.length, 6);
    assert.deepEqual(statements[1].head, ['insert', 'into', '"we;ird"name"', '"a"', 'values', 'null']);
    assert.deepEqual(statements[1].afterValues, ['null']);
    assert.deepEqual(statements[3].head, ['select', 'setval', 'true']);
    assert.match(statements[3].text, /^\/\* block; \/\* nested; \*\/ still a comment; \*\/ SELECT setval/);
    assert.deepEqual(statements[4].words, ['create', 'index', 't_b', 'on', 'public', 't', 'using', 'btree', 'b', 'where', 'b']);
    assert.deepEqual(texts(statements).at(-1), 'INSERT INTO t (a) VALUES (-1);');
  });

  it('reads E as a string prefix only right before the quote, and a doubled quote inside an E-string', () => {
    const [prefixed, word, spaced, doubled] = assertChunkingIndependent(
      "SELECT E'\\';x';\nSELECT some'\\';\nSELECT e 'a\\';\nSELECT E'a''\\';b';",
    );
    assert.deepEqual(prefixed.words, ['select'], "E'\\';x' is one string");
    assert.deepEqual(word.words, ['select', 'some'], "some'\\' is a word and a standard string");
    assert.deepEqual(spaced.words, ['select', 'e'], "e 'a\\' is a word and a standard string");
    assert.deepEqual(doubled.words, ['select'], "E'a''\\';b' is one string");
  });

  it('refuses what a plain dump never has and a splitter could read differently from the server', () => {
    const refused: Array<[string, RegExp]> = [
      ['SELECT $$;$$;', /dollar quoting/],
      ['DO $x$ BEGIN END $x$;', /dollar quoting/],
      ["SELECT 'a'\n'b';", /two string literals in a row/],
      ["SELECT E'a' -- c\n'\\';", /two string literals in a row/],
      ["INSERT INTO t VALUES ('unfinished", /ends in the middle of a statement/],
      ['/* unfinished comment', /ends in the middle of a statement/],
      ['SELECT 1', /ends in the middle of a statement/],
      [`INSERT INTO t VALUES ('${'x'.repeat(LIMIT)}');`, /longer than 1 MiB/],
      ['x'.repeat(LIMIT + 1), /longer than 1 MiB/],
      [`INSERT INTO t VALUES (${'a,'.repeat(20_000)}a);`, /more than 16384 words/],
    ];
    for (const [text, message] of refused) {
      for (const chunk of [text.length, 7]) {
        assert.throws(
          () => split(text, chunk),
          (error: unknown) => error instanceof SqlSplitError && message.test(error.message),
          `${text.slice(0, 40)} in chunks of ${chunk}`,
        );
      }
    }
  });

  it('accepts blanks, comments and empty statements between statements', () => {
    assert.deepEqual(texts(split(";;  -- c\n/* c */ ;\nSELECT setval('s', 1, true);\n\n")), ["SELECT setval('s', 1, true);"]);
    assert.deepEqual(split(''), []);
  });
});

describe('dump policy (issue 24, point 3)', () => {
  const verdict = (text: string) => checkDumpStatement(split(text)[0]);

  it('runs the statements of a plain dump and skips its settings', () => {
    for (const text of [
      'CREATE SEQUENCE "res_partner_id_seq";',
      "SELECT setval('res_partner_id_seq', 134, true);",
      'CREATE TABLE "res_partner" (\n  "id" integer DEFAULT nextval(\'res_partner_id_seq\'::regclass) NOT NULL,\n  "name" character varying\n);',
      'INSERT INTO "res_partner" ("id", "name", "values") VALUES (\'1\', E\'a\\\\b\', NULL);',
      'INSERT INTO t (id, "select") VALUES (1, DEFAULT), (2, true);',
      'ALTER TABLE "res_partner" ADD CONSTRAINT "res_partner_pkey" PRIMARY KEY (id);',
      'ALTER TABLE ONLY "res_partner" ADD CONSTRAINT "fk" FOREIGN KEY (parent_id) REFERENCES res_partner(id) ON DELETE SET NULL;',
      'CREATE UNIQUE INDEX res_users_login ON public.res_users USING btree (login);',
    ])
      assert.equal(verdict(text), 'run', text);
    assert.equal(verdict("-- dump\nSET client_encoding = 'UTF8';"), 'skip');
    assert.equal(verdict('SET standard_conforming_strings = on;'), 'skip');
  });

  it('refuses transaction control, role and session changes, server files and programs, and reads outside the database', () => {
    const refused: Array<[string, RegExp]> = [
      ['COMMIT;', /'commit' is not a statement of a plain dump/],
      ['ROLLBACK;', /'rollback'/],
      ['BEGIN;', /'begin'/],
      ['END;', /'end'/],
      ['ABORT;', /'abort'/],
      ['START TRANSACTION;', /'start transaction'/],
      ['SAVEPOINT s;', /'savepoint s'/],
      ['RELEASE SAVEPOINT s;', /'release savepoint s'/],
      ["PREPARE TRANSACTION 'x';", /'prepare transaction'/],
      ['SET ROLE postgres;', /'set role postgres'/],
      ['SET SESSION AUTHORIZATION postgres;', /'set session authorization'/],
      ["SET LOCAL client_encoding = 'UTF8';", /'set local client_encoding'/],
      ['RESET ROLE;', /'reset role'/],
      ["SET client_encoding = 'SJIS';", /must be UTF-8/],
      ['SET standard_conforming_strings = off;', /standard_conforming_strings on/],
      ["COPY res_partner TO '/tmp/stolen';", /'copy res_partner to'/],
      ["COPY res_partner FROM PROGRAM 'touch /tmp/owned';", /'copy res_partner from'/],
      ["SELECT lo_import('/etc/passwd');", /lo_import reaches outside the database/],
      ["SELECT pg_catalog.pg_read_file('/etc/passwd');", /pg_read_file reaches outside/],
      ['SELECT "pg_read_binary_file"(\'/etc/passwd\');', /"pg_read_binary_file" reaches outside/],
      ["SELECT setval('s', (SELECT count(*) FROM pg_class), true);", /setval with/],
      ['INSERT INTO t (a) VALUES ((SELECT rolpassword FROM pg_authid));', /pg_authid reaches outside/],
      ['INSERT INTO t (a) SELECT name FROM res_users;', /SELECT inside a row statement/],
      ["INSERT INTO t (a) VALUES ('x') RETURNING a;", /'returning' in the values of a row/],
      ["INSERT INTO t (a) VALUES ('1'::integer);", /'integer' in the values of a row/],
      ['INSERT INTO t TABLE res_users;', /a row without VALUES/],
      ["CREATE TABLE t (a text DEFAULT pg_read_file('/etc/passwd'));", /pg_read_file reaches outside/],
      ['CREATE TABLE t AS TABLE res_users;', /CREATE TABLE \.\.\. AS/],
      ['CREATE TABLE t (a int) TABLESPACE pg_global;', /TABLESPACE inside a table statement/],
      ['ALTER TABLE t OWNER TO postgres;', /'alter table t'/],
      ['ALTER TABLE t ALTER a SET DEFAULT now();', /'alter table t'/],
      ['CREATE INDEX i ON t USING btree ((pg_advisory_lock(1)));', /pg_advisory_lock reaches outside/],
      ["CREATE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1';", /'create function f'/],
      ['CREATE EXTENSION plpython3u;', /'create extension plpython3u'/],
      ['GRANT ALL ON t TO public;', /'grant all on'/],
      ['ALTER SYSTEM SET fsync = off;', /'alter system set'/],
      ['CREATE DATABASE other;', /'create database other'/],
      ["LOAD '/tmp/evil.so';", /'load'/],
      ["SELECT set_config('role', 'postgres', false);", /set_config reaches outside/],
    ];
    for (const [text, message] of refused) {
      assert.throws(
        () => verdict(text),
        (error: unknown) =>
          error instanceof ForbiddenStatementError && /a restore does not run/.test(error.message) && message.test(error.message),
        text,
      );
    }
  });
});
