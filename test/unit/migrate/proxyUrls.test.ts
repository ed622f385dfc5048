// Proxy URLs: which deprecated endpoint a URL expression names and the base URL written into conversions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrlOf, endpointOfUrl } from '../../../src/core/migrate/proxyUrls';

describe('proxy URLs', () => {
  test('the deprecated endpoints and their services', () => {
    assert.deepEqual(endpointOfUrl("'https://erp.example.com/xmlrpc/2/object'"), { transport: 'xmlrpc', service: 'object' });
    assert.deepEqual(endpointOfUrl('f"{url}/xmlrpc/common"'), { transport: 'xmlrpc', service: 'common' });
    assert.deepEqual(endpointOfUrl('url + "/xmlrpc/2/db"'), { transport: 'xmlrpc', service: 'db' });
    assert.deepEqual(endpointOfUrl('`${url}/jsonrpc`'), { transport: 'jsonrpc' });
  });

  test('other routes are not deprecated', () => {
    assert.equal(endpointOfUrl("'/web/dataset/call_kw/res.partner/search'"), undefined);
    assert.equal(endpointOfUrl("'/jsonrpc/something'"), undefined);
    assert.equal(endpointOfUrl("'/xmlrpc/2/report'"), undefined);
  });

  test('the base URL in each usual shape', () => {
    const cases: [string, string | undefined][] = [
      ["'https://erp.example.com/xmlrpc/2/object'", "'https://erp.example.com'"],
      ["f'{url}/xmlrpc/2/object'", 'url'],
      ["f'{self.url}/xmlrpc/2/object'", 'self.url'],
      ["'{}/xmlrpc/2/object'.format(url)", 'url'],
      ["'%s/xmlrpc/2/object' % url", 'url'],
      ["url + '/xmlrpc/2/object'", 'url'],
      ['`${config.url}/xmlrpc/2/object`', 'config.url'],
      ['"$url/xmlrpc/2/object"', '$url'],
      ['"{$url}/xmlrpc/2/object"', '$url'],
      ["$url . '/xmlrpc/2/object'", '$url'],
      ["'{}://{}/xmlrpc/2/object'.format(scheme, host)", undefined],
      ['build_url("object")', undefined],
    ];
    for (const [text, base] of cases) assert.equal(baseUrlOf(text), base, text);
  });
});
