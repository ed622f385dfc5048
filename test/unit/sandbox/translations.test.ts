// Translated fields over real HTTP: one value per language (jsonb), read and searched in context.lang with en_US as
// the fallback, written in the language of the call; res.lang lists the installed languages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok } from '../../support/sandboxHttp';
import { python } from './legacyPythonClient';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const fr = { lang: 'fr_FR' };
const countryNames = async (domain: unknown[], context: Row = fr) =>
  (await ok<Row[]>(sandbox, 'res.country', 'search_read', { domain, fields: ['name'], order: 'name', context })).map((row) => row.name);

describe('installed languages', () => {
  it('lists en_US, fr_FR and fr_BE as active in res.lang', async () => {
    const active = await ok<Row[]>(sandbox, 'res.lang', 'search_read', { domain: [], fields: ['code'], order: 'code' });
    assert.deepEqual(
      active.map((row) => row.code),
      ['en_US', 'fr_BE', 'fr_FR'],
    );
    const all = await ok<number>(sandbox, 'res.lang', 'search_count', { domain: [], context: { active_test: false } });
    assert.ok(all > 3);
  });
});

describe('reading and searching a translated field', () => {
  it('reads the value of context.lang, falling back to en_US; fields_get says translate', async () => {
    const [belgium] = await ok<number[]>(sandbox, 'res.country', 'search', { domain: [['code', '=', 'BE']] });
    const read = async (context: Row) =>
      (await ok<Row[]>(sandbox, 'res.country', 'read', { ids: [belgium], fields: ['name', 'display_name'], context }))[0];
    assert.deepEqual(await read({ lang: 'en_US' }), { id: belgium, name: 'Belgium', display_name: 'Belgium' });
    assert.deepEqual(await read(fr), { id: belgium, name: 'Belgique', display_name: 'Belgique' });
    assert.deepEqual(await read({ lang: 'fr_BE' }), { id: belgium, name: 'Belgium', display_name: 'Belgium' });
    const fields = await ok<Record<string, Row>>(sandbox, 'res.country', 'fields_get', {
      allfields: ['name', 'code'],
      attributes: ['translate'],
    });
    assert.deepEqual(fields, { name: { translate: true }, code: { translate: false } });
    const [answer] = await python(sandbox.url, [
      [
        '/xmlrpc/2/object',
        'execute_kw',
        [
          sandbox.database,
          sandbox.users.admin.id,
          sandbox.keys.admin,
          'res.country',
          'read',
          [[belgium]],
          { fields: ['name'], context: fr },
        ],
      ],
    ]);
    assert.deepEqual(answer.ok, [{ id: belgium, name: 'Belgique' }]);
  });

  it('matches every operator family against the value in the language of the call', async () => {
    assert.deepEqual(await countryNames([['name', '=', 'Allemagne']]), ['Allemagne']);
    assert.deepEqual(await countryNames([['name', '=', 'Allemagne']], { lang: 'en_US' }), []);
    assert.deepEqual(await countryNames([['name', 'ilike', 'ALLEM']]), ['Allemagne']);
    assert.deepEqual(await countryNames([['name', 'like', 'Allem']]), ['Allemagne']);
    assert.deepEqual(await countryNames([['name', '=like', 'Esp%']]), ['Espagne']);
    assert.deepEqual(await countryNames([['name', '=ilike', 'esp%']]), ['Espagne']);
    assert.deepEqual(await countryNames([['name', 'in', ['Belgique', 'Japon', 'Japan']]]), ['Belgique', 'Japon']);
    assert.deepEqual(await countryNames([['name', '<', 'B']]), ['Allemagne', 'Argentina', 'Australia', 'Austria']);
    assert.deepEqual(await countryNames([['name', '=?', 'Suisse']]), ['Suisse']);
    const total = await ok<number>(sandbox, 'res.country', 'search_count', { domain: [] });
    for (const [operator, value] of [
      ['!=', 'Suisse'],
      ['not in', ['Suisse']],
      ['not ilike', 'suisse'],
      ['not like', 'Suisse'],
      ['not =like', 'Suisse'],
      ['not =ilike', 'suisse'],
    ] as const) {
      assert.equal((await countryNames([['name', operator, value]])).length, total - 1, operator);
    }
    assert.deepEqual(await countryNames(['!', ['name', 'not ilike', 'suisse']]), ['Suisse']);
    assert.deepEqual(
      await countryNames([
        ['name', '!=', false],
        ['code', '=', 'CH'],
      ]),
      ['Suisse'],
    );
    const byCountry = (domain: unknown[]) =>
      ok<Row[]>(sandbox, 'res.partner', 'search_read', { domain, fields: ['name'], order: 'id', context: fr });
    const germans = await byCountry([['country_id.code', '=', 'DE']]);
    assert.ok(germans.length > 0);
    assert.deepEqual(await byCountry([['country_id.name', 'ilike', 'allemagne']]), germans);
    assert.deepEqual(await byCountry([['country_id', '=', 'Allemagne']]), germans);
    assert.deepEqual(await byCountry([['country_id', 'any', [['name', '=like', 'Allem%']]]]), germans);
    assert.deepEqual(
      await byCountry([
        ['country_id', 'not any', [['name', '!=', 'Allemagne']]],
        ['country_id', '!=', false],
      ]),
      germans,
    );
  });

  it('orders by the translated value and shows translated display names of related records', async () => {
    const names = await countryNames([['code', 'in', ['DE', 'BE', 'ES']]]);
    assert.deepEqual(names, ['Allemagne', 'Belgique', 'Espagne']);
    const gold = await ok<Row[]>(sandbox, 'res.partner.category', 'search_read', {
      domain: [['name', '=', 'Or']],
      fields: ['display_name', 'name'],
      context: fr,
    });
    assert.deepEqual(
      gold.map((row) => [row.name, row.display_name]),
      [['Or', 'Client / Or']],
    );
    const [partner] = await ok<Row[]>(sandbox, 'res.partner', 'search_read', {
      domain: [['country_id.code', '=', 'DE']],
      fields: ['country_id'],
      limit: 1,
      context: fr,
    });
    assert.equal((partner.country_id as unknown[])[1], 'Allemagne');
  });
});

describe('writing a translated field', () => {
  it('writes the language of the call and keeps the others; a new record gets en_US and that language', async () => {
    const [id] = await ok<number[]>(sandbox, 'res.partner.category', 'create', { vals_list: { name: 'Partenaire' }, context: fr });
    const names = async () =>
      Promise.all(
        ['en_US', 'fr_FR', 'fr_BE'].map(
          async (lang) =>
            (await ok<Row[]>(sandbox, 'res.partner.category', 'read', { ids: [id], fields: ['name'], context: { lang } }))[0].name,
        ),
      );
    assert.deepEqual(await names(), ['Partenaire', 'Partenaire', 'Partenaire']);
    await ok(sandbox, 'res.partner.category', 'write', { ids: [id], vals: { name: 'Partner' }, context: { lang: 'en_US' } });
    assert.deepEqual(await names(), ['Partner', 'Partenaire', 'Partner']);
    await ok(sandbox, 'res.partner.category', 'write', { ids: [id], vals: { name: 'Partenaire belge' }, context: { lang: 'fr_BE' } });
    assert.deepEqual(await names(), ['Partner', 'Partenaire', 'Partenaire belge']);
    const [plain] = await ok<number[]>(sandbox, 'res.partner.category', 'create', { vals_list: { name: 'Plain' } });
    assert.deepEqual(
      (await ok<Row[]>(sandbox, 'res.partner.category', 'read', { ids: [plain], fields: ['name'], context: fr }))[0].name,
      'Plain',
    );
  });

  it('gives a custom char field with translate one value per language too', async () => {
    const [model] = await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', 'res.partner']] });
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: { model_id: model, name: 'x_slogan', field_description: 'Slogan', ttype: 'char', state: 'manual', translate: true },
    });
    const [partner] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: { name: 'Slogan SA', x_slogan: 'Always better' } });
    await ok(sandbox, 'res.partner', 'write', { ids: [partner], vals: { x_slogan: 'Toujours mieux' }, context: fr });
    const read = async (lang: string) =>
      (await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [partner], fields: ['x_slogan'], context: { lang } }))[0].x_slogan;
    assert.deepEqual([await read('en_US'), await read('fr_FR')], ['Always better', 'Toujours mieux']);
    assert.deepEqual(await ok(sandbox, 'res.partner', 'search', { domain: [['x_slogan', 'ilike', 'toujours']], context: fr }), [partner]);
    assert.equal(
      (await ok<Record<string, Row>>(sandbox, 'res.partner', 'fields_get', { allfields: ['x_slogan'], attributes: ['translate'] })).x_slogan
        .translate,
      true,
    );
  });
});
