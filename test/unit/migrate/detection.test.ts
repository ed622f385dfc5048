// Detection on the migration corpus: how many deprecated calls each file holds and what becomes of them (reviewed counts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyseSource } from '../../../src/core/migrate/migrationAnalysis';
import { corpusFiles, readCorpus, summarise } from './migrationCorpus';

/** Reviewed by reading each file: total calls, then convertible / manual / no replacement. */
const EXPECTED: Record<string, [number, number, number, number]> = {
  'python/object_service.py': [23, 23, 0, 0],
  'python/common_service.py': [4, 3, 1, 0],
  'python/db_service.py': [18, 16, 0, 2],
  'python/jsonrpc_bodies.py': [2, 0, 2, 0],
  'python/tricky_cases.py': [8, 3, 5, 0],
  'javascript/object_service.js': [23, 23, 0, 0],
  'javascript/common_db_service.js': [19, 17, 0, 2],
  'javascript/jsonrpc_bodies.js': [2, 0, 2, 0],
  'javascript/tricky_cases.ts': [4, 1, 3, 0],
  'php/object_service.php': [23, 23, 0, 0],
  'php/common_db_service.php': [19, 16, 1, 2],
  'php/jsonrpc_and_tricky.php': [5, 1, 4, 0],
};

describe('finding deprecated calls in the corpus', () => {
  test('every corpus file has reviewed counts', () => {
    assert.deepEqual(corpusFiles().sort(), Object.keys(EXPECTED).sort());
  });
  for (const [file, [total, convertible, manual, noReplacement]] of Object.entries(EXPECTED)) {
    test(file, () => {
      assert.deepEqual(summarise(analyseSource(readCorpus(file), file)), { total, convertible, manual, noReplacement });
    });
  }

  test('each method of the notes\' table appears once per language in the object-service files', () => {
    const methods = ['search', 'search_count', 'read', 'search_read', 'fields_get', 'create', 'write', 'unlink', 'name_search', 'name_get',
      'name_create', 'default_get', 'copy', 'read_group', 'formatted_read_group', 'check_access', 'has_access', 'context_get', 'generate', 'revoke'];
    for (const file of ['python/object_service.py', 'javascript/object_service.js', 'php/object_service.php']) {
      const found = new Set(analyseSource(readCorpus(file), file).map((call) => call.finding.method));
      assert.deepEqual(methods.filter((method) => !found.has(method)), [], file);
    }
  });

  test('each db-service function appears in every language', () => {
    const functions = ['create_database', 'duplicate_database', 'drop', 'dump', 'restore', 'change_admin_password', 'rename', 'migrate_databases', 'db_exist', 'list', 'list_lang', 'list_countries', 'server_version'];
    for (const file of ['python/db_service.py', 'javascript/common_db_service.js', 'php/common_db_service.php']) {
      const found = new Set(analyseSource(readCorpus(file), file).filter((call) => call.site.service === 'db').map((call) => call.site.functionName));
      assert.deepEqual(functions.filter((name) => !found.has(name)), [], file);
    }
  });

  test('other jsonrpc routes and look-alike execute calls are not flagged', () => {
    const python = analyseSource(readCorpus('python/jsonrpc_bodies.py'), 'jsonrpc_bodies.py');
    assert.deepEqual(python.map((call) => call.finding.line + 1), [16, 23]);
    const php = analyseSource(readCorpus('php/jsonrpc_and_tricky.php'), 'x.php');
    assert.ok(php.every((call) => call.site.functionName === 'execute_kw'));
    const cursor = analyseSource('def f(cursor):\n    cursor.execute("SELECT 1")\n    db.list()\n', 'x.py');
    assert.deepEqual(cursor, []);
    const webClient = analyseSource('fetch(`${u}/web/dataset/call_kw`, { body: JSON.stringify({ params: { service: "object", method: "execute_kw", args: [] } }) })', 'x.js');
    assert.deepEqual(webClient, [], 'a body that is not posted to /jsonrpc is not the deprecated service');
  });

  test('messages name what is deprecated and when it is removed', () => {
    const [call] = analyseSource("m = ServerProxy('http://h/xmlrpc/2/object')\nx = m.execute_kw('d', 1, 'k', 'res.partner', 'search', [[]])\n", 'a.py');
    assert.equal(call.finding.message, 'XML-RPC object.execute_kw is deprecated (removed in the online edition 21.1 (winter 2027) and in release 22 (autumn 2028)): use POST /json/2/res.partner/search.');
    assert.equal(call.finding.line, 1);
    assert.equal(call.site.baseUrl, "'http://h'");
  });

  test('reasons for calls that are not converted', () => {
    const reasons = analyseSource(readCorpus('python/tricky_cases.py'), 'tricky.py').filter((call) => call.finding.reason).map((call) => call.finding.reason);
    assert.deepEqual(reasons, [
      'the model or the method name is not a literal string: it is only known at run time; convert it by hand.',
      'sale.order.action_confirm is not a known method: its positional arguments cannot be named. Pass them as keywords; convert it by hand.',
      'its arguments cannot be read (the arguments are unpacked from a variable (*args or **kwargs)); convert it by hand.',
      'create\'s values are a variable: whether it is one mapping (an id comes back) or a list (a list of ids) is only known at run time; convert it by hand.',
      'use POST /json/2/res.partner/create. The call sits inside a larger expression: assign its result to a variable first, then convert.',
    ]);
    const dbReasons = analyseSource(readCorpus('python/db_service.py'), 'db.py').filter((call) => call.finding.severity === 'noReplacement');
    assert.deepEqual(dbReasons.map((call) => call.site.functionName), ['rename', 'migrate_databases']);
  });
});

describe('syntax variants', () => {
  test('TypeScript casts and JSX files parse', () => {
    const ts = "const m = xmlrpc.createClient({ url: `${base}/xmlrpc/2/object` });\nm.methodCall('execute_kw', [db, uid, key, 'res.partner', 'search_count', [[] as unknown[]]] as unknown[], cb);\n";
    const [call] = analyseSource(ts, 'gateway.mts');
    assert.equal(call.finding.severity, 'convertible');
    assert.equal(call.site.baseUrl, 'base');
    const jsx = "const el = <div />;\nm.methodCall('execute_kw', [db, uid, key, 'res.partner', 'search', [[]]], cb);\n";
    assert.equal(analyseSource(jsx, 'view.jsx').length, 1);
  });

  test('a file that does not parse completely still gives its calls (Python and PHP)', () => {
    const python = "m = ServerProxy(URL + '/xmlrpc/2/object')\nx = m.execute_kw(db, 1, k, 'res.partner', 'search', [[]])\ndef broken(:\n";
    assert.equal(analyseSource(python, 'p.py').length, 1);
    const php = "<?php\n$m = ripcord::client($u . '/xmlrpc/2/object');\n$x = $m->execute_kw($db, 1, $k, 'res.partner', 'search', [[]]);\nfunction (\n";
    assert.equal(analyseSource(php, 'p.php').length, 1);
  });
});
