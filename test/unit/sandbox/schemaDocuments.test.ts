// Schema documents over real HTTP: /doc-bearer/index.json and /doc-bearer/<model>.json with ETag and 304, readable by
// the technical documentation group only; the /doc page; fields_get's readonly for users who cannot write.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { SandboxBrowser } from '../../support/sandboxBrowser';
import { ok, rawRequest } from '../../support/sandboxHttp';
import { grantModelAccess } from '../../support/customModelAccess';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

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
    // Annotated as a real 19.0 server annotates them (test/fixtures/real-server).
    assert.deepEqual(search.parameters, {
      domain: { name: 'domain', annotation: 'DomainType' },
      offset: { name: 'offset', default: 0, annotation: 'int' },
      limit: { name: 'limit', default: null, annotation: 'int | None' },
      order: { name: 'order', default: null, annotation: 'str | None' },
    });
    assert.deepEqual(search.api, ['model', 'readonly']);
    assert.deepEqual(search.return, { annotation: 'list[int]', doc: '<p>the ids of the matching records</p>' });
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
    // Listed once the administrator may read its records (a new custom model has no access row yet).
    await grantModelAccess(sandbox, 'x_documented');
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
    assert.equal(anonymous.headers['www-authenticate'], 'Bearer'); // node:http's parser drops the trailing space the sandbox sends
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
    const browser = new SandboxBrowser(sandbox.url);
    await browser.get('/web/login');
    const login = await browser.post('/web/login', {
      login: 'admin',
      password: sandbox.users.admin.password as string,
      db: sandbox.database,
    });
    assert.equal(login.status, 303, login.text);
    const viaSession = await get('/doc', null, { Cookie: browser.cookie });
    assert.equal(viaSession.status, 200);
    assert.match(viaSession.text, /<code>ir\.config_parameter<\/code>/);
    const page = await get('/doc');
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.text, /<code>res\.partner<\/code><\/td><td>Contact<\/td>/);
    assert.match(page.text, /\/doc-bearer\/index\.json/);
  });

  it('serves /doc/<model> and /doc/index.html as /doc, as the reference routes them; /doc/<model> shows that model first', async () => {
    const anonymous = await get('/doc/res.partner', null);
    assert.equal(anonymous.status, 303);
    assert.equal(anonymous.headers.location, '/web/login?redirect=%2Fdoc%2Fres.partner');
    assert.equal((await get('/doc/res.partner', sandbox.keys.user)).status, 403);
    assert.equal((await get('/doc/index.html', sandbox.keys.robot)).status, 403);
    const page = await get('/doc/res.partner');
    assert.equal(page.status, 200);
    assert.match(page.text, /<title>res\.partner - Models of demo<\/title>/);
    assert.match(page.text, /<section id="model" aria-label="res\.partner">\n<h2><code>res\.partner<\/code> Contact<\/h2>/);
    assert.match(
      page.text,
      /<tr><td><code>country_id<\/code><\/td><td>Country<\/td><td>many2one<\/td><td><code>res\.country<\/code><\/td><\/tr>/,
    );
    assert.match(page.text, /<tr aria-current="true"><td><code>res\.partner<\/code><\/td>/);
    assert.match(page.text, /<code>ir\.config_parameter<\/code>/, 'the list of models is there too');
    const index = await get('/doc/index.html');
    assert.equal(index.status, 200);
    assert.equal(index.text, (await get('/doc')).text);
    assert.doesNotMatch(index.text, /<section/);
    const unknown = await get('/doc/x_nothing%3Cb%3E');
    assert.equal(unknown.status, 200, 'the page itself, as the reference (its model request then fails)');
    assert.match(unknown.text, /No model <code>x_nothing&lt;b&gt;<\/code> here, or you may not read it\./);
    assert.equal((await get('/doc/res.partner.json')).status, 404, 'the session-based JSON documents are not served');
    assert.equal((await get('/doc/res.partner/more')).status, 404);
  });

  it("logs in through /web/login?redirect= back to the model's page; only paths of this server are followed", async () => {
    const browser = new SandboxBrowser(sandbox.url);
    const form = await browser.get('/web/login?redirect=%2Fdoc%2Fres.partner');
    assert.match(form.text, /<input type="hidden" name="redirect" value="\/doc\/res\.partner">/);
    const login = await browser.post('/web/login', {
      login: 'admin',
      password: sandbox.users.admin.password as string,
      redirect: '/doc/res.partner',
    });
    assert.equal(login.status, 303, login.text);
    assert.equal(login.headers.location, '/doc/res.partner');
    const session = { Cookie: browser.cookie };
    assert.match((await get('/doc/res.partner', null, session)).text, /<h2><code>res\.partner<\/code> Contact<\/h2>/);
    const again = await get('/web/login?db=demo&redirect=%2Fdoc%2Fres.country', null, session);
    assert.equal(again.status, 303, 'already logged in on that database: straight to the page');
    assert.equal(again.headers.location, '/doc/res.country');
    for (const elsewhere of ['//attacker.example/x', 'https://attacker.example/', '/\\attacker.example']) {
      assert.equal(
        (await get(`/web/login?redirect=${encodeURIComponent(elsewhere)}`, null, session)).headers.location,
        '/web/security',
        elsewhere,
      );
    }
  });

  it("with several databases the page follows the web session's database; /web/login?db= picks it", async () => {
    const several = await startSandbox({ databases: ['second'], hashCost: 10 });
    try {
      const at = (path: string, headers: Record<string, string> = {}) => rawRequest(several.url, { method: 'GET', path, headers });
      assert.equal((await at('/doc/res.partner')).status, 404, 'no database chosen: as the reference, which has no such route then');
      const browser = new SandboxBrowser(several.url);
      const form = await browser.get('/web/login?db=second&redirect=%2Fdoc%2Fres.partner');
      assert.match(form.text, /<option selected>second<\/option>/);
      const login = await browser.post('/web/login', {
        db: 'second',
        login: 'admin',
        password: several.users.admin.password as string,
        redirect: '/doc/res.partner',
      });
      assert.equal(login.headers.location, '/doc/res.partner');
      const session = { Cookie: browser.cookie };
      const page = await at('/doc/res.partner', session);
      assert.equal(page.status, 200);
      assert.match(page.text, /<title>res\.partner - Models of second<\/title>/);
      const other = await at('/web/login?db=demo&redirect=%2Fdoc%2Fres.partner', session);
      assert.equal(other.status, 200, 'another database: log in there first');
      assert.match(other.text, /<option selected>demo<\/option>/);
    } finally {
      await several.stop();
    }
  });

  it("reports each field's own readonly flag, whoever asks (as the reference since 17.0)", async () => {
    for (const key of [sandbox.keys.admin, sandbox.keys.user, sandbox.keys.robot]) {
      const country = await ok<Record<string, Row>>(sandbox, 'res.country', 'fields_get', { attributes: ['readonly'] }, { key });
      assert.equal(country.name.readonly, false);
      assert.equal(country.id.readonly, true);
    }
  });
});
