// Conversions: reviewed expectations per language, whole corpus files converted call by call and checked by real parsers.
import { parse as parseBabel } from '@babel/parser';
import { Engine } from 'php-parser';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { analyseSource, applyEdits, conversionEdits, json2RequestOf } from '../../../src/core/migrate/migrationAnalysis';
import { convertAll, corpusFiles, readCorpus, summarise } from './migrationCorpus';
import { pythonInterpreter } from './snippetRunner';

function convertFirst(text: string, fileName: string): string {
  const [call] = analyseSource(text, fileName);
  const edits = conversionEdits(text, call);
  assert.ok(edits, call.finding.message);
  return applyEdits(text, edits);
}

/** Checks the syntax with the language's own tools: CPython's parser, Node's, Babel for TypeScript, php-parser strictly. */
function assertValidSyntax(text: string, file: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-migrate-'));
  const target = path.join(dir, path.basename(file));
  fs.writeFileSync(target, text);
  try {
    if (file.endsWith('.py')) {
      const result = spawnSync(pythonInterpreter(), ['-c', 'import ast, sys; ast.parse(open(sys.argv[1]).read())', target], {
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, `${file}: ${result.stderr}`);
    } else if (file.endsWith('.js')) {
      const result = spawnSync(process.execPath, ['--check', target], { encoding: 'utf8' });
      assert.equal(result.status, 0, `${file}: ${result.stderr}`);
    } else if (file.endsWith('.ts')) {
      parseBabel(text, { sourceType: 'module', plugins: ['typescript'] });
      assertTypeChecks(target);
    } else {
      new Engine({ parser: { suppressErrors: false, php8: true }, ast: { withPositions: false } }).parseCode(text, file);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** tsc's command line for the type-check: strict, with Node's types (fetch, process) as a Node integration has them. */
const TSC_ARGUMENTS = [
  '--noEmit',
  '--strict',
  '--target',
  'es2022',
  '--module',
  'commonjs',
  '--lib',
  'es2022',
  '--types',
  'node',
  '--typeRoots',
  path.resolve(__dirname, '../../../../node_modules/@types'),
  '--skipLibCheck',
];

/** The declaration files (TypeScript's lib, Node's types) parsed once for every type-check of this file. */
const declarationFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * `tsc --noEmit --strict` on one file, in this process: the same options from the same command line, and the
 * diagnostics tsc reports (ts.getPreEmitDiagnostics). A tsc process per file cost about 1.5 s of CPU time each,
 * mostly in parsing the same declaration files again.
 */
function assertTypeChecks(file: string): void {
  const { options, fileNames, errors } = ts.parseCommandLine([...TSC_ARGUMENTS, file]);
  assert.deepEqual(errors, []);
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) => {
    if (!name.endsWith('.d.ts')) return read(name, languageVersion, ...rest);
    if (!declarationFiles.has(name)) declarationFiles.set(name, read(name, languageVersion, ...rest));
    return declarationFiles.get(name);
  };
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram({ rootNames: fileNames, options, host }));
  assert.equal(diagnostics.length, 0, `tsc --noEmit ${path.basename(file)}:\n${ts.formatDiagnostics(diagnostics, host)}`);
}

describe('converting deprecated calls', () => {
  test('Python: create with one mapping, context into the body, imports added, database named in both headers', () => {
    const text =
      "import xmlrpc.client\n\nmodels = xmlrpc.client.ServerProxy(f'{url}/xmlrpc/2/object')\nnew_id = models.execute_kw(db, uid, password, 'res.partner', 'create', [{'name': 'Acme'}], {'context': {'lang': 'fr_BE'}})\n";
    assert.equal(
      convertFirst(text, 'a.py'),
      `import xmlrpc.client
import os
import requests

models = xmlrpc.client.ServerProxy(f'{url}/xmlrpc/2/object')
# create with one mapping returned an id over execute_kw; JSON-2 always returns a list of ids.
response = requests.post(
    f"{url}/json/2/res.partner/create",
    headers={
        "Authorization": f"bearer {os.environ['JSON2_API_KEY']}",
        "X-Odoo-Database": db,
        "X-Service-Database": db,
    },
    json={
        "vals_list": {'name': 'Acme'},
        "context": {'lang': 'fr_BE'},
    },
)
response.raise_for_status()
new_id = response.json()[0]  # JSON-2 create returns a list of ids; execute_kw returned the one id
`,
    );
  });

  test('JavaScript: name_get becomes a read of display_name, the callback gets the pairs', () => {
    const text =
      "const models = xmlrpc.createClient({ url: 'https://erp.example.com/xmlrpc/2/object' });\nmodels.methodCall('execute_kw', [db, uid, key, 'res.partner', 'name_get', [ids]], done);\n";
    assert.equal(
      convertFirst(text, 'b.js'),
      `const models = xmlrpc.createClient({ url: 'https://erp.example.com/xmlrpc/2/object' });
fetch('https://erp.example.com/json/2/res.partner/read', {
  method: 'POST',
  headers: {
    Authorization: \`bearer \${process.env.JSON2_API_KEY}\`,
    'Content-Type': 'application/json; charset=utf-8',
    'X-Odoo-Database': db,
    'X-Service-Database': db,
  },
  body: JSON.stringify({
    ids: ids,
    fields: ["display_name"],
  }),
}).then(async (response) => {
  const answer = await response.json();
  if (!response.ok) throw new Error(\`\${answer.name}: \${answer.message}\`);
  // name_get no longer exists: it becomes a read of display_name, whose records are turned back into [id, name] pairs.
  // JSON-2 takes the ids as a list: \`ids\` must be a list of ids, not a single id.
  return answer.map((record) => [record.id, record.display_name]);
}).then((value) => [null, value], (error) => [error, undefined]).then(([error, value]) => done(error, value));
`,
    );
  });

  test('PHP: search_read with curl, keywords named, the key and base URL from the environment', () => {
    const text =
      "<?php\n$models = ripcord::client(\"$url/xmlrpc/2/object\");\nfunction names($models, $db, $uid, $password) {\n    return $models->execute_kw($db, $uid, $password, 'res.partner', 'search_read', array(array(array('is_company', '=', true))), array('fields' => array('name'), 'limit' => 2));\n}\n";
    assert.equal(
      convertFirst(text, 'c.php'),
      `<?php
$models = ripcord::client("$url/xmlrpc/2/object");
function names($models, $db, $uid, $password) {
    $curl = curl_init(getenv('JSON2_BASE_URL') . '/json/2/res.partner/search_read');
    curl_setopt_array($curl, [
        CURLOPT_POST => true,
        CURLOPT_HTTPHEADER => [
            'Authorization: bearer ' . getenv('JSON2_API_KEY'),
            'Content-Type: application/json; charset=utf-8',
            'X-Odoo-Database: ' . $db,
            'X-Service-Database: ' . $db,
        ],
        CURLOPT_POSTFIELDS => json_encode([
            'domain' => array(array('is_company', '=', true)),
            'fields' => array('name'),
            'limit' => 2,
        ]),
        CURLOPT_RETURNTRANSFER => true,
    ]);
    $body = curl_exec($curl);
    if ($body === false || curl_getinfo($curl, CURLINFO_RESPONSE_CODE) !== 200) {
        throw new RuntimeException('JSON-2 res.partner/search_read failed: ' . ($body ?: curl_error($curl)));
    }
    $answer = json_decode($body, true);
    return $answer;
}
`,
    );
  });

  test('Copy as .json2 request: static values as JSON, variables as prompts, a database expression only commented', () => {
    const text =
      "m = ServerProxy(URL + '/xmlrpc/2/object')\nr = m.execute_kw(db, uid, pw, 'res.partner', 'write', [partner_ids, {'phone': phone}], {'context': {'lang': 'en_US'}})\n";
    const [call] = analyseSource(text, 'w.py');
    assert.equal(
      json2RequestOf(call, 'w.py'),
      `### res.partner write (from w.py:2)
# JSON-2 takes the ids as a list: \`partner_ids\` must be a list of ids, not a single id.
# @prompt partner_ids
# @prompt phone
POST res.partner/write
# X-Odoo-Database: <db>   (the connection's database is sent; a line like this names another)
{
  "ids": {{partner_ids}},
  "vals": {"phone": {{phone}}},
  "context": {"lang":"en_US"}
}
`,
    );
  });

  test('special cases: version, authenticate, db functions', () => {
    const text = [
      "common = ServerProxy('https://erp.example.com/xmlrpc/2/common')",
      "dbs = ServerProxy('https://erp.example.com/xmlrpc/2/db')",
      'info = common.version()',
      "uid = common.authenticate('prod', 'bot', key, {})",
      "ok = dbs.db_exist('prod')",
      'langs = dbs.list_lang()',
      "dbs.drop(master, 'old')",
    ].join('\n');
    const calls = analyseSource(text, 's.py');
    const converted = (index: number): string =>
      conversionEdits(text, calls[index])!
        .map((edit) => edit.text)
        .join('\n');
    assert.match(
      converted(0),
      /requests\.get\("https:\/\/erp\.example\.com\/web\/version"\)\n.*\ninfo = \{"server_version": response\.json\(\)\["version"\], "server_version_info": response\.json\(\)\["version_info"\], "server_serie": response\.json\(\)\["version"\], "protocol_version": 1\}$/,
    );
    assert.match(converted(1), /"https:\/\/erp\.example\.com\/json\/2\/res\.users\/context_get"[\s\S]*uid = response\.json\(\)\["uid"\]$/);
    assert.match(converted(1), /\n\s*"X-Odoo-Database": 'prod',\n\s*"X-Service-Database": 'prod',\n/);
    // list_lang named no database: the headers come from JSON2_DATABASE when it is set.
    assert.match(
      converted(3),
      /\*\*\(\{"X-Odoo-Database": os\.environ\["JSON2_DATABASE"\], "X-Service-Database": os\.environ\["JSON2_DATABASE"\]\} if os\.environ\.get\("JSON2_DATABASE"\) else \{\}\),/,
    );
    assert.match(
      converted(2),
      /\/web\/database\/list", json=\{"jsonrpc": "2\.0", "method": "call", "params": \{\}, "id": 1\}\)[\s\S]*ok = 'prod' in response\.json\(\)\["result"\]$/,
    );
    assert.match(
      converted(3),
      /res\.lang\/search_read[\s\S]*"domain": \[\["active", "in", \[True, False\]\]\],\n\s*"fields": \["code", "name"\],[\s\S]*langs = \[\[record\["code"\], record\["name"\]\] for record in response\.json\(\)\]$/,
    );
    assert.match(
      converted(4),
      /\/web\/database\/drop",\n\s*data=\{\n\s*"master_pwd": master,\n\s*"name": 'old',\n\s*\},\n\s*allow_redirects=False,\n\)\nif response\.status_code != 303:/,
    );
  });

  test("TypeScript: the callback is cast to the client's two-argument type, and the answer is typed", () => {
    const text =
      "interface C { methodCall(n: string, p: unknown[], cb: (error: unknown, value: unknown) => void): void }\ndeclare const models: C;\nmodels.methodCall('execute_kw', [db, 1, key, 'res.partner', 'search', [[]]], (error, ids) => console.log(error, ids));\n";
    const converted = convertFirst(text, 'a.ts');
    assert.match(converted, /const answer: any = await response\.json\(\);/);
    assert.match(
      converted,
      /\.then\(\(value\) => \[null, value\], \(error\) => \[error, undefined\]\)\.then\(\(\[error, value\]\) => \(\(\(error, ids\) => console\.log\(error, ids\)\) as \(error: any, value: any\) => void\)\(error, value\)\);\n$/,
    );
  });

  test("datetimes become strings in the server's format, with a note", () => {
    const python =
      "import datetime\nm = ServerProxy(URL + '/xmlrpc/2/object')\nsince = datetime.datetime.now() - datetime.timedelta(days=7)\nx = m.execute_kw(db, 1, k, 'res.partner', 'search', [[['write_date', '>=', since], ['create_date', '<', datetime.datetime(2024, 1, 1)]]])\n";
    const converted = convertFirst(python, 'd.py');
    assert.match(
      converted,
      /"domain": \[\['write_date', '>=', since\.strftime\("%Y-%m-%d %H:%M:%S"\)\], \['create_date', '<', datetime\.datetime\(2024, 1, 1\)\.strftime\("%Y-%m-%d %H:%M:%S"\)\]\],/,
    );
    assert.match(converted, /# Dates are sent as strings in the server's format/);
    const js =
      "const m = xmlrpc.createClient(url + '/xmlrpc/2/object');\nm.methodCall('execute_kw', [db, 1, k, 'res.partner', 'search', [[['write_date', '>=', new Date(Date.UTC(2024, 0, 1))]]]], cb);\n";
    assert.match(
      convertFirst(js, 'd.js'),
      /\['write_date', '>=', \(new Date\(Date\.UTC\(2024, 0, 1\)\)\)\.toISOString\(\)\.slice\(0, 19\)\.replace\('T', ' '\)\]/,
    );
    const php =
      "<?php\n$m = ripcord::client('http://h/xmlrpc/2/object');\n$x = $m->execute_kw($db, 1, $k, 'res.partner', 'search', [[['write_date', '>=', new DateTime('2024-01-01')]]]);\n";
    assert.match(
      convertFirst(php, 'd.php'),
      /'>=', \(clone \(new DateTime\('2024-01-01'\)\)\)->setTimezone\(new DateTimeZone\('UTC'\)\)->format\('Y-m-d H:i:s'\)\]/,
    );
  });

  test('ids-only button_ and action_ methods send "ids", with a note that the method must be public', () => {
    const text = "m = ServerProxy('http://h/xmlrpc/2/object')\nm.execute_kw(db, 1, k, 'account.move', 'button_draft', [[5, 6]])\n";
    const [call] = analyseSource(text, 'b.py');
    assert.equal(call.finding.severity, 'convertible');
    assert.deepEqual(call.finding.conversion?.notes, [
      'account.move.button_draft is not in the method table: the ids are sent as "ids". It must be a public method on that server (JSON-2 calls no method whose name starts with _).',
    ]);
    assert.match(convertFirst(text, 'b.py'), /"http:\/\/h\/json\/2\/account\.move\/button_draft"[\s\S]*"ids": \[5, 6\],\n {4}\},/);
    const withMore = "m = ServerProxy('http://h/xmlrpc/2/object')\nm.execute_kw(db, 1, k, 'account.move', 'button_draft', [[5], 'x'])\n";
    assert.equal(analyseSource(withMore, 'b.py')[0].finding.severity, 'manual', 'more than the ids: still not named');
  });

  test('a Python 2 file is declined with the reason, every call still found', () => {
    const calls = analyseSource(readCorpus('python/python2_script.py'), 'python2_script.py');
    assert.equal(calls.length, 3);
    for (const call of calls)
      assert.match(call.finding.reason ?? '', /the file is Python 2 .*Port the file to Python 3 first, then convert/);
    assert.ok(
      calls.every((call) => call.finding.conversion),
      'Copy as .json2 request still has the new call',
    );
  });

  for (const file of corpusFiles()) {
    test(`${file}: every convertible call converts, the rest stays, and the result parses`, () => {
      const text = readCorpus(file);
      const before = summarise(analyseSource(text, file));
      const { text: after, converted } = convertAll(text, file);
      assert.equal(converted, before.convertible);
      const remaining = summarise(analyseSource(after, file));
      assert.deepEqual(remaining, {
        total: before.manual + before.noReplacement,
        convertible: 0,
        manual: before.manual,
        noReplacement: before.noReplacement,
      });
      // A declined Python 2 file is left as it is (CPython 3 cannot parse it).
      if (converted === 0 && analyseSource(text, file).some((call) => call.site.declined)) assert.equal(after, text);
      else assertValidSyntax(after, file);
    });
  }
});
