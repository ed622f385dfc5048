// What public client libraries rely on, over real HTTP: limit 0 / null / false meaning "no limit" (the reference
// server 19.0 adds LIMIT only for a truthy limit), web_read and web_search_read with specifications, web_save,
// web_read_group, get_metadata, the private exists, and the errors the reference raises for a bad specification.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;
let azure: number;
let azureContacts: number[];

before(async () => {
  sandbox = await startSandbox();
  [azure] = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['name', '=', 'Azure Interior']] });
  // In the partners' own order: a one2many reads its records in its model's order, as the reference's does.
  azureContacts = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['parent_id', '=', azure]] });
});
after(async () => {
  await sandbox?.stop();
});

const partners = (method: string, body: Row, key?: string) => ok<unknown>(sandbox, 'res.partner', method, body, key ? { key } : {});
const webRead = (ids: number[], specification: unknown, extra: Row = {}) =>
  ok<Row[]>(sandbox, 'res.partner', 'web_read', { ids, specification, ...extra });

describe('limit 0, null and false mean no limit', () => {
  it('in search, search_read, search_count, name_search, web_search_read and the grouped reads', async () => {
    const all = (await partners('search', { domain: [] })) as number[];
    assert.ok(all.length > 80);
    for (const limit of [0, null, false]) {
      assert.deepEqual(await partners('search', { domain: [], limit }), all, `search limit ${String(limit)}`);
      assert.equal(((await partners('search_read', { domain: [], fields: ['name'], limit })) as Row[]).length, all.length);
      assert.equal(await partners('search_count', { domain: [], limit }), all.length);
      assert.equal(((await partners('name_search', { name: '', limit })) as unknown[]).length, all.length);
      const page = (await partners('web_search_read', { domain: [], specification: { name: {} }, limit })) as {
        length: number;
        records: Row[];
      };
      assert.equal(page.records.length, all.length);
      assert.equal(page.length, all.length);
      const groups = (await partners('formatted_read_group', {
        domain: [],
        groupby: ['country_id'],
        aggregates: ['__count'],
        limit,
      })) as Row[];
      assert.equal(
        groups.reduce((sum, group) => sum + (group.__count as number), 0),
        all.length,
      );
      assert.equal(
        ((await partners('read_group', { domain: [], fields: [], groupby: ['country_id'], limit })) as Row[]).length,
        groups.length,
      );
    }
    assert.deepEqual(await partners('search', { domain: [], offset: 0, limit: 0 }), all);
    assert.deepEqual(await partners('search', { domain: [], offset: false, limit: 3 }), all.slice(0, 3));
    assert.equal(
      ((await partners('name_search', { name: '' })) as unknown[]).length,
      Math.min(100, all.length),
      "name_search's own default stays 100",
    );
  });

  it('still refuses a limit that is not an integer, or a negative one (the database errors of the reference)', async () => {
    const text = await fails(sandbox, 500, 'res.partner', 'search', { domain: [], limit: 'ten' });
    assert.equal(text.name, 'psycopg2.errors.InvalidTextRepresentation');
    const negative = await fails(sandbox, 500, 'res.partner', 'search', { domain: [], limit: -1 });
    assert.equal(negative.name, 'psycopg2.errors.InvalidRowCountInLimitClause');
  });
});

describe('web_read', () => {
  it('reads plain fields, and a many2one as its id without sub-fields', async () => {
    const [row] = await webRead([azure], { name: {}, country_id: {}, is_company: {} });
    assert.deepEqual(Object.keys(row), ['id', 'name', 'country_id', 'is_company']);
    assert.equal(row.name, 'Azure Interior');
    assert.equal(typeof row.country_id, 'number');
    assert.deepEqual(await webRead([azure], {}), [{ id: azure }]);
    assert.deepEqual(await webRead([], { name: {} }), []);
  });

  it('reads a many2one as an object with its fields, display_name included; an empty one stays false', async () => {
    const [row] = await webRead([azure], { country_id: { fields: { code: {}, display_name: {} } }, parent_id: { fields: { name: {} } } });
    assert.deepEqual(row.country_id, { id: (row.country_id as Row).id, code: 'US', display_name: 'United States' });
    assert.equal(row.parent_id, false);
    const [contact] = await webRead([azureContacts[0]], { parent_id: { fields: {} } });
    assert.deepEqual(contact.parent_id, { id: azure });
  });

  it('reads x2many as ids, as objects, in a given order, with a limit and in the context of the sub-specification', async () => {
    const [ids] = await webRead([azure], { child_ids: {} });
    assert.deepEqual(ids.child_ids, azureContacts);
    const [objects] = await webRead([azure], { child_ids: { fields: { name: {} } } });
    assert.deepEqual(
      (objects.child_ids as Row[]).map((child) => child.id),
      azureContacts,
    );
    assert.ok((objects.child_ids as Row[]).every((child) => typeof child.name === 'string'));
    const [ordered] = await webRead([azure], { child_ids: { fields: { name: {} }, order: 'name desc' } });
    const names = (ordered.child_ids as Row[]).map((child) => child.name as string);
    assert.deepEqual(names, [...names].sort().reverse());
    const [limited] = await webRead([azure], { child_ids: { fields: { name: {} }, limit: 1 } });
    const children = limited.child_ids as Row[];
    assert.equal(typeof children[0].name, 'string');
    assert.ok(
      children.slice(1).every((child) => Object.keys(child).length === 1),
      'only the first one is read',
    );
    const [french] = await webRead([azure], {
      category_id: { fields: { name: {} }, context: { lang: 'fr_FR' } },
      country_id: { fields: { name: {} }, context: { lang: 'fr_FR' } },
      name: {},
    });
    assert.ok(
      (french.category_id as Row[]).some((tag) => tag.name === 'Or'),
      JSON.stringify(french.category_id),
    );
    assert.equal((french.country_id as Row).name, 'États-Unis');
    const [english] = await webRead([azure], { country_id: { fields: { name: {} } } });
    assert.equal((english.country_id as Row).name, 'United States', 'the sub-context does not leak into the rest of the call');
  });

  it('checks rights on the related records, except the display name of a many2one', async () => {
    const robot = { key: sandbox.keys.robot };
    const [row] = await ok<Row[]>(
      sandbox,
      'res.partner',
      'web_read',
      { ids: [azure], specification: { create_uid: { fields: { display_name: {} } }, user_ids: {} } },
      robot,
    );
    assert.deepEqual(row.create_uid, { id: 1, display_name: 'System' });
    const denied = await fails(
      sandbox,
      403,
      'res.partner',
      'web_read',
      { ids: [azure], specification: { create_uid: { fields: { login: {} } } } },
      robot,
    );
    assert.equal(denied.name, 'odoo.exceptions.AccessError');
  });

  it('gives the errors of the reference for a bad specification', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [['name'], 'builtins.AttributeError', /^'list' object has no attribute 'items'$/],
      [{ nope: {} }, 'builtins.ValueError', /^Invalid field 'nope' on 'res.partner'$/],
      [{ country_id: true }, 'builtins.TypeError', /^argument of type 'bool' is not iterable$/],
      [{ country_id: { fields: 5 } }, 'builtins.TypeError', /^'int' object is not iterable$/],
      [{ child_ids: { fields: ['name'] } }, 'builtins.AttributeError', /^'list' object has no attribute 'items'$/],
      [{ child_ids: { fields: {}, limit: 'x' } }, 'builtins.TypeError', /^slice indices must be integers/],
      [{ child_ids: { fields: {}, context: [] } }, 'builtins.TypeError', /^argument after \*\* must be a mapping, not list$/],
      [{ child_ids: { order: 'nope desc' } }, 'builtins.ValueError', /^Invalid field 'nope' on model 'res.partner'$/],
      [{ country_id: { fields: { nope: {} } } }, 'builtins.ValueError', /^Invalid field 'nope' on 'res.country'$/],
    ];
    for (const [specification, name, message] of cases) {
      const error = await fails(sandbox, 500, 'res.partner', 'web_read', { ids: [azure], specification });
      assert.equal(error.name, name, JSON.stringify(specification));
      assert.match(error.message, message, JSON.stringify(specification));
    }
    assert.equal(
      (await fails(sandbox, 422, 'res.partner', 'web_read', { ids: [azure] })).message,
      "missing a required argument: 'specification'",
    );
  });
});

describe('web_search_read', () => {
  it('answers {length, records}, counting every match only when the page is full', async () => {
    const total = (await partners('search_count', { domain: [['is_company', '=', true]] })) as number;
    const page = (await partners('web_search_read', {
      domain: [['is_company', '=', true]],
      specification: { name: {}, country_id: { fields: { code: {} } } },
      limit: 5,
      order: 'name',
    })) as { length: number; records: Row[] };
    assert.equal(page.length, total);
    assert.equal(page.records.length, 5);
    assert.deepEqual(Object.keys(page.records[0]), ['id', 'name', 'country_id']);
    assert.equal(typeof (page.records[0].country_id as Row).code, 'string');
    const capped = (await partners('web_search_read', {
      domain: [['is_company', '=', true]],
      specification: {},
      limit: 5,
      count_limit: 10,
    })) as { length: number };
    assert.equal(capped.length, 10);
    const last = (await partners('web_search_read', {
      domain: [['is_company', '=', true]],
      specification: {},
      offset: total - 2,
      limit: 5,
    })) as { length: number; records: Row[] };
    assert.deepEqual([last.length, last.records.length], [total, 2]);
    assert.deepEqual(await partners('web_search_read', { domain: [['name', '=', 'nobody at all']], specification: { name: {} } }), {
      length: 0,
      records: [],
    });
    const error = await fails(sandbox, 500, 'res.partner', 'web_search_read', { domain: [], specification: ['name'] });
    assert.deepEqual([error.name, error.message], ['builtins.AttributeError', "'list' object has no attribute 'keys'"]);
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'web_search_read', { domain: [['name', '=', 'nobody']], specification: { nope: {} } }))
        .message,
      /^Invalid field 'nope'/,
    );
  });
});

describe('web_save', () => {
  it('creates without ids, writes with them, and answers the saved records read with the specification', async () => {
    const [created] = await ok<Row[]>(sandbox, 'res.partner', 'web_save', {
      vals: { name: 'Saved Company', is_company: true, child_ids: [[0, 0, { name: 'Saved Contact' }]] },
      specification: { name: {}, child_ids: { fields: { name: {} } } },
    });
    assert.equal(created.name, 'Saved Company');
    assert.deepEqual(
      (created.child_ids as Row[]).map((child) => child.name),
      ['Saved Contact'],
    );
    const [written] = await ok<Row[]>(sandbox, 'res.partner', 'web_save', {
      ids: [created.id],
      vals: { phone: '+32 555' },
      specification: { phone: {}, display_name: {} },
    });
    assert.deepEqual(written, { id: created.id, phone: '+32 555', display_name: 'Saved Company' });
    const [next] = await ok<Row[]>(sandbox, 'res.partner', 'web_save', {
      ids: [created.id],
      vals: { phone: '+32 556' },
      specification: { name: {} },
      next_id: azure,
    });
    assert.deepEqual(next, { id: azure, name: 'Azure Interior' });
  });

  it('reads binary fields as their size (bin_size), and a failed save changes nothing', async () => {
    const [wide] = await ok<number[]>(sandbox, 'sandbox.wide', 'search', { domain: [], limit: 1 });
    const [row] = await ok<Row[]>(sandbox, 'sandbox.wide', 'web_save', {
      ids: [wide],
      vals: { char_01: 'x' },
      specification: { binary_01: {} },
    });
    assert.match(row.binary_01 as string, /^\d+ bytes$/);
    const before = await partners('search_count', { domain: [] });
    const error = await fails(sandbox, 500, 'res.partner', 'web_save', { vals: { name: 'Never Saved' }, specification: { nope: {} } });
    assert.equal(error.name, 'builtins.ValueError');
    assert.equal(await partners('search_count', { domain: [] }), before);
  });
});

describe('web_read_group', () => {
  it('answers the groups of the first groupby with their number, and opens them into records when asked', async () => {
    const all = (await partners('formatted_read_group', { domain: [], groupby: ['country_id'], aggregates: ['__count'] })) as Row[];
    const result = (await partners('web_read_group', { domain: [], groupby: ['country_id'], aggregates: ['color:max'], limit: 3 })) as {
      groups: Row[];
      length: number;
    };
    assert.equal(result.length, all.length);
    assert.equal(result.groups.length, 3);
    assert.ok(result.groups.every((group) => '__count' in group && 'color:max' in group && !('__records' in group)));
    const opened = (await partners('web_read_group', {
      domain: [['is_company', '=', true]],
      groupby: ['country_id'],
      auto_unfold: true,
      unfold_read_specification: { name: {} },
      unfold_read_default_limit: 2,
    })) as { groups: Row[] };
    const first = opened.groups.find((group) => group.country_id !== false) as Row;
    assert.ok((first.__records as Row[]).length <= 2 && (first.__records as Row[]).length > 0);
    assert.equal((await fails(sandbox, 500, 'res.partner', 'web_read_group', { domain: [], groupby: [] })).name, 'builtins.AssertionError');
  });
});

describe('get_metadata and exists', () => {
  it('get_metadata: who created and changed each record, and its external ids', async () => {
    const [company] = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['name', '=', 'My Company (San Francisco)']] });
    const [meta] = await ok<Row[]>(sandbox, 'res.partner', 'get_metadata', { ids: [company] });
    assert.deepEqual(Object.keys(meta), ['id', 'create_uid', 'create_date', 'write_uid', 'write_date', 'xmlid', 'noupdate', 'xmlids']);
    assert.deepEqual(meta.create_uid, [1, 'System']);
    assert.equal(meta.xmlid, 'base.main_partner');
    assert.equal(meta.noupdate, true);
    assert.deepEqual(meta.xmlids, [{ xmlid: 'base.main_partner', noupdate: true }]);
    const [plain] = await ok<Row[]>(sandbox, 'res.partner', 'get_metadata', { ids: [azure] });
    assert.deepEqual([plain.xmlid, plain.noupdate, plain.xmlids], [false, false, []]);
    // It reads the records as read does: one that does not exist is left out.
    assert.deepEqual(await ok(sandbox, 'res.partner', 'get_metadata', { ids: [99999999] }), []);
  });

  it('exists is private, as in the reference since 18.2', async () => {
    const error = await fails(sandbox, 403, 'res.partner', 'exists', { ids: [azure] });
    assert.deepEqual(
      [error.name, error.message],
      ['odoo.exceptions.AccessError', "Private methods (such as 'res.partner.exists') cannot be called remotely."],
    );
  });
});
