// Proxy URLs: which deprecated endpoint a URL expression names, and the base URL read from the whole expression.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyseSource } from '../../../src/core/migrate/migrationAnalysis';
import { endpointOfUrl } from '../../../src/core/migrate/proxyUrls';
import { describeBase, urlExpression } from '../../../src/core/migrate/urlTemplate';

/** The base URL the assistant reads from the first call of a file, as `literal{expression}` text. */
function baseOf(source: string, fileName: string): string | undefined {
  const [call] = analyseSource(source, fileName);
  assert.ok(call, `a call is found in ${source}`);
  return describeBase(call.site.baseUrl);
}

describe('proxy URLs', () => {
  test('the deprecated endpoints and their services', () => {
    assert.deepEqual(endpointOfUrl('https://erp.example.com/xmlrpc/2/object'), { transport: 'xmlrpc', service: 'object' });
    assert.deepEqual(endpointOfUrl('\u0000/xmlrpc/common'), { transport: 'xmlrpc', service: 'common' });
    assert.deepEqual(endpointOfUrl('\u0000/jsonrpc'), { transport: 'jsonrpc' });
  });

  test('other routes are not deprecated', () => {
    assert.equal(endpointOfUrl('/web/dataset/call_kw/res.partner/search'), undefined);
    assert.equal(endpointOfUrl('/jsonrpc/something'), undefined);
    assert.equal(endpointOfUrl('/xmlrpc/2/report'), undefined);
  });

  test('Python: the base URL from the whole expression, never part of a string', () => {
    const call = "\nx = m.execute_kw(db, 1, k, 'res.partner', 'search', [[]])\n";
    const cases: [string, string | undefined][] = [
      ["m = ServerProxy('https://erp.example.com/xmlrpc/2/object')", 'https://erp.example.com'],
      ["m = ServerProxy(f'{url}/xmlrpc/2/object')", '{url}'],
      ["m = ServerProxy('http://%s:%d/xmlrpc/object' % (host, port))", 'http://{host}:{port}'],
      ["m = ServerProxy('http://{}:{}/xmlrpc/2/object'.format(host, port))", 'http://{host}:{port}'],
      ["m = ServerProxy('{scheme}://{host}/xmlrpc/2/object'.format(scheme=s, host=h))", '{s}://{h}'],
      ["m = ServerProxy(f'http://{HOST}:{PORT}/xmlrpc/2/object')", 'http://{HOST}:{PORT}'],
      ["ROOT = 'http://erp:8069/xmlrpc/2/'\nm = ServerProxy(ROOT + 'object')", 'http://erp:8069'],
      ["u = 'http://%s:%s/xmlrpc/2/%s' % (host, 8069, 'object')\nm = ServerProxy(u)", 'http://{host}:8069'],
      ["m = ServerProxy('http://%s:%05d/xmlrpc/2/object' % (host, port))", undefined],
      ["m = ServerProxy(build_url('object') + '/xmlrpc/2/object')", "{build_url('object')}"],
    ];
    for (const [proxy, base] of cases) assert.equal(baseOf(proxy + call, 'a.py'), base, proxy);
  });

  test('a base URL built in another function is not used where it is out of scope', () => {
    const inside =
      "class C:\n    def __init__(self, url):\n        self.models = ServerProxy(url + '/xmlrpc/2/object')\n    def go(self):\n        return self.models.execute_kw(d, 1, k, 'res.partner', 'search', [[]])\n";
    assert.equal(baseOf(inside, 'c.py'), undefined);
    const attribute =
      "class C:\n    def __init__(self, url):\n        self.url = url\n        self.models = ServerProxy(self.url + '/xmlrpc/2/object')\n    def go(self):\n        return self.models.execute_kw(d, 1, k, 'res.partner', 'search', [[]])\n";
    assert.equal(baseOf(attribute, 'c.py'), '{self.url}');
    const php =
      "<?php\n$url = \"http://$host:8069/xmlrpc/2/object\";\n$m = ripcord::client($url);\nfunction f($m) { return $m->execute_kw($d, 1, $k, 'res.partner', 'search', [[]]); }\n";
    assert.equal(baseOf(php, 'a.php'), undefined, 'PHP functions see no globals');
    const phpTop =
      "<?php\n$m = ripcord::client(\"http://$host:8069/xmlrpc/2/object\");\n$x = $m->execute_kw($d, 1, $k, 'res.partner', 'search', [[]]);\n";
    assert.equal(baseOf(phpTop, 'a.php'), 'http://{$host}:8069');
  });

  test('JavaScript and PHP shapes', () => {
    const js = "\nm.methodCall('execute_kw', [d, 1, k, 'res.partner', 'search', [[]]], cb);\n";
    assert.equal(baseOf('const m = xmlrpc.createClient(`${config.url}/xmlrpc/2/object`);' + js, 'a.js'), '{config.url}');
    assert.equal(
      baseOf("const m = xmlrpc.createClient({ host: 'erp', port: 8069, path: '/xmlrpc/2/object' });" + js, 'a.js'),
      'http://erp:8069',
    );
    assert.equal(
      baseOf("const m = xmlrpc.createSecureClient({ host: process.env.HOST, port: 443, path: '/xmlrpc/2/object' });" + js, 'a.js'),
      'https://{process.env.HOST}:443',
    );
    assert.equal(
      baseOf("const root = 'http://h:8069/xmlrpc/2/';\nconst m = xmlrpc.createClient(root + 'object');" + js, 'a.js'),
      'http://h:8069',
    );
    const php = "\n$x = $m->execute_kw($d, 1, $k, 'res.partner', 'search', [[]]);\n";
    assert.equal(baseOf("<?php\n$m = ripcord::client($url . '/xmlrpc/2/object');" + php, 'a.php'), '{$url}');
    assert.equal(
      baseOf("<?php\n$m = ripcord::client(sprintf('http://%s:%d/xmlrpc/2/object', $host, $port));" + php, 'a.php'),
      'http://{$host}:{$port}',
    );
  });

  test('the base URL written in each language', () => {
    const base = [{ text: 'http://' }, { expr: 'host', scope: -1 }, { text: ':8069' }];
    assert.equal(urlExpression(base, '/json/2/res.partner/search', 'python'), 'f"http://{host}:8069/json/2/res.partner/search"');
    assert.equal(urlExpression(base, '/web/version', 'javascript'), '`http://${host}:8069/web/version`');
    assert.equal(
      urlExpression([{ text: 'http://' }, { expr: '$host', scope: -1 }], '/web/version', 'php'),
      "'http://' . $host . '/web/version'",
    );
    assert.equal(urlExpression([{ expr: 'os.environ["URL"]', scope: -1 }], '/x', 'python'), 'f\'{os.environ["URL"]}/x\'');
    assert.equal(urlExpression([{ text: 'https://h' }], '/x', 'python'), '"https://h/x"');
  });
});
