// One transaction per call: failures leave nothing behind (real errors and injected faults at every statement),
// concurrent readers never see half a call, a thousand concurrent calls get their documented statuses, and a slow
// call notices a client that went away.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { call, fails, ok, rawRequest } from '../../support/sandboxHttp';
import { eventually } from '../../support/eventually';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const countNamed = (pattern: string) =>
  ok<number>(sandbox, 'res.partner', 'search_count', { domain: [['name', '=like', pattern]], context: { active_test: false } });

describe('multi-record create', () => {
  it('gives the ids in order and each record its own values, whatever mix of columns, parents and relations', async () => {
    const [parent] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'MR parent' }] });
    const vals_list = [
      { name: 'MR 1' },
      { name: 'MR 2', phone: '+32 2' },
      { name: 'MR 3', phone: '+32 3' },
      { name: 'MR 4', parent_id: parent },
      { name: 'MR 5', category_id: [[0, 0, { name: 'MR tag' }]] },
      { name: 'MR 6' },
    ];
    const ids = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list });
    assert.equal(ids.length, vals_list.length);
    assert.deepEqual(
      [...ids].sort((a, b) => a - b),
      ids,
    );
    assert.ok(ids[0] > parent);
    const rows = await ok<
      Array<{ id: number; name: string; phone: string | false; parent_id: [number, string] | false; category_id: number[] }>
    >(sandbox, 'res.partner', 'read', { ids, fields: ['name', 'phone', 'parent_id', 'category_id'] });
    assert.deepEqual(
      rows.map((row) => [row.id, row.name, row.phone, row.parent_id === false ? false : row.parent_id[0], row.category_id.length]),
      [
        [ids[0], 'MR 1', false, false, 0],
        [ids[1], 'MR 2', '+32 2', false, 0],
        [ids[2], 'MR 3', '+32 3', false, 0],
        [ids[3], 'MR 4', false, parent, 0],
        [ids[4], 'MR 5', false, false, 1],
        [ids[5], 'MR 6', false, false, 0],
      ],
    );
  });
});

describe('rollback on failure', () => {
  it('commits a successful call, visible to the next call', async () => {
    const [id] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Committed partner' }] });
    assert.deepEqual(await ok(sandbox, 'res.partner', 'search', { domain: [['name', '=', 'Committed partner']] }), [id]);
  });

  it('leaves nothing of a multi-record create that fails on a later record', async () => {
    const error = await fails(sandbox, 422, 'res.partner', 'create', {
      vals_list: [{ name: 'MC first' }, { name: 'MC second' }, { name: 'MC third', country_id: 999999 }],
    });
    assert.equal(error.name, 'odoo.exceptions.ValidationError');
    assert.equal(await countNamed('MC %'), 0);
  });

  it('leaves nothing of a multi-record write that fails halfway', async () => {
    const ids = await ok<number[]>(sandbox, 'res.country', 'search', { domain: [['code', 'in', ['FR', 'DE']]] });
    await fails(sandbox, 422, 'res.country', 'write', { ids, vals: { code: 'ZZ' } });
    const codes = await ok<Array<{ code: string }>>(sandbox, 'res.country', 'read', { ids, fields: ['code'] });
    assert.deepEqual(codes.map((row) => row.code).sort(), ['DE', 'FR']);
  });

  it('rolls back a method that fails after doing all its work (injected method fault)', async () => {
    const ids = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'MW 1' }, { name: 'MW 2' }] });
    sandbox.faults.failMethod('res.partner', 'write');
    sandbox.faults.failMethod('res.partner', 'create');
    try {
      const error = await fails(sandbox, 500, 'res.partner', 'write', { ids, vals: { phone: 'changed' } });
      assert.equal(error.message, 'Injected fault: res.partner.write failed');
      await fails(sandbox, 500, 'res.partner', 'create', { vals_list: [{ name: 'MW 3' }] });
    } finally {
      sandbox.faults.clear();
    }
    const rows = await ok<Array<{ phone: string | false }>>(sandbox, 'res.partner', 'read', { ids, fields: ['phone'] });
    assert.ok(rows.every((row) => row.phone === false));
    assert.equal(await countNamed('MW %'), 2);
  });

  it('leaves nothing when any single statement of a create fails (fault injected at each one in turn)', async () => {
    let statement = 0;
    for (;;) {
      statement += 1;
      const fired = sandbox.faults.fired;
      sandbox.faults.failStatement(statement);
      const login = `fault${statement}`;
      const answer = await call(sandbox, 'res.users', 'create', {
        vals_list: [
          { name: `Fault ${statement} A`, login: `${login}a`, password: 'pw' },
          { name: `Fault ${statement} B`, login: `${login}b` },
        ],
      });
      if (sandbox.faults.fired === fired) {
        assert.equal(answer.status, 200, 'the call succeeds once the fault falls beyond its last statement');
        sandbox.faults.clear();
        break;
      }
      assert.equal(answer.status, 500, `statement ${statement}`);
      assert.match((answer.json as { message: string }).message, new RegExp(`^Injected fault: statement ${statement} `));
      const leftUsers = await ok<number>(sandbox, 'res.users', 'search_count', {
        domain: [['login', 'in', [`${login}a`, `${login}b`]]],
        context: { active_test: false },
      });
      assert.equal(leftUsers, 0, `no user left after a fault at statement ${statement}`);
      assert.equal(await countNamed(`Fault ${statement} %`), 0, `no partner left after a fault at statement ${statement}`);
    }
    assert.ok(statement > 4, `a two-user create runs several statements (${statement - 1})`);
    assert.equal(await countNamed(`Fault ${statement} %`), 2);
  });
});

describe('isolation', () => {
  it('never shows a concurrent reader half of a call', async () => {
    const before = await countNamed('Batch %');
    const batch = Array.from({ length: 60 }, (_, index) => ({ name: `Batch ${index}` }));
    const writer = ok(sandbox, 'res.partner', 'create', { vals_list: batch });
    const readers = Array.from({ length: 40 }, () => countNamed('Batch %'));
    const counts = await Promise.all(readers);
    await writer;
    for (const count of counts) assert.ok(count === before || count === before + 60, `a reader saw ${count}`);
    assert.equal(await countNamed('Batch %'), before + 60);
  });
});

describe('load', () => {
  it('answers a thousand concurrent calls, each with its documented status, and stays up', async (t) => {
    const kinds: Array<{ status: number; send: () => Promise<{ status: number }> }> = [
      {
        status: 200,
        send: () => call(sandbox, 'res.partner', 'search_read', { domain: [['is_company', '=', true]], fields: ['name'], limit: 5 }),
      },
      { status: 200, send: () => call(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Load ✓' }] }, { key: sandbox.keys.user }) },
      { status: 401, send: () => call(sandbox, 'res.partner', 'search', { domain: [] }, { key: 'f'.repeat(40) }) },
      { status: 401, send: () => call(sandbox, 'res.partner', 'search', { domain: [] }, { key: null }) },
      {
        status: 400,
        send: () =>
          rawRequest(sandbox.url, {
            path: '/json/2/res.partner/search',
            headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}` },
            body: '{"domain": [',
          }),
      },
      { status: 404, send: () => call(sandbox, 'res.nothing', 'search', { domain: [] }) },
      { status: 422, send: () => call(sandbox, 'res.partner', 'search', {}) },
      { status: 403, send: () => call(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'x' }] }, { key: sandbox.keys.robot }) },
      {
        status: 415,
        send: () => rawRequest(sandbox.url, { path: '/json/2/res.partner/search', headers: { 'Content-Type': 'text/plain' }, body: 'x' }),
      },
      { status: 500, send: () => call(sandbox, 'res.partner', 'search', { domain: [['nope', '=', 1]] }) },
    ];
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => {
        const kind = kinds[index % kinds.length];
        return kind.send().then((answer) => ({ expected: kind.status, actual: answer.status }));
      }),
    );
    const wrong = answers.filter((answer) => answer.expected !== answer.actual);
    assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} calls got another status`);
    assert.equal((await call(sandbox, 'res.users', 'context_get')).status, 200);
    assert.equal(await countNamed('Load ✓'), 100);
    t.diagnostic(`1000 concurrent calls answered in ${Date.now() - started} ms`);
  });
});

describe('slow method', () => {
  it('sleeps, does not hold other calls up, and stops when the client disconnects', async () => {
    const { model, method } = sandbox.slowMethod;
    assert.deepEqual(await ok<{ slept: number; cancelled: boolean }>(sandbox, model, method, { seconds: 0.2 }), {
      slept: 0.2,
      cancelled: false,
    });
    const completed = sandbox.slowMethod.completed();
    const cancelledBefore = sandbox.slowMethod.cancelled();
    const startedBefore = sandbox.slowMethod.started();
    const controller = new AbortController();
    const aborted = fetch(`${sandbox.url}/json/2/${model}/${method}`, {
      method: 'POST',
      signal: controller.signal,
      body: JSON.stringify({ seconds: 30 }),
      headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.robot}` },
    });
    const abortedFailure = assert.rejects(aborted);
    // While the server runs the 30-second call, another call is answered (it would wait 30 s if the slow one held it).
    await eventually(() => sandbox.slowMethod.started() > startedBefore, 'the server running the slow call');
    assert.equal((await call(sandbox, 'res.users', 'context_get')).status, 200);
    assert.equal(sandbox.slowMethod.completed(), completed, 'answered while the slow call still sleeps');
    controller.abort();
    await abortedFailure;
    await eventually(() => sandbox.slowMethod.cancelled() > cancelledBefore, 'the slow call stopped');
    assert.equal(sandbox.slowMethod.cancelled(), cancelledBefore + 1);
    assert.equal(sandbox.slowMethod.completed(), completed);
  });
});
