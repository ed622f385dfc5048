// Large reads go through the database in batches of 1,000 ids (issue 23): the records come back in the order asked,
// duplicates once, with related names; a missing or forbidden record among thousands fails the whole read before any
// value is read, with the same error a small read gives. Runs on PGlite and, in the unit-postgres step, on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { READ_BATCH_IDS } from '../../../src/sandbox/orm/recordRead';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok } from '../../support/sandboxHttp';

type Row = Record<string, unknown>;

let sandbox: StartedSandbox;
let created: number[];
let countryId: number;

before(async () => {
  sandbox = await startSandbox();
  [countryId] = await ok<number[]>(sandbox, 'res.country', 'search', { domain: [['code', '=', 'BE']] });
  const count = READ_BATCH_IDS * 2 + 345;
  const vals_list = Array.from({ length: count }, (_, index) => ({ name: `Batch ${index}`, ref: String(index), country_id: countryId }));
  created = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list });
});
after(async () => {
  await sandbox?.stop();
});

describe('reads of more than one batch', () => {
  it('answers every record once, in the order of the ids asked, with its many2one names', async () => {
    const ids = [...created].reverse();
    ids.push(ids[READ_BATCH_IDS + 5], ids[3]);
    const records = await ok<Row[]>(sandbox, 'res.partner', 'read', { ids, fields: ['name', 'ref', 'country_id'] });
    assert.equal(records.length, created.length);
    const expected = [...created].reverse();
    assert.deepEqual(
      records.map((record) => record.id),
      expected,
    );
    const [country] = await ok<Row[]>(sandbox, 'res.country', 'read', { ids: [countryId], fields: ['display_name'] });
    for (const [index, record] of records.entries()) {
      const position = created.length - 1 - index;
      assert.deepEqual(record, {
        id: expected[index],
        name: `Batch ${position}`,
        ref: String(position),
        country_id: [countryId, country.display_name],
      });
    }
  });

  it('reads the values of at most 1,000 records per statement', async () => {
    const recording = sandbox.recordStatements();
    try {
      await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: created, fields: ['name'] });
    } finally {
      recording.stop();
    }
    const idLists = recording.statements
      .filter((statement) => /FROM "res_partner" t WHERE t\.id = ANY/.test(statement.sql))
      .map((statement) => statement.params.find(Array.isArray) as unknown[]);
    assert.deepEqual(
      idLists.map((ids) => ids.length),
      [created.length, READ_BATCH_IDS, READ_BATCH_IDS, created.length - 2 * READ_BATCH_IDS],
    );
  });

  it('answers search_read of every record as one read of as many', async () => {
    const domain = [['name', '=like', 'Batch %']];
    const all = await ok<Row[]>(sandbox, 'res.partner', 'search_read', { domain, fields: ['ref'], order: 'id', load: null });
    assert.deepEqual(
      all.map((record) => record.id),
      created,
    );
  });

  it('leaves out, as a small read does, one of thousands of records that does not exist', async () => {
    const missing = Math.max(...created) + 1_000;
    const ids = [...created.slice(0, READ_BATCH_IDS + 10), missing, ...created.slice(READ_BATCH_IDS + 10)];
    const large = await ok<Array<{ id: number }>>(sandbox, 'res.partner', 'read', { ids, fields: ['id'] });
    assert.deepEqual(
      large.map((row) => row.id),
      created,
    );
    assert.deepEqual(await ok(sandbox, 'res.partner', 'read', { ids: [created[0], missing], fields: ['id'] }), [{ id: created[0] }]);
  });

  it('fails as a small read does when the rules hide one of thousands of records from the user', async () => {
    const [hidden] = await ok<number[]>(sandbox, 'res.partner', 'search', {
      domain: [['company_id.name', '=', 'My Company (Chicago)']],
      limit: 1,
    });
    const ids = [...created.slice(0, READ_BATCH_IDS * 2), hidden];
    const as = { key: sandbox.keys.user };
    const large = await fails(sandbox, 403, 'res.partner', 'read', { ids, fields: ['name'] }, as);
    const small = await fails(sandbox, 403, 'res.partner', 'read', { ids: [hidden], fields: ['name'] }, as);
    assert.equal(large.name, 'odoo.exceptions.AccessError');
    assert.equal(large.message, small.message);
  });
});
