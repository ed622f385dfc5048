// Paste as Request against hostile clipboards: values with line breaks that would plant requests, headers or
// directives in the file (cURL, Python, JavaScript), and large or malformed text that kept the extension host busy for
// seconds; every answer comes within a second of CPU time, with the requests or a reason.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_PASTE_CHARS, pasteAsRequest, type PasteConnection } from '../../../src/core/paste/pasteAsRequest';
import { parseRequestFile } from '../../../src/core/requestFile';
import { hostilePastes } from '../../support/hostilePastes';

const CONNECTIONS: PasteConnection[] = [{ name: 'local', baseUrl: 'http://127.0.0.1:8069', database: 'demo' }];
const URL = 'http://127.0.0.1:8069/json/2/res.partner/search_read';
/** A value that would end the pasted block and write a clean request of its own. */
const PLANTED = 'demo\n###\n# @connection local\nPOST res.partner/unlink\n{"ids": [7]}\n';

/** The paste is refused, or what it writes is its own request and nothing else: no planted request or directive. */
function nothingPlanted(text: string): void {
  const outcome = pasteAsRequest(text, CONNECTIONS);
  if (!outcome.ok) {
    assert.match(outcome.reason, /line break|control character/, outcome.reason);
    return;
  }
  const parsed = parseRequestFile(outcome.text);
  assert.equal(parsed.requests.length, 1, outcome.text);
  assert.doesNotMatch(outcome.text, /^POST res\.partner\/unlink/m, outcome.text);
  assert.equal(outcome.text.match(/^# @connection/gm)?.length ?? 0, 1, outcome.text);
}

describe('a pasted value with line breaks plants nothing', () => {
  test('cURL: the database header, another header, the bearer value', () => {
    const quoted = (value: string) => `"${value.replace(/"/g, '\\"')}"`;
    nothingPlanted(`curl -X POST ${URL} -H ${quoted(`X-Service-Database: ${PLANTED}`)} -d '{}'`);
    nothingPlanted(`curl -X POST ${URL} -H ${quoted(`X-Evil\n###\nPOST res.partner/unlink\n{"ids": [7]}\n: x`)} -d '{}'`);
    nothingPlanted(`curl -X POST ${URL} -H ${quoted(`X-Odoo-Database: ${PLANTED}`)} -d '{}'`);
  });

  test('Python requests: the database header as a string literal with \\n escapes', () => {
    const value = JSON.stringify(`${PLANTED}`);
    nothingPlanted(`import requests\nrequests.post("${URL}", headers={"X-Service-Database": ${value}}, json={})\n`);
  });

  test('JavaScript fetch: the database header as a string literal with \\n escapes', () => {
    const value = JSON.stringify(PLANTED);
    nothingPlanted(`await fetch("${URL}", { method: "POST", headers: { "X-Service-Database": ${value} }, body: JSON.stringify({}) });\n`);
  });

  test('a route path with a line break (no scheme, so no URL parser strips it)', () => {
    nothingPlanted(`curl "/web/version\n###\nPOST res.partner/unlink"`);
  });
});

/** CPU time of one paste, so that a loaded machine cannot fail the bound; the outcome for the caller to check. */
function timedPaste(text: string): { ms: number; outcome: ReturnType<typeof pasteAsRequest> } {
  const before = process.cpuUsage();
  let outcome: ReturnType<typeof pasteAsRequest>;
  try {
    outcome = pasteAsRequest(text, CONNECTIONS);
  } catch (error) {
    assert.fail(`the paste threw ${(error as Error).message}`);
  }
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, outcome };
}

describe('large and malformed pastes answer within a second', () => {
  // Warm the parsers once: the bound is on the work, not on loading modules.
  pasteAsRequest('import requests\nrequests.post("http://x/json/2/a/b", json={})', CONNECTIONS);
  pasteAsRequest('await fetch("http://x/json/2/a/b", {method: "POST", body: "{}"})', CONNECTIONS);

  const hostile = hostilePastes();
  for (const [name, text] of Object.entries(hostile)) {
    test(name, () => {
      const { ms, outcome } = timedPaste(text);
      assert.ok(ms < 1_000, `${name}: ${Math.round(ms)} ms of CPU`);
      assert.ok(outcome.ok || outcome.reason.length > 0);
    });
  }

  test('a paste longer than the limit is refused at once, saying so', () => {
    const { ms, outcome } = timedPaste(`curl ${URL} -d '${'x'.repeat(MAX_PASTE_CHARS)}'`);
    assert.ok(ms < 100, `${Math.round(ms)} ms`);
    assert.ok(!outcome.ok);
    assert.match(outcome.reason, /characters: Paste as Request reads at most/);
  });

  test('a cURL command with a 512 KB JSON body is still read', () => {
    const body = JSON.stringify({ vals_list: Array.from({ length: 20_000 }, (_, index) => ({ name: `Partner ${index}` })) });
    assert.ok(body.length > 400 * 1024);
    const { ms, outcome } = timedPaste(
      `curl -X POST ${URL.replace('search_read', 'create')} -H 'Content-Type: application/json' -d '${body}'`,
    );
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
    assert.ok(ms < 1_000, `${Math.round(ms)} ms of CPU`);
  });
});
