// The deprecated XML-RPC interfaces driven by Python's standard xmlrpc.client: login, CRUD, fault codes, DTD refusal.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok, rawRequest } from '../../support/sandboxHttp';
import { python as runPython, type Step } from './legacyPythonClient';

let sandbox: StartedSandbox;
const RPC_LIMIT = 1024 * 1024;

before(async () => {
  sandbox = await startSandbox({ maxRpcBodyBytes: RPC_LIMIT });
});
after(async () => {
  await sandbox?.stop();
});

const python = (steps: Step[]) => runPython(sandbox.url, steps);

const db = () => sandbox.database;
const kw = (uid: number, secret: string, model: string, method: string, args: unknown[], keywords: Record<string, unknown> = {}): Step => [
  '/xmlrpc/2/object',
  'execute_kw',
  [db(), uid, secret, model, method, args, keywords],
];

describe('common service', () => {
  it('answers version, and login/authenticate with a password or an API key in place of it', async () => {
    const { admin, user, robot } = sandbox.users;
    const answers = await python([
      ['/xmlrpc/2/common', 'version', []],
      ['/xmlrpc/2/common', 'login', [db(), 'admin', admin.password]],
      ['/xmlrpc/2/common', 'authenticate', [db(), 'demo', user.password, {}]],
      ['/xmlrpc/2/common', 'login', [db(), 'demo', sandbox.keys.user]],
      ['/xmlrpc/2/common', 'authenticate', [db(), 'robot', sandbox.keys.robot, {}]],
      ['/xmlrpc/2/common', 'login', [db(), 'admin', 'wrong']],
      ['/xmlrpc/2/common', 'login', [db(), 'admin', sandbox.keys.user]],
      ['/xmlrpc/2/common', 'login', [db(), 'robot', '']],
      ['/xmlrpc/common', 'login', [db(), 'admin', admin.password]],
    ]);
    assert.deepEqual(answers[0].ok, {
      server_version: '19.0',
      server_version_info: [19, 0, 0, 'final', 0, ''],
      server_serie: '19.0',
      protocol_version: 1,
    });
    assert.deepEqual(
      answers.slice(1, 5).map((answer) => answer.ok),
      [admin.id, user.id, user.id, robot.id],
    );
    assert.deepEqual(
      answers.slice(5, 8).map((answer) => answer.ok),
      [false, false, false],
    );
    assert.equal(answers[8].ok, admin.id);
  });
});

describe('object service', () => {
  it('searches, reads, creates (an integer for one mapping), writes and unlinks with execute_kw and execute', async () => {
    const { admin, user } = sandbox.users;
    const [found, counted, read, created, createdMany, viaExecute] = await python([
      kw(admin.id, admin.password as string, 'res.partner', 'search', [[['is_company', '=', true]]], { limit: 3, order: 'id' }),
      kw(user.id, sandbox.keys.user, 'res.partner', 'search_count', [[['is_company', '=', true]]]),
      kw(admin.id, admin.password as string, 'res.partner', 'read', [[3]], { fields: ['name'], context: { lang: 'en_US' } }),
      kw(user.id, sandbox.keys.user, 'res.partner', 'create', [{ name: 'XML-RPC one', email: 'one@example.com' }]),
      kw(user.id, user.password as string, 'res.partner', 'create', [[{ name: 'XML-RPC two' }, { name: 'XML-RPC three' }]]),
      [
        '/xmlrpc/2/object',
        'execute',
        [db(), user.id, sandbox.keys.user, 'res.partner', 'search', [['name', '=like', 'XML-RPC %']], 0, 10, 'id'],
      ],
    ]);
    assert.equal((found.ok as number[]).length, 3);
    assert.equal(typeof counted.ok, 'number');
    assert.deepEqual(Object.keys((read.ok as object[])[0]).sort(), ['id', 'name']);
    assert.equal(typeof created.ok, 'number');
    assert.equal((createdMany.ok as number[]).length, 2);
    const ids = [created.ok as number, ...(createdMany.ok as number[])];
    assert.deepEqual(viaExecute.ok, ids);
    const [written, names, removed, left] = await python([
      kw(user.id, sandbox.keys.user, 'res.partner', 'write', [ids, { email: 'same@example.com' }]),
      kw(user.id, sandbox.keys.user, 'res.partner', 'search_read', [[['id', 'in', ids]]], { fields: ['email'] }),
      kw(user.id, sandbox.keys.user, 'res.partner', 'unlink', [ids]),
      ['/xmlrpc/2/object', 'execute', [db(), user.id, sandbox.keys.user, 'res.partner', 'search_count', [['id', 'in', ids]]]],
    ]);
    assert.equal(written.ok, true);
    assert.deepEqual(
      (names.ok as { email: string }[]).map((row) => row.email),
      ['same@example.com', 'same@example.com', 'same@example.com'],
    );
    assert.equal(removed.ok, true);
    assert.equal(left.ok, 0);
    const answer = await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [['id', 'in', ids]] });
    assert.equal(answer, 0, 'JSON-2 sees the same database');
  });

  it('maps positional arguments onto the same parameters as JSON-2 (name_search, fields_get, read with one id, copy)', async () => {
    const { admin } = sandbox.users;
    const secret = sandbox.keys.admin;
    const [named, positional, fields, one, copied, nameGet] = await python([
      kw(admin.id, secret, 'res.country', 'name_search', ['Belg'], { limit: 1 }),
      kw(admin.id, secret, 'res.country', 'name_search', ['Belg', [], 'ilike', 1]),
      kw(admin.id, secret, 'res.partner', 'fields_get', [], { attributes: ['type'] }),
      kw(admin.id, secret, 'res.partner', 'read', [3, ['name']]),
      kw(admin.id, secret, 'res.partner', 'copy', [[3]], { default: { name: 'Copied over XML-RPC' } }),
      kw(admin.id, secret, 'res.partner', 'name_get', [[3]]),
    ]);
    assert.deepEqual(named.ok, positional.ok);
    assert.equal((named.ok as [number, string][])[0][1], 'Belgium');
    assert.deepEqual((fields.ok as Record<string, object>).name, { type: 'char' });
    assert.deepEqual(Object.keys((one.ok as object[])[0]).sort(), ['id', 'name']);
    assert.equal((copied.ok as number[]).length, 1);
    assert.equal(nameGet.fault?.[0], 1, 'name_get no longer exists');
    await ok(sandbox, 'res.partner', 'unlink', { ids: copied.ok });
  });

  it('answers each fault code for each kind of error on /xmlrpc/2', async () => {
    const { admin, robot } = sandbox.users;
    const [archived] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Archived over XML-RPC' }] });
    const answers = await python([
      kw(admin.id, 'wrong password', 'res.partner', 'search', [[]]),
      kw(admin.id + 1000, sandbox.keys.admin, 'res.partner', 'search', [[]]),
      kw(robot.id, sandbox.keys.robot, 'res.partner', 'create', [{ name: 'not allowed' }]),
      kw(admin.id, sandbox.keys.admin, 'res.partner', '_private', [[]]),
      kw(admin.id, sandbox.keys.admin, 'res.partner', 'write', [[999999], { name: 'x' }]),
      kw(admin.id, sandbox.keys.admin, 'res.partner', 'create', [{ email: 'no name' }]),
      kw(admin.id, sandbox.keys.admin, 'res.partner', 'search', [[['no_such_field', '=', 1]]]),
      kw(admin.id, sandbox.keys.admin, 'res.partner', 'action_archive', [[archived]]),
      kw(admin.id, sandbox.keys.admin, 'res.partner', 'search', [[]], { domain: [] }),
      ['/xmlrpc/2/object', 'execute', ['no_such_db', admin.id, sandbox.keys.admin, 'res.partner', 'search', []]],
    ]);
    const codes = answers.map((answer) => answer.fault?.[0]);
    assert.deepEqual(codes, [3, 3, 4, 4, 2, 2, 1, 1, 1, 1]);
    assert.equal(answers[0].fault?.[1], 'Access Denied');
    assert.match(String(answers[2].fault?.[1]), /not allowed to create/i);
    assert.match(String(answers[3].fault?.[1]), /^Private methods \(such as 'res.partner._private'\) cannot be called remotely\.$/);
    assert.match(String(answers[5].fault?.[1]), /cannot be completed/);
    assert.match(
      String(answers[6].fault?.[1]),
      /^Traceback \(most recent call last\):[\s\S]*\nValueError: Invalid field res.partner.no_such_field/,
    );
    assert.match(String(answers[7].fault?.[1]), /cannot marshal None/);
    assert.match(String(answers[8].fault?.[1]), /got multiple values for argument 'domain'/);
  });

  it('uses string fault codes on the older /xmlrpc/<service>', async () => {
    const { admin, robot } = sandbox.users;
    const answers = await python([
      ['/xmlrpc/object', 'execute_kw', [db(), robot.id, sandbox.keys.robot, 'res.partner', 'create', [{ name: 'no' }]]],
      ['/xmlrpc/object', 'execute_kw', [db(), admin.id, 'wrong', 'res.partner', 'search', [[]]]],
      ['/xmlrpc/object', 'execute_kw', [db(), admin.id, sandbox.keys.admin, 'res.partner', 'write', [[999999], { name: 'x' }]]],
      ['/xmlrpc/object', 'execute_kw', [db(), admin.id, sandbox.keys.admin, 'res.partner', 'create', [{ email: 'no name' }]]],
      ['/xmlrpc/object', 'execute_kw', [db(), admin.id, sandbox.keys.admin, 'res.partner', 'search', [[['no_such_field', '=', 1]]]]],
    ]);
    assert.match(String(answers[0].fault?.[0]), /^warning -- AccessError\n\n.+/);
    assert.deepEqual(answers[1].fault, ['AccessDenied', 'Access Denied']);
    assert.match(String(answers[2].fault?.[0]), /^warning -- MissingError\n\n.+/);
    assert.match(String(answers[3].fault?.[0]), /^warning -- UserError\n\nThe operation cannot be completed/);
    assert.match(String(answers[4].fault?.[0]), /^Invalid field res.partner.no_such_field/);
    assert.match(String(answers[4].fault?.[1]), /^Traceback/);
  });
});

describe('hostile and oversized bodies', () => {
  const xmlCall = (body: string) => rawRequest(sandbox.url, { path: '/xmlrpc/2/common', headers: { 'Content-Type': 'text/xml' }, body });

  it('refuses a DTD and an entity bomb with a fault, expanding nothing, and stays up', async () => {
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>\n<methodCall><methodName>version</methodName><params><param><value><string>&lol9;</string></value></param></params></methodCall>`;
    const external =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><methodCall><methodName>version</methodName><params><param><value>&e;</value></param></params></methodCall>';
    const undeclared =
      '<?xml version="1.0"?><methodCall><methodName>version</methodName><params><param><value>&e;</value></param></params></methodCall>';
    for (const body of [bomb, external, undeclared]) {
      const answer = await xmlCall(body);
      assert.equal(answer.status, 200);
      assert.match(answer.text, /<fault>[\s\S]*<int>1<\/int>[\s\S]*could not parse the body as XML-RPC/);
      assert.doesNotMatch(answer.text, /root:|lollollol/);
    }
    const [version] = await python([['/xmlrpc/2/common', 'version', []]]);
    assert.equal((version.ok as { server_serie: string }).server_serie, '19.0');
  });

  it('accepts <nil/> in a request and refuses a body over the limit with a fault', async () => {
    const nil = await xmlCall(
      `<?xml version="1.0"?><methodCall><methodName>login</methodName><params><param><value><string>${db()}</string></value></param><param><value><string>admin</string></value></param><param><value><nil/></value></param></params></methodCall>`,
    );
    assert.match(nil.text, /<params>\s*<param>\s*<value><boolean>0<\/boolean><\/value>/);
    const big = `<?xml version="1.0"?><methodCall><methodName>version</methodName><params><param><value><string>${'x'.repeat(RPC_LIMIT)}</string></value></param></params></methodCall>`;
    const answer = await xmlCall(big);
    assert.equal(answer.status, 200);
    assert.match(answer.text, /<fault>[\s\S]*exceeds the capacity limit/);
    const [version] = await python([['/xmlrpc/2/common', 'version', []]]);
    assert.ok(version.ok);
  });
});
