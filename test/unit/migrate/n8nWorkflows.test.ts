// n8n workflow exports: each Odoo node and each HTTP Request node posting to /jsonrpc or /xmlrpc is reported by name,
// with what it calls, when it breaks and the .json2 request replacing it; other nodes and routes are not.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyseSource } from '../../../src/core/migrate/migrationAnalysis';
import { fixFile } from '../../../src/core/migrate/fileMigration';
import { parseRequestFile } from '../../../src/core/requestFile';
import { parseRelease } from '../../../src/core/migrate/removalTimeline';
import { readCorpus } from './migrationCorpus';

const FILE = 'n8n/odoo_sync_workflow.json';

describe('n8n workflow exports', () => {
  const calls = analyseSource(readCorpus(FILE), FILE);

  test('every Odoo node and every HTTP Request node posting to a deprecated endpoint, by name, and nothing else', () => {
    assert.deepEqual(
      calls.map((call) => [call.finding.workflowNode?.name, call.finding.call, call.finding.model ?? null, call.finding.method ?? null]),
      [
        ['Find companies', 'object.execute', 'res.partner', 'search_read'],
        ['Create contact', 'object.execute', 'res.partner', 'create'],
        ['Read lead', 'object.execute', 'crm.lead', 'read'],
        ['Delete note', 'object.execute', 'note.note', 'unlink'],
        ['List databases', 'db.list', null, null],
        ['Count companies', 'object.execute_kw', 'res.partner', 'search_count'],
        ['Server version', 'common.version', null, null],
      ],
    );
    assert.ok(
      calls.every((call) => call.finding.severity === 'manual'),
      'a node is never rewritten in place',
    );
  });

  test("the finding points at the node's name and says what it calls and when it breaks", () => {
    const text = readCorpus(FILE);
    const list = calls.find((call) => call.finding.workflowNode?.name === 'List databases')!;
    assert.equal(text.slice(list.finding.start, list.finding.end), '"List databases"');
    assert.equal(list.finding.urgency, 'brokenNow');
    assert.match(
      list.finding.message,
      /^n8n node "List databases" \(HTTP Request node, JSON-RPC\): JSON-RPC db\.list: the db service was removed in Odoo 20 and Online 19\.1/,
    );
    const find = calls[0];
    assert.equal(find.finding.urgency, 'deprecated');
    assert.match(find.finding.message, /^n8n node "Find companies" \(Odoo node, custom: getAll; each run first logs in with common\.login/);
    assert.match(find.finding.message, /removed in Odoo 22 and Online 21\.1/);
    const on19 = analyseSource(text, FILE, parseRelease('19.0'));
    assert.equal(on19.find((call) => call.finding.workflowNode?.name === 'List databases')?.finding.urgency, 'deprecated');
  });

  test("the .json2 requests replacing the nodes: the node's model, method and arguments, expressions as prompts", () => {
    const request = (name: string): string =>
      calls.find((call) => call.finding.workflowNode?.name === name)?.finding.workflowNode?.json2Request ?? '';
    assert.match(request('Find companies'), /^POST res\.partner\/search_read$/m);
    assert.match(
      request('Find companies'),
      /"domain": \[\["is_company","=",true\]\],\n {2}"fields": \["name","email"\],\n {2}"offset": 0,\n {2}"limit": 5\n/,
    );
    assert.match(request('Create contact'), /^# @prompt value1 \$json\.name$/m);
    assert.match(
      request('Create contact'),
      /"vals_list": \{"name": \{\{value1\}\}, "email": \{\{value2\}\}, "phone": "\+32 2 555 01 01"\}/,
    );
    assert.match(request('Read lead'), /"ids": \[42\],\n {2}"fields": \["name","expected_revenue"\]/);
    assert.match(request('Delete note'), /^POST note\.note\/unlink\n(#.*\n)?\{\n {2}"ids": \[\{\{value1\}\}\]\n\}/m);
    assert.match(request('Count companies'), /^POST res\.partner\/search_count$/m);
    assert.match(request('Server version'), /^GET \/web\/version$/m);
    for (const call of calls) {
      const json2 = call.finding.workflowNode?.json2Request;
      if (!json2) continue;
      const parsed = parseRequestFile(json2);
      assert.deepEqual(
        parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.message),
        [],
        json2,
      );
    }
  });

  test('fix leaves a workflow export as it is and lists its nodes as declined', () => {
    const text = readCorpus(FILE);
    const fix = fixFile(text, FILE);
    assert.equal(fix.text, text);
    assert.equal(fix.converted, 0);
    assert.equal(fix.declined.length, 7);
  });

  test("a JSON-RPC body's values are data: an operator starting with = (=like) is kept, not read as n8n's expression mark", () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      method: 'call',
      params: { service: 'object', method: 'execute_kw', args: ['db', 2, 'key', 'res.partner', 'search', [[['name', '=like', 'A%']]]] },
    });
    const node = {
      name: 'Search',
      type: 'n8n-nodes-base.httpRequest',
      parameters: { method: 'POST', url: 'https://h/jsonrpc', specifyBody: 'json', jsonBody: body },
    };
    const [call] = analyseSource(JSON.stringify({ name: 'w', nodes: [node] }), 'w.json');
    assert.equal(call?.finding.method, 'search');
    const request = call?.finding.workflowNode?.json2Request ?? '';
    assert.match(request, /^POST res\.partner\/search$/m);
    assert.match(request, /"domain": \[\["name","=like","A%"\]\]/, request);
  });

  test('other JSON files are not read as workflows; a workflow list (an array of exports) is', () => {
    assert.deepEqual(analyseSource('{"name": "x", "scripts": {"rpc": "curl http://h/jsonrpc"}}', 'package.json'), []);
    const one = '{"name":"w","nodes":[{"name":"Odoo","type":"n8n-nodes-base.odoo","parameters":{"operation":"delete","contactId":"7"}}]}';
    const listed = analyseSource(`[${one},${one}]`, 'all.json');
    assert.deepEqual(
      listed.map((call) => [call.finding.model, call.finding.method]),
      [
        ['res.partner', 'unlink'],
        ['res.partner', 'unlink'],
      ],
    );
  });
});
