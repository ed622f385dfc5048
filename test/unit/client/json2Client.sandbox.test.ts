// Json2Client against the real sandbox over loopback: every error status of the notes becomes the right typed error,
// oversized answers are refused, and a key rotation leaves only the new key valid.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Json2Error, TransportError, type ErrorKind } from '../../../src/core/client/clientErrors';
import { Json2Client } from '../../../src/core/client/json2Client';
import { json2ErrorOf } from '../../../src/core/client/json2Answer';
import { type SandboxUnderTest, sandboxStarter } from './sandboxHarness';

const starter = sandboxStarter();
const skip = 'skip' in starter ? starter.skip : false;

describe('Json2Client against the sandbox', { skip }, () => {
  let sandbox: SandboxUnderTest;
  let admin: Json2Client;

  before(async () => {
    if ('start' in starter) sandbox = await starter.start();
    admin = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
  });
  after(async () => {
    await admin?.close();
    await sandbox?.stop();
  });

  test('version and whoami', async () => {
    assert.equal((await admin.version()).version, '19.0');
    assert.ok(Number.isInteger((await admin.whoami()).uid));
  });

  const failures: Array<[string, () => Promise<unknown>, number, string | undefined, ErrorKind, RegExp]> = [
    ['unknown model', () => admin.call('no.such.model', 'search', { domain: [] }), 404, 'werkzeug.exceptions.NotFound', 'notFound', /the model 'no\.such\.model' does not exist/],
    ['unknown method', () => admin.call('res.partner', 'no_such_method'), 404, 'werkzeug.exceptions.NotFound', 'notFound', /res\.partner\.no_such_method/],
    ['name_get is gone', () => admin.call('res.partner', 'name_get', {}, { ids: [1] }), 404, 'werkzeug.exceptions.NotFound', 'notFound', /name_get/],
    ['private method', () => admin.call('res.partner', '_read', {}), 403, 'odoo.exceptions.AccessError', 'access', /cannot be called remotely/],
    ['search_fetch is private', () => admin.call('res.partner', 'search_fetch', { domain: [], field_names: ['name'] }), 403, 'odoo.exceptions.AccessError', 'access', /Private methods/],
    ['ids to a model method', () => admin.call('res.partner', 'search', { domain: [] }, { ids: [1] }), 422, 'werkzeug.exceptions.UnprocessableEntity', 'badRequest', /cannot call res\.partner\.search with ids/],
    ['missing argument', () => admin.call('res.partner', 'search', {}), 422, 'werkzeug.exceptions.UnprocessableEntity', 'badRequest', /missing a required argument: 'domain'/],
    ['unexpected argument', () => admin.call('res.partner', 'search', { domain: [], foo: 1 }), 422, 'werkzeug.exceptions.UnprocessableEntity', 'badRequest', /unexpected keyword argument 'foo'/],
    ['unknown field in a domain', () => admin.call('res.partner', 'search', { domain: [['no_field', '=', 1]] }), 500, undefined, 'server', /Invalid field res\.partner\.no_field/],
    ['missing record', () => admin.call('res.partner', 'write', { vals: { name: 'x' } }, { ids: [987654321] }), 404, 'odoo.exceptions.MissingError', 'missing', /./],
    ['revoke an invalid key', () => admin.call('res.users.apikeys', 'revoke', { key: '0'.repeat(40) }), 403, undefined, 'access', /The provided API key is invalid/],
    ['expiration beyond three months', () => admin.generateKey({ scope: null, name: 'too long', expirationDate: '2999-01-01' }), 422, undefined, 'validation', /./],
  ];
  for (const [label, run, status, name, kind, message] of failures) {
    test(`${label} → ${status} ${kind}`, async () => {
      await assert.rejects(run(), (error: unknown) => {
        assert.ok(error instanceof Json2Error, String(error));
        assert.equal(error.status, status);
        if (name !== undefined) assert.equal(error.name, name);
        assert.equal(error.kind, kind);
        assert.match(error.message, message);
        assert.match(error.debug, /./);
        return true;
      });
    });
  }

  test('an invalid key → 401 auth, and the key appears nowhere in the error', async () => {
    const wrongKey = 'f'.repeat(40);
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey: wrongKey, database: sandbox.database });
    const error = await client.whoami().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof Json2Error);
    assert.equal([error.status, error.name, error.kind, error.message].join(' '), '401 werkzeug.exceptions.Unauthorized auth Invalid apikey');
    assert.deepEqual(error.arguments, ['Invalid apikey', 401]);
    assert.equal(JSON.stringify({ ...error, message: error.message, stack: error.stack }).includes(wrongKey), false);
    await client.close();
  });

  test('raw answers: 415 HTML page, malformed JSON and a non-object body read as typed errors', async () => {
    const page = await admin.send({ method: 'POST', target: '/json/2/res.partner/search', headers: { 'content-type': 'text/plain' }, body: '{"domain":[]}' });
    assert.equal(json2ErrorOf(page.status, page.headers['content-type'], page.text, 'x', undefined, 'X-Service-Database').kind, 'unsupportedMediaType');
    const malformed = await admin.send({ method: 'POST', target: '/json/2/res.partner/search', body: '{"domain":' });
    const parsed = json2ErrorOf(malformed.status, malformed.headers['content-type'], malformed.text, 'x', undefined, 'X');
    assert.deepEqual([parsed.status, parsed.kind], [400, 'badRequest']);
    assert.match(parsed.message, /could not parse the body as json/);
    const notObject = await admin.send({ method: 'POST', target: '/json/2/res.partner/search', body: '[]' });
    assert.match(json2ErrorOf(notObject.status, notObject.headers['content-type'], notObject.text, 'x', undefined, 'X').message, /expecting a json object/);
  });

  test('an answer over the size limit is refused with a clear error', async () => {
    const small = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database, transport: { maxResponseBytes: 200 } });
    await assert.rejects(small.call('res.partner', 'search_read', { domain: [], fields: ['name', 'email'] }),
      (error: unknown) => error instanceof TransportError && error.kind === 'responseTooLarge');
    await small.close();
  });

  test('rotation: the new key works for the same user and the old one is revoked', async () => {
    const user = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    const stored: string[] = [];
    const expiration = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const outcome = await user.rotateKey({ scope: null, name: 'rotated by test', expirationDate: expiration, store: (key) => { stored.push(key); } });
    assert.deepEqual(stored, [outcome.newKey]);
    const rotated = user.withApiKey(outcome.newKey);
    assert.equal((await rotated.whoami()).uid, outcome.uid);
    await assert.rejects(user.whoami(), (error: unknown) => error instanceof Json2Error && error.kind === 'auth');
    await user.close();
  });
});
