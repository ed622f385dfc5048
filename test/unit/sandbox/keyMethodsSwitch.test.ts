// `json2 sandbox --no-key-methods` (startSandbox({ keyMethods: false })): res.users.apikeys without generate and
// revoke, as a recorded 19.0 build answers (404 "The method ... does not exist", both absent from its document).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseSandboxArguments } from '../../../src/sandbox/command/commandOptions';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { call, rawRequest } from '../../support/sandboxHttp';

async function keyDocumentMethods(sandbox: StartedSandbox): Promise<string[]> {
  const answer = await rawRequest(sandbox.url, {
    method: 'GET',
    path: '/doc-bearer/res.users.apikeys.json',
    headers: { Authorization: `bearer ${sandbox.keys.admin}` },
  });
  assert.equal(answer.status, 200, answer.text);
  return Object.keys((answer.json as { methods: Record<string, unknown> }).methods);
}

describe('json2 sandbox --no-key-methods', () => {
  let without: StartedSandbox;
  let withKeys: StartedSandbox;
  before(async () => {
    [without, withKeys] = await Promise.all([startSandbox({ keyMethods: false }), startSandbox()]);
  });
  after(async () => {
    await Promise.all([without?.stop(), withKeys?.stop()]);
  });

  it('answers generate and revoke with 404 "does not exist", as the recorded 19.0 build', async () => {
    for (const method of ['generate', 'revoke']) {
      const answer = await call(without, 'res.users.apikeys', method, {
        key: without.keys.admin,
        scope: null,
        name: 'x',
        expiration_date: '2030-01-01',
      });
      assert.equal(answer.status, 404, answer.text);
      assert.equal((answer.json as { message: string }).message, `The method 'res.users.apikeys.${method}' does not exist`);
    }
    const found = await call(without, 'res.users.apikeys', 'search_count', { domain: [] });
    assert.equal(found.status, 200, 'the model itself is there');
  });

  it("leaves both out of the model's document; a default sandbox lists them", async () => {
    const listed = await keyDocumentMethods(without);
    assert.ok(!listed.includes('generate') && !listed.includes('revoke'), listed.join(', '));
    assert.ok(listed.includes('search_read'));
    const defaults = await keyDocumentMethods(withKeys);
    assert.ok(defaults.includes('generate') && defaults.includes('revoke'), defaults.join(', '));
  });

  it('is parsed from the command line, and absent when not given', () => {
    assert.equal((parseSandboxArguments(['--no-key-methods']) as { keyMethods?: boolean }).keyMethods, false);
    assert.equal('keyMethods' in parseSandboxArguments([]), false);
  });
});
