// Data-driven access control over real HTTP, for each demo user (admin, demo, robot): model rights from ir.model.access
// rows, record rules from ir.rule rows, fields restricted to groups; through JSON-2 and the deprecated XML-RPC and
// JSON-RPC alike. Changing the rows through the API changes the rights from the next call on.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok, type CallOptions } from '../../support/sandboxHttp';
import { python, type Step } from './legacyPythonClient';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;
type Who = 'admin' | 'user' | 'robot';

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const as = (who: Who): CallOptions => ({ key: sandbox.keys[who] });
const groupId = async (xmlId: string) => {
  const [module, name] = xmlId.split('.');
  const [row] = await ok<Row[]>(sandbox, 'ir.model.data', 'search_read', {
    domain: [
      ['model', '=', 'res.groups'],
      ['module', '=', module],
      ['name', '=', name],
    ],
    fields: ['res_id'],
  });
  return row.res_id as number;
};
const modelId = async (model: string) => (await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', model]] }))[0];
const chicagoPartners = () =>
  ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['company_id.name', '=', 'My Company (Chicago)']], order: 'id' });
const xmlrpc = (who: Who, model: string, method: string, args: unknown[], keywords: Row = {}): Step => [
  '/xmlrpc/2/object',
  'execute_kw',
  [sandbox.database, sandbox.users[who].id, sandbox.keys[who], model, method, args, keywords],
];

async function jsonrpc(who: Who, model: string, method: string, args: unknown[]): Promise<Row> {
  const body = {
    jsonrpc: '2.0',
    method: 'call',
    id: 1,
    params: {
      service: 'object',
      method: 'execute_kw',
      args: [sandbox.database, sandbox.users[who].id, sandbox.keys[who], model, method, args, {}],
    },
  };
  const response = await fetch(`${sandbox.url}/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Row;
}

describe('model access (ir.model.access rows)', () => {
  it('grants each user the rights of their groups and names the model and the operation when refusing', async () => {
    assert.ok((await ok<number[]>(sandbox, 'ir.config_parameter', 'search', { domain: [] }, as('admin'))).length > 0);
    const demoDenied = await fails(sandbox, 403, 'ir.config_parameter', 'search', { domain: [] }, as('user'));
    assert.equal(demoDenied.name, 'odoo.exceptions.AccessError');
    assert.match(
      demoDenied.message,
      /^You are not allowed to access 'System Parameter' \(ir\.config_parameter\) records\.\n\nThis operation is allowed for the following groups:\n\t- Role \/ Administrator\n\n/,
    );
    const [created] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: { name: 'Access demo contact' } }, as('user'));
    assert.equal(await ok(sandbox, 'res.partner', 'write', { ids: [created], vals: { phone: '1' } }, as('user')), true);
    assert.ok((await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [created], fields: ['name'] }, as('robot'))).length === 1);
    const robotWrite = await fails(sandbox, 403, 'res.partner', 'write', { ids: [created], vals: { phone: '2' } }, as('robot'));
    assert.match(robotWrite.message, /^You are not allowed to modify 'Contact' \(res\.partner\) records\./);
    const robotCreate = await fails(sandbox, 403, 'res.partner', 'create', { vals_list: { name: 'x' } }, as('robot'));
    assert.match(robotCreate.message, /not allowed to create 'Contact' \(res\.partner\)/);
    assert.match(
      (await fails(sandbox, 403, 'res.users', 'search', { domain: [] }, as('robot'))).message,
      /not allowed to access 'User' \(res\.users\)/,
    );
    assert.equal(await ok(sandbox, 'res.partner', 'unlink', { ids: [created] }, as('user')), true);
  });

  it('follows the rows: a new row grants, deactivating it takes the right away again', async () => {
    const [rowId] = await ok<number[]>(sandbox, 'ir.model.access', 'create', {
      vals_list: {
        name: 'robot writes contacts',
        model_id: await modelId('res.partner'),
        group_id: await groupId('sandbox.group_api_contacts'),
        perm_read: true,
        perm_write: true,
      },
    });
    const [target] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: { name: 'Robot target' } });
    assert.equal(await ok(sandbox, 'res.partner', 'write', { ids: [target], vals: { phone: '42' } }, as('robot')), true);
    assert.equal(await ok(sandbox, 'res.partner', 'has_access', { ids: [target], operation: 'write' }, as('robot')), true);
    await ok(sandbox, 'ir.model.access', 'write', { ids: [rowId], vals: { active: false } });
    await fails(sandbox, 403, 'res.partner', 'write', { ids: [target], vals: { phone: '43' } }, as('robot'));
    assert.equal(await ok(sandbox, 'res.partner', 'has_access', { ids: [target], operation: 'write' }, as('robot')), false);
    await ok(sandbox, 'ir.model.access', 'unlink', { ids: [rowId] });
  });

  it('refuses the same calls over XML-RPC (fault 4) and JSON-RPC (the access error as data)', async () => {
    const answers = await python(sandbox.url, [
      xmlrpc('robot', 'res.partner', 'create', [{ name: 'x' }]),
      xmlrpc('user', 'ir.config_parameter', 'search', [[]]),
      xmlrpc('admin', 'ir.config_parameter', 'search_count', [[]]),
    ]);
    assert.equal(answers[0].fault?.[0], 4);
    assert.match(String(answers[0].fault?.[1]), /not allowed to create 'Contact' \(res\.partner\)/);
    assert.equal(answers[1].fault?.[0], 4);
    assert.match(String(answers[1].fault?.[1]), /ir\.config_parameter/);
    assert.equal(typeof answers[2].ok, 'number');
    const refused = await jsonrpc('user', 'ir.config_parameter', 'search', [[]]);
    assert.equal(((refused.error as Row).data as Row).name, 'odoo.exceptions.AccessError');
  });
});

describe('record rules (ir.rule rows)', () => {
  it('hides the contacts of the other company from users of the main company only (a global rule)', async () => {
    const chicago = await chicagoPartners();
    assert.equal(chicago.length, 3);
    const counts = await Promise.all(
      (['admin', 'user', 'robot'] as const).map((who) => ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] }, as(who))),
    );
    assert.equal(counts[0] - counts[1], 3);
    assert.equal(counts[1], counts[2]);
    assert.deepEqual(await ok(sandbox, 'res.partner', 'search', { domain: [['id', 'in', chicago]] }, as('user')), []);
    for (const who of ['user', 'robot'] as const) {
      const denied = await fails(sandbox, 403, 'res.partner', 'read', { ids: [chicago[0]], fields: ['name'] }, as(who));
      // The model only, as the reference outside debug mode (no record ids).
      assert.match(denied.message, /doesn't have 'read' access to:\n- Contact \(res\.partner\)\n/);
    }
    assert.match(
      (await fails(sandbox, 403, 'res.partner', 'write', { ids: [chicago[1]], vals: { phone: '1' } }, as('user'))).message,
      /'write' access/,
    );
    assert.match((await fails(sandbox, 403, 'res.partner', 'unlink', { ids: [chicago[1]] }, as('user'))).message, /'unlink' access/);
    const chicagoCompany = (await ok<number[]>(sandbox, 'res.company', 'search', { domain: [['name', '=', 'My Company (Chicago)']] }))[0];
    assert.match(
      (await fails(sandbox, 403, 'res.partner', 'create', { vals_list: { name: 'Elsewhere', company_id: chicagoCompany } }, as('user')))
        .message,
      /'create' access/,
    );
    assert.deepEqual(await ok(sandbox, 'res.company', 'search', { domain: [['id', '=', chicagoCompany]] }, as('user')), []);
    assert.equal(
      (await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [chicago[0]], fields: ['name'] }, as('admin')))[0].name,
      'My Company (Chicago)',
    );
  });

  it('combines a group rule with the global ones, for the members of the group only, until it is removed', async () => {
    const before = await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] }, as('robot'));
    const companies = await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [['is_company', '=', true]] }, as('robot'));
    const [ruleId] = await ok<number[]>(sandbox, 'ir.rule', 'create', {
      vals_list: {
        name: 'robots see companies only',
        model_id: await modelId('res.partner'),
        groups: [[4, await groupId('sandbox.group_api_contacts')]],
        domain_force: "[('is_company', '=', True)]",
        perm_write: false,
        perm_create: false,
        perm_unlink: false,
      },
    });
    assert.deepEqual((await ok<Row[]>(sandbox, 'ir.rule', 'read', { ids: [ruleId], fields: ['global', 'perm_read'] }))[0], {
      id: ruleId,
      global: false,
      perm_read: true,
    });
    assert.equal(await ok(sandbox, 'res.partner', 'search_count', { domain: [] }, as('robot')), companies);
    assert.equal(await ok(sandbox, 'res.partner', 'search_count', { domain: [] }, as('user')), before);
    const [person] = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['is_company', '=', false]], limit: 1 }, as('user'));
    await fails(sandbox, 403, 'res.partner', 'read', { ids: [person] }, as('robot'));
    const [[xmlrpcCount], [, xmlrpcRead]] = (
      await python(sandbox.url, [
        xmlrpc('robot', 'res.partner', 'search_count', [[]]),
        xmlrpc('robot', 'res.partner', 'read', [[person]], { fields: ['name'] }),
      ])
    ).map((answer) => [answer.ok, answer.fault]);
    assert.equal(xmlrpcCount, companies);
    assert.equal(xmlrpcRead?.[0], 4);
    await ok(sandbox, 'ir.rule', 'unlink', { ids: [ruleId] });
    assert.equal(await ok(sandbox, 'res.partner', 'search_count', { domain: [] }, as('robot')), before);
  });

  it('refuses a rule whose domain is not a literal domain', async () => {
    const error = await fails(sandbox, 500, 'ir.rule', 'create', {
      vals_list: { name: 'bad', model_id: await modelId('res.partner'), domain_force: "[('id', '=', __import__('os'))]" },
    });
    assert.match(error.message, /Invalid domain in the record rule: unknown name '__import__'/);
  });
});

describe('fields restricted to groups', () => {
  it('shows credit_limit to the Access Rights group only: fields_get, read, write, create and search', async () => {
    const adminFields = await ok<Row>(sandbox, 'res.partner', 'fields_get', { attributes: ['type'] }, as('admin'));
    assert.deepEqual(adminFields.credit_limit, { type: 'float' });
    const [company] = await ok<number[]>(sandbox, 'res.partner', 'search', {
      domain: [
        ['is_company', '=', true],
        ['credit_limit', '>', 0],
      ],
      limit: 1,
      order: 'id',
    });
    assert.ok(((await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [company] }, as('admin')))[0].credit_limit as number) > 0);
    for (const who of ['user', 'robot'] as const) {
      const fields = await ok<Row>(sandbox, 'res.partner', 'fields_get', {}, as(who));
      assert.equal('credit_limit' in fields, false, who);
      assert.equal('credit_limit' in (await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [company] }, as(who)))[0], false, who);
      const denied = await fails(sandbox, 403, 'res.partner', 'read', { ids: [company], fields: ['name', 'credit_limit'] }, as(who));
      assert.match(
        denied.message,
        /^You do not have enough rights to access the fields "credit_limit" on Contact \(res\.partner\)\. .*\n\n\(Operation: read\)/s,
      );
      assert.match(
        (await fails(sandbox, 403, 'res.partner', 'search', { domain: [['credit_limit', '>', 0]] }, as(who))).message,
        /credit_limit.*\(Operation: read\)/s,
      );
    }
    assert.match(
      (await fails(sandbox, 403, 'res.partner', 'write', { ids: [company], vals: { credit_limit: 1 } }, as('user'))).message,
      /\(Operation: write\)/,
    );
    assert.match(
      (await fails(sandbox, 403, 'res.partner', 'create', { vals_list: { name: 'x', credit_limit: 1 } }, as('user'))).message,
      /\(Operation: create\)/,
    );
    const answers = await python(sandbox.url, [
      xmlrpc('user', 'res.partner', 'read', [[company]], { fields: ['credit_limit'] }),
      xmlrpc('admin', 'res.partner', 'read', [[company]], { fields: ['credit_limit'] }),
    ]);
    assert.equal(answers[0].fault?.[0], 4);
    assert.ok(((answers[1].ok as Row[])[0].credit_limit as number) > 0);
  });

  it('follows the groups of the field record (ir.model.fields groups)', async () => {
    const [fieldId] = await ok<number[]>(sandbox, 'ir.model.fields', 'search', {
      domain: [
        ['model', '=', 'res.partner'],
        ['name', '=', 'credit_limit'],
      ],
    });
    const userGroup = await groupId('base.group_user');
    await ok(sandbox, 'ir.model.fields', 'write', { ids: [fieldId], vals: { groups: [[4, userGroup]] } });
    assert.ok('credit_limit' in (await ok<Row>(sandbox, 'res.partner', 'fields_get', {}, as('user'))));
    assert.equal('credit_limit' in (await ok<Row>(sandbox, 'res.partner', 'fields_get', {}, as('robot'))), false);
    await ok(sandbox, 'ir.model.fields', 'write', { ids: [fieldId], vals: { groups: [[3, userGroup]] } });
    assert.equal('credit_limit' in (await ok<Row>(sandbox, 'res.partner', 'fields_get', {}, as('user'))), false);
  });

  it("reports each field's own readonly flag, whatever the user may write (as the reference since 17.0)", async () => {
    for (const who of ['robot', 'user'] as const) {
      const fields = await ok<Record<string, Row>>(sandbox, 'res.partner', 'fields_get', { attributes: ['readonly'] }, as(who));
      assert.equal(fields.name.readonly, false, who);
      assert.equal(fields.id.readonly, true, who);
    }
  });
});
