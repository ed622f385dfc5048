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
  'python/jsonrpc_bodies.py': [5, 4, 1, 0],
  'python/tricky_cases.py': [8, 4, 4, 0],
  'javascript/object_service.js': [23, 23, 0, 0],
  'javascript/common_db_service.js': [19, 17, 0, 2],
  'javascript/jsonrpc_bodies.js': [5, 4, 1, 0],
  'javascript/tricky_cases.ts': [4, 2, 2, 0],
  'php/object_service.php': [23, 23, 0, 0],
  'php/common_db_service.php': [19, 16, 1, 2],
  'php/jsonrpc_and_tricky.php': [5, 3, 2, 0],
  'php/jsonrpc_bodies.php': [4, 3, 1, 0],
  'python/real_world_shapes.py': [11, 11, 0, 0],
  'python/python2_script.py': [3, 0, 3, 0],
  'python/sales_order.py': [10, 10, 0, 0],
  'javascript/real_world_shapes.js': [11, 11, 0, 0],
  'javascript/typed_client.ts': [4, 4, 0, 0],
  'php/real_world_shapes.php': [5, 5, 0, 0],
  'javascript/library_wrapper.js': [11, 10, 1, 0],
  'javascript/axios_bodies.js': [7, 7, 0, 0],
  'javascript/typed_wrapper.ts': [4, 4, 0, 0],
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

  test("each method of the notes' table appears once per language in the object-service files", () => {
    const methods = [
      'search',
      'search_count',
      'read',
      'search_read',
      'fields_get',
      'create',
      'write',
      'unlink',
      'name_search',
      'name_get',
      'name_create',
      'default_get',
      'copy',
      'read_group',
      'formatted_read_group',
      'check_access',
      'has_access',
      'context_get',
      'generate',
      'revoke',
    ];
    for (const file of ['python/object_service.py', 'javascript/object_service.js', 'php/object_service.php']) {
      const found = new Set(analyseSource(readCorpus(file), file).map((call) => call.finding.method));
      assert.deepEqual(
        methods.filter((method) => !found.has(method)),
        [],
        file,
      );
    }
  });

  test('each db-service function appears in every language', () => {
    const functions = [
      'create_database',
      'duplicate_database',
      'drop',
      'dump',
      'restore',
      'change_admin_password',
      'rename',
      'migrate_databases',
      'db_exist',
      'list',
      'list_lang',
      'list_countries',
      'server_version',
    ];
    for (const file of ['python/db_service.py', 'javascript/common_db_service.js', 'php/common_db_service.php']) {
      const found = new Set(
        analyseSource(readCorpus(file), file)
          .filter((call) => call.site.service === 'db')
          .map((call) => call.site.functionName),
      );
      assert.deepEqual(
        functions.filter((name) => !found.has(name)),
        [],
        file,
      );
    }
  });

  test('other jsonrpc routes and look-alike execute calls are not flagged', () => {
    const python = analyseSource(readCorpus('python/jsonrpc_bodies.py'), 'jsonrpc_bodies.py');
    assert.deepEqual(
      python.map((call) => call.finding.line + 1),
      [24, 33, 39, 46, 50],
      'the /web/dataset/call_kw body on line 16 is not flagged',
    );
    const javascript = analyseSource(readCorpus('javascript/jsonrpc_bodies.js'), 'jsonrpc_bodies.js');
    assert.ok(
      javascript.every((call) => call.finding.line + 1 > 14),
      'the /web/dataset/call_kw body of webClientCall is not flagged',
    );
    const phpBodies = analyseSource(readCorpus('php/jsonrpc_bodies.php'), 'jsonrpc_bodies.php');
    assert.ok(
      phpBodies.every((call) => call.finding.line + 1 > 15),
      'the /web/dataset/call_kw body of web_client_call is not flagged',
    );
    const callKw =
      'import requests\nrequests.post(f"{url}/web/dataset/call_kw/res.partner/search", json={"jsonrpc": "2.0", "method": "call", "params": {"service": "object", "method": "execute_kw", "args": []}}).json()["result"]\n';
    assert.deepEqual(analyseSource(callKw, 'k.py'), [], 'a service-shaped body posted to /web/dataset/call_kw is not flagged');
    const both = `${callKw}x = requests.post(url + "/jsonrpc", json={"jsonrpc": "2.0", "params": {"service": "common", "method": "version", "args": []}}).json()["result"]\n`;
    assert.deepEqual(
      analyseSource(both, 'k.py').map((call) => [call.finding.line, call.finding.call, call.finding.severity]),
      [[2, 'common.version', 'convertible']],
      'only the body posted to /jsonrpc',
    );
    const jsBoth =
      'fetch(`${u}/web/dataset/call_kw`, { body: JSON.stringify({ params: { service: "object", method: "execute_kw", args: [] } }) }).then((r) => r.json()).then((a) => a.result);\n' +
      'fetch(`${u}/jsonrpc`, { body: JSON.stringify({ params: { service: "db", method: "list", args: [] } }) }).then((r) => r.json()).then((a) => a.result);\n';
    assert.deepEqual(
      analyseSource(jsBoth, 'k.js').map((call) => [call.finding.line, call.finding.call, call.finding.severity]),
      [[1, 'db.list', 'convertible']],
    );
    const phpBoth =
      "<?php\n$c = curl_init($u . '/web/dataset/call_kw');\ncurl_setopt($c, CURLOPT_POSTFIELDS, json_encode(['params' => ['service' => 'object', 'method' => 'execute_kw', 'args' => []]]));\n$r = json_decode(curl_exec($c), true)['result'];\n" +
      "$c = curl_init($u . '/jsonrpc');\ncurl_setopt($c, CURLOPT_POSTFIELDS, json_encode(['params' => ['service' => 'db', 'method' => 'list', 'args' => []]]));\n$r = json_decode(curl_exec($c), true)['result'];\n";
    assert.deepEqual(
      analyseSource(phpBoth, 'k.php').map((call) => [call.finding.line, call.finding.call, call.finding.severity]),
      [[5, 'db.list', 'convertible']],
    );
    const php = analyseSource(readCorpus('php/jsonrpc_and_tricky.php'), 'x.php');
    assert.ok(php.every((call) => call.site.functionName === 'execute_kw'));
    const cursor = analyseSource('def f(cursor):\n    cursor.execute("SELECT 1")\n    db.list()\n', 'x.py');
    assert.deepEqual(cursor, []);
    const webClient = analyseSource(
      'fetch(`${u}/web/dataset/call_kw`, { body: JSON.stringify({ params: { service: "object", method: "execute_kw", args: [] } }) })',
      'x.js',
    );
    assert.deepEqual(webClient, [], 'a body that is not posted to /jsonrpc is not the deprecated service');
  });

  test('messages name what is deprecated and when it is removed', () => {
    const [call] = analyseSource(
      "m = ServerProxy('http://h/xmlrpc/2/object')\nx = m.execute_kw('d', 1, 'k', 'res.partner', 'search', [[]])\n",
      'a.py',
    );
    assert.equal(
      call.finding.message,
      'XML-RPC object.execute_kw res.partner.search: the object service is removed in Odoo 22 and Online 21.1 (Online 21.1: winter 2027; Odoo 22: autumn 2028); it still works on the target release 20.0. Use POST /json/2/res.partner/search.',
    );
    assert.equal(call.finding.line, 1);
    assert.deepEqual(call.site.baseUrl, [{ text: 'http://h' }]);
  });

  test('reasons for calls that are not converted', () => {
    const reasons = analyseSource(readCorpus('python/tricky_cases.py'), 'tricky.py')
      .filter((call) => call.finding.reason)
      .map((call) => call.finding.reason);
    assert.deepEqual(reasons, [
      'the model or the method name is not a literal string: it is only known at run time; convert it by hand.',
      'its arguments cannot be read (the arguments are unpacked from a variable (*args or **kwargs)); convert it by hand.',
      "create's values are a variable: whether it is one mapping (an id comes back) or a list (a list of ids) is only known at run time; convert it by hand.",
      'use POST /json/2/res.partner/create. The call sits inside a larger expression: assign its result to a variable first, then convert.',
    ]);
    const dbReasons = analyseSource(readCorpus('python/db_service.py'), 'db.py').filter(
      (call) => call.finding.severity === 'noReplacement',
    );
    assert.deepEqual(
      dbReasons.map((call) => call.site.functionName),
      ['rename', 'migrate_databases'],
    );
  });
});

describe('syntax variants', () => {
  test('TypeScript casts and JSX files parse', () => {
    const ts =
      "const m = xmlrpc.createClient({ url: `${base}/xmlrpc/2/object` });\nm.methodCall('execute_kw', [db, uid, key, 'res.partner', 'search_count', [[] as unknown[]]] as unknown[], cb);\n";
    const [call] = analyseSource(ts, 'gateway.mts');
    assert.equal(call.finding.severity, 'convertible');
    assert.deepEqual(call.site.baseUrl, [{ expr: 'base', scope: -1 }]);
    const jsx = "const el = <div />;\nm.methodCall('execute_kw', [db, uid, key, 'res.partner', 'search', [[]]], cb);\n";
    assert.equal(analyseSource(jsx, 'view.jsx').length, 1);
  });

  test('a file that does not parse completely still gives its calls (Python and PHP)', () => {
    const python = "m = ServerProxy(URL + '/xmlrpc/2/object')\nx = m.execute_kw(db, 1, k, 'res.partner', 'search', [[]])\ndef broken(:\n";
    assert.equal(analyseSource(python, 'p.py').length, 1);
    const php =
      "<?php\n$m = ripcord::client($u . '/xmlrpc/2/object');\n$x = $m->execute_kw($db, 1, $k, 'res.partner', 'search', [[]]);\nfunction (\n";
    assert.equal(analyseSource(php, 'p.php').length, 1);
  });
});
