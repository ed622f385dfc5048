// The web session routes over real HTTP, checked against the reference's web controllers (session.py, dataset.py) and
// its JSON-RPC dispatcher: the session_id cookie, the session info, the refusals of authenticate (bad password, an API
// key, unknown database, missing argument), call_kw as the session's user with its rights and one transaction per
// call, the error objects (100 session expired, 404 unknown model, 200 anything else), and JSON-only bodies.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

type Row = Record<string, unknown>;
interface RpcAnswer {
  status: number;
  setCookie: string | null;
  body: { jsonrpc?: string; id?: unknown; result?: unknown; error?: { code: number; message: string; data: Row } };
}

/** A JSON-RPC call of a web route, with `cookie` if given. */
async function rpc(path: string, params: unknown, cookie?: string, headers: Record<string, string> = {}): Promise<RpcAnswer> {
  const response = await fetch(sandbox.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: 7 }),
  });
  return { status: response.status, setCookie: response.headers.get('set-cookie'), body: (await response.json()) as RpcAnswer['body'] };
}

/** Logs `who` in; the cookie to send back. */
async function logIn(who: 'admin' | 'user'): Promise<string> {
  const user = sandbox.users[who];
  const answer = await rpc('/web/session/authenticate', { db: sandbox.database, login: user.login, password: user.password });
  assert.ok(answer.setCookie, JSON.stringify(answer.body));
  return answer.setCookie.split(';')[0];
}

const callKw = (cookie: string, model: string, method: string, args: unknown[], kwargs: Row = {}) =>
  rpc(`/web/dataset/call_kw/${model}/${method}`, { model, method, args, kwargs }, cookie);

function assertError(answer: RpcAnswer, code: number, message: string, name: string, text?: string | RegExp): void {
  assert.equal(answer.status, 200);
  assert.equal(answer.body.result, undefined);
  assert.equal(answer.body.id, 7);
  assert.equal(answer.body.error?.code, code, JSON.stringify(answer.body));
  assert.equal(answer.body.error?.message, message);
  assert.equal(answer.body.error?.data.name, name);
  if (typeof text === 'string') assert.equal(answer.body.error?.data.message, text);
  else if (text) assert.match(String(answer.body.error?.data.message), text);
}

describe('/web/session/authenticate', () => {
  it('answers the session info and sets an HttpOnly, SameSite=Lax session_id cookie for a week', async () => {
    const demo = sandbox.users.user;
    const answer = await rpc('/web/session/authenticate', { db: sandbox.database, login: demo.login, password: demo.password });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.jsonrpc, '2.0');
    assert.equal(answer.body.id, 7);
    const info = answer.body.result as Row;
    assert.equal(info.uid, demo.id);
    assert.equal(info.db, sandbox.database);
    assert.equal(info.username, 'demo');
    assert.equal(info.name, 'Marc Demo');
    assert.equal(info.server_version, '19.0');
    assert.deepEqual((info.server_version_info as unknown[]).slice(0, 2), [19, 0]);
    assert.deepEqual(Object.keys(info.user_context as Row).sort(), ['lang', 'tz', 'uid']);
    assert.equal((info.user_context as Row).uid, demo.id);
    assert.equal(info.is_admin, false);
    assert.equal(info.is_system, false);
    assert.equal(info.is_internal_user, true);
    assert.ok(typeof info.partner_id === 'number');
    assert.ok((info.user_companies as Row).current_company);
    assert.match(answer.setCookie ?? '', /^session_id=[A-Za-z0-9_-]{20,}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=604800$/);
  });

  it('gives a new session id at each login, and the session info again with get_session_info', async () => {
    const first = await logIn('admin');
    const again = await rpc(
      '/web/session/authenticate',
      { db: sandbox.database, login: 'admin', password: sandbox.users.admin.password },
      first,
    );
    const second = (again.setCookie ?? '').split(';')[0];
    assert.notEqual(second, first);
    assertError(
      await rpc('/web/session/get_session_info', {}, first),
      100,
      'Odoo Session Expired',
      'odoo.http.SessionExpiredException',
      'Session expired',
    );
    const info = await rpc('/web/session/get_session_info', {}, second);
    assert.equal((info.body.result as Row).uid, sandbox.users.admin.id);
    assert.equal((info.body.result as Row).is_admin, true);
  });

  it('refuses a wrong password, an API key and a user without password with AccessDenied, and sets no cookie', async () => {
    const demo = sandbox.users.user;
    for (const [login, password] of [
      ['demo', 'wrong'],
      ['demo', sandbox.keys.user],
      ['robot', ''],
      ['nobody', 'demo'],
    ]) {
      const answer = await rpc('/web/session/authenticate', { db: sandbox.database, login, password });
      assertError(answer, 0, 'Odoo Server Error', 'odoo.exceptions.AccessDenied', 'Access Denied');
      assert.equal(answer.setCookie, null, `${login}: no cookie`);
    }
    assert.ok(demo.password);
  });

  it('refuses an unknown database with AccessError, and missing or unexpected arguments with TypeError', async () => {
    assertError(
      await rpc('/web/session/authenticate', { db: 'no_such_db', login: 'demo', password: 'demo' }),
      0,
      'Odoo Server Error',
      'odoo.exceptions.AccessError',
      'Database not found.',
    );
    assertError(
      await rpc('/web/session/authenticate', { db: sandbox.database, login: 'demo' }),
      0,
      'Odoo Server Error',
      'builtins.TypeError',
      "authenticate() missing 1 required positional argument: 'password'",
    );
    assertError(
      await rpc('/web/session/authenticate', { db: sandbox.database, login: 'demo', password: 'demo', otp: 1 }),
      0,
      'Odoo Server Error',
      'builtins.TypeError',
      "authenticate() got an unexpected keyword argument 'otp'",
    );
  });
});

describe('/web/session/authenticate under --db-filter', () => {
  it("refuses a database that the filter does not select for the Host, as the reference's db_filter", async () => {
    const filtered = await startSandbox({ databaseFilter: 'only_%d' });
    try {
      const response = await fetch(`${filtered.url}/web/session/authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { db: filtered.database, login: 'demo', password: 'demo' }, id: 7 }),
      });
      const body = (await response.json()) as RpcAnswer['body'];
      assert.equal(body.error?.data.name, 'odoo.exceptions.AccessError');
      assert.equal(body.error?.data.message, 'Database not found.');
      assert.equal(response.headers.get('set-cookie'), null);
    } finally {
      await filtered.stop();
    }
  });
});

describe('/web/dataset/call_kw', () => {
  it("runs a method as the session's user: positional args, kwargs, create of one mapping answering one id", async () => {
    const cookie = await logIn('user');
    const [azure] = (await callKw(cookie, 'res.partner', 'search', [[['name', '=', 'Azure Interior']]], { limit: 1 })).body
      .result as number[];
    assert.ok(azure);
    const [chair] = (
      await rpc(
        '/web/dataset/call_kw',
        { model: 'product.product', method: 'search', args: [[['default_code', '=', 'FURN_0001']]], kwargs: {} },
        cookie,
      )
    ).body.result as number[];
    const created = await callKw(cookie, 'sale.order', 'create', [
      { partner_id: azure, order_line: [[0, 0, { product_id: chair, product_uom_qty: 2 }]] },
    ]);
    const id = created.body.result;
    assert.equal(typeof id, 'number', JSON.stringify(created.body));
    const [order] = (await callKw(cookie, 'sale.order', 'read', [[id], ['user_id', 'create_uid', 'amount_untaxed']])).body.result as Row[];
    assert.equal((order.create_uid as unknown[])[0], sandbox.users.user.id);
    assert.equal((order.user_id as unknown[])[0], sandbox.users.user.id);
    assert.equal(order.amount_untaxed, 140);
  });

  it("applies the user's access rights: the demo user sells but may not configure taxes", async () => {
    const cookie = await logIn('user');
    const before = await ok<number>(sandbox, 'account.tax', 'search_count', { domain: [] });
    const answer = await callKw(cookie, 'account.tax', 'create', [{ name: 'Sneaky 1%', amount: 1 }]);
    assertError(answer, 0, 'Odoo Server Error', 'odoo.exceptions.AccessError', /not allowed to create/);
    assert.equal(await ok<number>(sandbox, 'account.tax', 'search_count', { domain: [] }), before);
  });

  it('runs each call in one transaction: a refused call changes nothing', async () => {
    const cookie = await logIn('admin');
    const [azure] = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['name', '=', 'Azure Interior']] });
    const before = await ok<number>(sandbox, 'sale.order', 'search_count', { domain: [] });
    const answer = await callKw(cookie, 'sale.order', 'create', [
      [{ partner_id: azure }, { partner_id: azure, order_line: [[0, 0, { name: 'no product', product_uom_qty: 1 }]] }],
    ]);
    assert.equal(answer.body.error?.code, 0, JSON.stringify(answer.body));
    assert.match(String(answer.body.error?.data.name), /^odoo\.exceptions\.(ValidationError|UserError)$/);
    assert.equal(await ok<number>(sandbox, 'sale.order', 'search_count', { domain: [] }), before);
  });

  it('answers 404 for an unknown model, AccessError for a private method, TypeError for missing arguments', async () => {
    const cookie = await logIn('admin');
    assertError(await callKw(cookie, 'no.such.model', 'search', [[]]), 404, '404: Not Found', 'werkzeug.exceptions.NotFound');
    assertError(
      await callKw(cookie, 'res.partner', '_search', [[]]),
      0,
      'Odoo Server Error',
      'odoo.exceptions.AccessError',
      /Private methods/,
    );
    assertError(
      await rpc('/web/dataset/call_kw', { model: 'res.partner', method: 'search' }, cookie),
      0,
      'Odoo Server Error',
      'builtins.TypeError',
      "call_kw() missing 2 required positional arguments: 'args' and 'kwargs'",
    );
  });

  it('needs a session: none, an unknown one, or a bearer API key answer the session-expired error', async () => {
    const call = { model: 'res.partner', method: 'search_count', args: [[]], kwargs: {} };
    assertError(
      await rpc('/web/dataset/call_kw', call),
      100,
      'Odoo Session Expired',
      'odoo.http.SessionExpiredException',
      'Session expired',
    );
    assertError(
      await rpc('/web/dataset/call_kw', call, 'session_id=forged'),
      100,
      'Odoo Session Expired',
      'odoo.http.SessionExpiredException',
    );
    assertError(
      await rpc('/web/dataset/call_kw', call, undefined, { Authorization: `Bearer ${sandbox.keys.admin}` }),
      100,
      'Odoo Session Expired',
      'odoo.http.SessionExpiredException',
    );
  });
});

describe('/web/session/destroy', () => {
  it('ends the session (no result, the cookie cleared): the cookie no longer calls anything', async () => {
    const cookie = await logIn('user');
    assert.equal((await callKw(cookie, 'res.partner', 'search_count', [[]])).body.error, undefined);
    const answer = await rpc('/web/session/destroy', {}, cookie);
    assert.deepEqual(answer.body, { jsonrpc: '2.0', id: 7 });
    assert.match(answer.setCookie ?? '', /^session_id=; .*Max-Age=0/);
    assertError(
      await callKw(cookie, 'res.partner', 'search_count', [[]]),
      100,
      'Odoo Session Expired',
      'odoo.http.SessionExpiredException',
    );
    assertError(await rpc('/web/session/destroy', {}, cookie), 100, 'Odoo Session Expired', 'odoo.http.SessionExpiredException');
  });
});

describe('request types', () => {
  it('takes only a JSON body (anything else, a form post another site could send included, is a 415) and answers bad JSON with a plain 400', async () => {
    const cookie = await logIn('admin');
    const form = await fetch(`${sandbox.url}/web/dataset/call_kw`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: 'model=res.partner&method=unlink',
    });
    assert.equal(form.status, 415);
    assert.match(
      (await form.text()).replaceAll('&#39;', "'"),
      /Request inferred type is compatible with \['http'\] but '\/web\/dataset\/call_kw' is type='jsonrpc'\.<br><br>Please verify the Content-Type request header and try again\./,
    );
    const get = await fetch(`${sandbox.url}/web/session/get_session_info`, { headers: { Cookie: cookie } });
    assert.equal(get.status, 415);
    assert.match((await get.text()).replaceAll('&#39;', "'"), /compatible with \['http', 'json2'\]/);
    const broken = await fetch(`${sandbox.url}/web/session/get_session_info`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: '{"params": ',
    });
    assert.equal(broken.status, 400);
    assert.equal(await broken.text(), 'Invalid JSON data');
  });
});
