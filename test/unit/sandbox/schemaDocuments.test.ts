// Schema documents over real HTTP: /doc-bearer/index.json and /doc-bearer/<model>.json with ETag and 304, readable by
// the technical documentation group only; the /doc page; fields_get's readonly for users who cannot write.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok, rawRequest } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;

before(async () => { sandbox = await startSandbox(); });
after(async () => { await sandbox?.stop(); });

const get = (path: string, key: string | null = sandbox.keys.admin, headers: Record<string, string> = {}) =>
  rawRequest(sandbox.url, { method: 'GET', path, headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers } });

describe('/doc-bearer documents', () => {
  it('indexes the models with their field labels and methods', async () => {
    const answer = await get('/doc-bearer/index.json');
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /^application\/json/);
    const index = answer.json as { modules: string[]; models: Row[] };
    assert.ok(index.modules.includes('base'));
    const partner = index.models.find((model) => model.model === 'res.partner') as Row;
    assert.equal(partner.name, 'Contact');
    assert.deepEqual((partner.fields as Record<string, Row>).country_id, { string: 'Country' });
    assert.ok((partner.methods as string[]).includes('search_read'));
    assert.equal((partner.methods as string[]).includes('search_fetch'), false, 'private methods are not documented');
    assert.ok(index.models.some((model) => model.model === 'ir.model.fields'));
  });

  it('documents one model: fields_get, methods with signature, parameters, defaults, return and api', async () => {
    const answer = await get('/doc-bearer/res.partner.json');
    assert.equal(answer.status, 200);
    const document = answer.json as { model: string; name: string; doc: string; fields: Record<string, Row>; methods: Record<string, Row> };
    assert.equal(document.model, 'res.partner');
    assert.equal(document.name, 'Contact');
    assert.equal(typeof document.doc, 'string');
    assert.deepEqual(document.fields, await ok(sandbox, 'res.partner', 'fields_get', {}));
    const search = document.methods.search;
    assert.equal(search.signature, '(self, domain, offset=0, limit=None, order=None)');
    assert.deepEqual(search.parameters, { domain: { name: 'domain' }, offset: { name: 'offset', default: 0 }, limit: { name: 'limit', default: null }, order: { name: 'order', default: null } });
    assert.deepEqual(search.api, ['model', 'readonly']);
    assert.match(String((search.return as Row).annotation), /ids/);
    assert.deepEqual(document.methods.write.api, []);
    assert.equal(document.methods.read.signature, "(self, fields=None, load='_classic_read')");
    const missing = await get('/doc-bearer/res.nothing.json');
    assert.equal(missing.status, 404);
    assert.equal((missing.json as Row).message, "the model 'res.nothing' does not exist");
  });

  it('answers 304 to If-None-Match with the ETag, and a new ETag once the schema changes', async () => {
    const first = await get('/doc-bearer/index.json');
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[0-9a-f]{32}"$/);
    const again = await get('/doc-bearer/index.json', sandbox.keys.admin, { 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    assert.equal(again.headers.etag, etag);
    assert.equal((await get('/doc-bearer/index.json', sandbox.keys.admin, { 'If-None-Match': `W/"nope", W/${etag}` })).status, 304);
    assert.equal((await get('/doc-bearer/index.json', sandbox.keys.admin, { 'If-None-Match': '"other"' })).status, 200);
    await ok(sandbox, 'ir.model', 'create', { vals_list: { name: 'Documented', model: 'x_documented', state: 'manual' } });
    const changed = await get('/doc-bearer/index.json', sandbox.keys.admin, { 'If-None-Match': etag });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.etag, etag);
    assert.ok((changed.json as { models: Row[] }).models.some((model) => model.model === 'x_documented'));
    const custom = await get('/doc-bearer/x_documented.json');
    assert.equal((custom.json as Row).model, 'x_documented');
  });

  it('is for the technical documentation group: others get 403, no key 401', async () => {
    for (const key of [sandbox.keys.user, sandbox.keys.robot]) {
      const answer = await get('/doc-bearer/index.json', key);
      assert.equal(answer.status, 403);
      assert.equal((answer.json as Row).name, 'odoo.exceptions.AccessError');
      assert.match(String((answer.json as Row).message), /Technical Documentation/);
      assert.equal((await get('/doc-bearer/res.partner.json', key)).status, 403);
    }
    const anonymous = await get('/doc-bearer/index.json', null);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers['www-authenticate'], 'Bearer');
    assert.equal((await get('/doc-bearer/index.json', 'f'.repeat(40))).status, 401);
  });
});

describe('/doc page and fields_get readonly', () => {
  it('serves a plain page listing the models to the documentation group only (key or web session); others get 403 or the login', async () => {
    const anonymous = await get('/doc', null);
    assert.equal(anonymous.status, 303);
    assert.equal(anonymous.headers.location, '/web/login?redirect=%2Fdoc');
    const demo = await get('/doc', sandbox.keys.user);
    assert.equal(demo.status, 403);
    assert.match(demo.text, /Technical Documentation group/);
    assert.equal((await get('/doc', sandbox.keys.robot)).status, 403);
    const form = await get('/web/login', null);
    const cookie = String(form.headers['set-cookie']).split(';')[0];
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(form.text)?.[1] ?? '';
    const login = await rawRequest(sandbox.url, { path: '/web/login', headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: csrf, login: 'admin', password: sandbox.users.admin.password as string, db: sandbox.database }).toString() });
    assert.equal(login.status, 303, login.text);
    const viaSession = await get('/doc', null, { Cookie: String(login.headers['set-cookie']).split(';')[0] });
    assert.equal(viaSession.status, 200);
    assert.match(viaSession.text, /<code>ir\.config_parameter<\/code>/);
    const page = await get('/doc');
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.text, /<code>res\.partner<\/code><\/td><td>Contact<\/td>/);
    assert.match(page.text, /\/doc-bearer\/index\.json/);
  });

  it('reports readonly: true for every field of a model the user cannot write', async () => {
    const admin = await ok<Record<string, Row>>(sandbox, 'res.country', 'fields_get', { attributes: ['readonly'] });
    assert.equal(admin.name.readonly, false);
    assert.equal(admin.id.readonly, true);
    const robot = await ok<Record<string, Row>>(sandbox, 'res.partner', 'fields_get', { attributes: ['readonly'] }, { key: sandbox.keys.robot });
    assert.ok(Object.values(robot).every((field) => field.readonly === true));
    const user = await ok<Record<string, Row>>(sandbox, 'res.partner', 'fields_get', { attributes: ['readonly'] }, { key: sandbox.keys.user });
    assert.equal(user.name.readonly, false);
    const country = await ok<Record<string, Row>>(sandbox, 'res.country', 'fields_get', { attributes: ['readonly'] }, { key: sandbox.keys.user });
    assert.equal(country.name.readonly, true);
  });
});
