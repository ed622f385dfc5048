// read_group (deprecated) and formatted_read_group over real HTTP: count, sum, min, max, avg, grouping by many2one,
// selection, boolean and date parts, having, order, limit; checked against the records themselves, and over the
// deprecated XML-RPC and JSON-RPC.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok } from '../../support/sandboxHttp';
import { python } from './legacyPythonClient';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;
let partners: Row[];

before(async () => {
  sandbox = await startSandbox();
  partners = await ok<Row[]>(sandbox, 'res.partner', 'search_read', {
    domain: [],
    fields: ['country_id', 'type', 'is_company', 'date', 'partner_latitude', 'color'],
  });
});
after(async () => {
  await sandbox?.stop();
});

const formatted = (body: Row, key?: string) =>
  ok<Row[]>(sandbox, 'res.partner', 'formatted_read_group', { domain: [], ...body }, key ? { key } : {});
const countBy = (key: (row: Row) => unknown) => {
  const counts = new Map<unknown, number>();
  for (const row of partners) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};

describe('formatted_read_group', () => {
  it('groups by a many2one with count, sum, min, max and avg, each group with its extra domain', async () => {
    const groups = await formatted({
      groupby: ['country_id'],
      aggregates: ['__count', 'partner_latitude:sum', 'color:max', 'color:min', 'partner_latitude:avg'],
    });
    const counts = countBy((row) => (Array.isArray(row.country_id) ? row.country_id[0] : false));
    assert.equal(groups.length, counts.size);
    for (const group of groups) {
      const id = Array.isArray(group.country_id) ? group.country_id[0] : false;
      const members = partners.filter((row) => (Array.isArray(row.country_id) ? row.country_id[0] : false) === id);
      assert.equal(group.__count, members.length);
      assert.ok(
        Math.abs((group['partner_latitude:sum'] as number) - members.reduce((sum, row) => sum + (row.partner_latitude as number), 0)) <
          1e-6,
      );
      assert.equal(group['color:max'], Math.max(...members.map((row) => row.color as number)));
      assert.equal(group['color:min'], Math.min(...members.map((row) => row.color as number)));
      const located = members.filter((row) => row.partner_latitude !== 0);
      if (located.length > 0)
        assert.ok(
          Math.abs(
            (group['partner_latitude:avg'] as number) -
              located.reduce((sum, row) => sum + (row.partner_latitude as number), 0) / located.length,
          ) < 1e-6,
        );
      else assert.equal(group['partner_latitude:avg'], false, 'the average of no value is false');
      assert.deepEqual(group.__extra_domain, [['country_id', '=', id]]);
      assert.equal(await ok(sandbox, 'res.partner', 'search_count', { domain: group.__extra_domain }), members.length);
    }
    const named = groups.find((group) => Array.isArray(group.country_id) && group.country_id[1] === 'Belgium') as Row;
    assert.ok(named, 'a many2one group reads as [id, display name]');
    const names = groups.filter((group) => group.country_id !== false).map((group) => (group.country_id as unknown[])[1] as string);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      'many2one groups come in the related order',
    );
  });

  it('groups by selection and boolean, by several fields, and filters with having; order and limit apply', async () => {
    const byType = await formatted({ groupby: ['type'], aggregates: ['__count'] });
    assert.deepEqual(
      byType.map((group) => [group.type, group.__count]),
      [...countBy((row) => row.type)].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const both = await formatted({ groupby: ['is_company', 'type'], aggregates: ['__count'] });
    assert.ok(both.every((group) => typeof group.is_company === 'boolean'));
    assert.deepEqual(both[0].__extra_domain, ['&', ['is_company', '=', false], ['type', '=', both[0].type]]);
    const big = await formatted({ groupby: ['type'], aggregates: ['__count'], having: [['__count', '>', 10]], order: '__count desc' });
    assert.ok(big.length > 0 && big.every((group) => (group.__count as number) > 10));
    assert.deepEqual(
      big.map((group) => group.__count),
      [...big.map((group) => group.__count as number)].sort((a, b) => b - a),
    );
    const limited = await formatted({ groupby: ['country_id'], aggregates: ['__count'], limit: 2, offset: 1 });
    const all = await formatted({ groupby: ['country_id'], aggregates: ['__count'] });
    assert.deepEqual(limited, all.slice(1, 3));
    // Without groupby, one group of everything: its domain is the reference's always-true term.
    assert.deepEqual(await formatted({ groupby: [], aggregates: ['__count'] }), [
      { __count: partners.length, __extra_domain: [[1, '=', 1]] },
    ]);
    assert.deepEqual(
      await formatted({ domain: {}, groupby: [], aggregates: ['__count'] }),
      [{ __count: partners.length, __extra_domain: [[1, '=', 1]] }],
      'an empty mapping is no domain',
    );
  });

  it('groups dates by day, week, month, quarter and year, with the period and its label', async () => {
    const dated = partners.filter((row) => row.date !== false);
    const months = await formatted({ domain: [['date', '!=', false]], groupby: ['date:month'], aggregates: ['__count'] });
    assert.equal(months.length, new Set(dated.map((row) => String(row.date).slice(0, 7))).size);
    assert.deepEqual(months[0]['date:month'], ['2024-01-01', 'January 2024']);
    assert.deepEqual(months[0].__extra_domain, ['&', ['date', '>=', '2024-01-01'], ['date', '<', '2024-02-01']]);
    const expect = async (granularity: string, first: unknown) => {
      const groups = await formatted({ domain: [['date', '!=', false]], groupby: [`date:${granularity}`], aggregates: ['__count'] });
      assert.deepEqual(groups[0][`date:${granularity}`], first, granularity);
      assert.equal(
        groups.reduce((sum, group) => sum + (group.__count as number), 0),
        dated.length,
        granularity,
      );
    };
    await expect('day', ['2024-01-15', '15 Jan 2024']);
    // Weeks follow the language: en_US (no language in the context) starts them on Sunday and counts them from
    // 1 January; fr_FR is ISO (Monday). The label has no leading zero, as the reference's.
    await expect('week', ['2024-01-14', 'W3 2024']);
    const french = await formatted({
      domain: [['date', '!=', false]],
      groupby: ['date:week'],
      aggregates: ['__count'],
      context: { lang: 'fr_FR' },
    });
    assert.deepEqual(french[0]['date:week'], ['2024-01-15', 'W3 2024']);
    await expect('quarter', ['2024-01-01', 'Q1 2024']);
    await expect('year', ['2024-01-01', '2024']);
    const created = await formatted({ groupby: ['create_date:year'], aggregates: ['__count'] });
    assert.equal(
      created.reduce((sum, group) => sum + (group.__count as number), 0),
      partners.length,
    );
  });

  it('applies the record rules and field groups of the caller, and refuses bad specifications', async () => {
    const byCompany = async (key: string) => (await formatted({ groupby: ['company_id'], aggregates: ['__count'] }, key)).length;
    assert.equal(
      await byCompany(sandbox.keys.admin),
      (await byCompany(sandbox.keys.user)) + 1,
      'the other company is a group for admin only',
    );
    const denied = await fails(
      sandbox,
      403,
      'res.partner',
      'formatted_read_group',
      { domain: [], groupby: ['type'], aggregates: ['credit_limit:sum'] },
      { key: sandbox.keys.user },
    );
    assert.match(denied.message, /credit_limit/);
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'formatted_read_group', { domain: [], groupby: ['type:month'] })).message,
      /Invalid granularity/,
    );
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'formatted_read_group', { domain: [], aggregates: ['name:sum'] })).message,
      /Cannot compute sum/,
    );
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'formatted_read_group', { domain: [], groupby: ['nope'] })).message,
      /Invalid field 'nope'/,
    );
  });
});

describe('read_group (deprecated)', () => {
  it('answers lazy groups with <field>_count, __domain and __context, and every level with lazy false', async () => {
    const lazy = await ok<Row[]>(sandbox, 'res.partner', 'read_group', {
      domain: [['is_company', '=', true]],
      fields: ['color'],
      groupby: ['type', 'country_id'],
    });
    assert.ok(lazy.length > 0);
    for (const group of lazy) {
      assert.deepEqual(Object.keys(group), ['type', 'type_count', 'color', '__domain', '__context']);
      assert.deepEqual(group.__context, { group_by: ['country_id'] });
      assert.equal(await ok(sandbox, 'res.partner', 'search_count', { domain: group.__domain }), group.type_count);
    }
    const full = await ok<Row[]>(sandbox, 'res.partner', 'read_group', {
      domain: [],
      fields: ['is_company'],
      groupby: ['is_company'],
      lazy: false,
    });
    assert.deepEqual(
      full.map((group) => [group.is_company, group.__count, group.__domain]),
      [
        [false, partners.filter((row) => !row.is_company).length, [['is_company', '=', false]]],
        [true, partners.filter((row) => row.is_company).length, [['is_company', '=', true]]],
      ],
    );
    const dated = await ok<Row[]>(sandbox, 'res.partner', 'read_group', {
      domain: [['date', '!=', false]],
      fields: ['total:sum(color)'],
      groupby: ['date:quarter'],
      orderby: 'date:quarter desc',
    });
    assert.deepEqual(Object.keys(dated[0]), ['date:quarter', 'date_count', 'total', '__range', '__domain']);
    assert.equal(dated[0]['date:quarter'], 'Q4 2024');
    assert.deepEqual(dated[0].__range, { 'date:quarter': { from: '2024-10-01', to: '2025-01-01' } });
  });

  it('gives the same groups over XML-RPC and JSON-RPC', async () => {
    const json2 = await ok(sandbox, 'res.partner', 'read_group', {
      domain: [],
      fields: ['color:sum'],
      groupby: ['country_id'],
      lazy: false,
    });
    const [xmlrpc, formattedOverXmlrpc] = await python(sandbox.url, [
      [
        '/xmlrpc/2/object',
        'execute_kw',
        [
          sandbox.database,
          sandbox.users.admin.id,
          sandbox.keys.admin,
          'res.partner',
          'read_group',
          [[], ['color:sum'], ['country_id']],
          { lazy: false },
        ],
      ],
      [
        '/xmlrpc/2/object',
        'execute_kw',
        [
          sandbox.database,
          sandbox.users.admin.id,
          sandbox.keys.admin,
          'res.partner',
          'formatted_read_group',
          [[]],
          { groupby: ['date:year'], aggregates: ['__count'] },
        ],
      ],
    ]);
    assert.deepEqual(xmlrpc.ok, json2);
    assert.deepEqual(formattedOverXmlrpc.ok, await formatted({ groupby: ['date:year'], aggregates: ['__count'] }));
    const body = {
      jsonrpc: '2.0',
      method: 'call',
      id: 7,
      params: {
        service: 'object',
        method: 'execute_kw',
        args: [
          sandbox.database,
          sandbox.users.admin.id,
          sandbox.keys.admin,
          'res.partner',
          'read_group',
          [[], ['color:sum'], ['country_id']],
          { lazy: false },
        ],
      },
    };
    const response = await fetch(`${sandbox.url}/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.deepEqual(((await response.json()) as Row).result, json2);
  });
});

describe('as recorded from the reference', () => {
  it('groups datetimes in the time zone of the context, and flattens __domain', async () => {
    const [customer] = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['is_company', '=', true]], limit: 1 });
    const orders = await ok<number[]>(sandbox, 'sale.order', 'create', {
      vals_list: [
        { partner_id: customer, date_order: '2026-01-10 09:00:00' },
        { partner_id: customer, date_order: '2026-03-31 22:30:00' },
      ],
    });
    const monthly = (context: Row) =>
      ok<Row[]>(sandbox, 'sale.order', 'read_group', {
        domain: [['id', 'in', orders]],
        fields: ['amount_total:sum'],
        groupby: ['date_order:month'],
        context,
      });
    const utc = await monthly({ tz: 'UTC' });
    assert.deepEqual(
      utc.map((group) => [group['date_order:month'], group.__range]),
      [
        ['January 2026', { 'date_order:month': { from: '2026-01-01 00:00:00', to: '2026-02-01 00:00:00' } }],
        ['March 2026', { 'date_order:month': { from: '2026-03-01 00:00:00', to: '2026-04-01 00:00:00' } }],
      ],
    );
    assert.deepEqual(utc[0].__domain, [
      '&',
      '&',
      ['id', 'in', orders],
      ['date_order', '>=', '2026-01-01 00:00:00'],
      ['date_order', '<', '2026-02-01 00:00:00'],
    ]);
    // 22:30 UTC on 31 March is 1 April in Brussels; the bounds are the local month's, in UTC.
    const brussels = await monthly({ tz: 'Europe/Brussels' });
    assert.deepEqual(
      brussels.map((group) => [group['date_order:month'], group.__range]),
      [
        ['January 2026', { 'date_order:month': { from: '2025-12-31 23:00:00', to: '2026-01-31 23:00:00' } }],
        ['April 2026', { 'date_order:month': { from: '2026-03-31 22:00:00', to: '2026-04-30 22:00:00' } }],
      ],
    );
    const formattedGroups = await ok<Row[]>(sandbox, 'sale.order', 'formatted_read_group', {
      domain: [['id', 'in', orders]],
      groupby: ['date_order:week'],
      aggregates: ['__count'],
    });
    assert.deepEqual(formattedGroups[0]['date_order:week'], ['2026-01-04 00:00:00', 'W2 2026']);
  });

  it('groups by a many2many (a record in each of its tags, or in the empty group) and orders by an aggregate', async () => {
    const [tag] = await ok<number[]>(sandbox, 'res.partner.category', 'create', { vals_list: [{ name: 'Grouped tag' }] });
    const ids = await ok<number[]>(sandbox, 'res.partner', 'create', {
      vals_list: [
        { name: 'Tagged one', color: 2, category_id: [[6, 0, [tag]]] },
        { name: 'Tagged two', color: 3, category_id: [[6, 0, [tag]]] },
        { name: 'Untagged', color: 4 },
      ],
    });
    const groups = await ok<Row[]>(sandbox, 'res.partner', 'read_group', {
      domain: [['id', 'in', ids]],
      fields: ['color:sum'],
      groupby: ['category_id'],
      orderby: 'color desc',
    });
    assert.deepEqual(
      groups.map((group) => [group.category_id, group.category_id_count, group.color, group.__domain]),
      [
        [[tag, 'Grouped tag'], 2, 5, ['&', ['id', 'in', ids], ['category_id', '=', tag]]],
        [false, 1, 4, ['&', ['id', 'in', ids], ['category_id', 'not any', []]]],
      ],
    );
  });

  it('writes float aggregates as floats (20.0), and names an unknown aggregate as the reference does', async () => {
    const [placed] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Placed', partner_latitude: 20 }] });
    const response = await fetch(`${sandbox.url}/json/2/res.partner/formatted_read_group`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}` },
      body: JSON.stringify({ domain: [['id', '=', placed]], groupby: [], aggregates: ['partner_latitude:max', 'partner_latitude:avg'] }),
    });
    assert.match(await response.text(), /"partner_latitude:max":20\.0,"partner_latitude:avg":20\.0/);
    assert.equal(
      (await fails(sandbox, 500, 'res.partner', 'formatted_read_group', { domain: [], aggregates: ['color:median'] })).message,
      "Invalid aggregate method 'median' for 'color:median'.",
    );
  });
});
