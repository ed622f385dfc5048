// res.partner's own behaviour over real HTTP, as recorded from the reference server (test/conformance): complete names
// through the commercial company, name_search on name, e-mail and reference, name_create of "Name <email>", the
// address a contact takes from its company, a company deleted under its contacts, copies that keep their tags.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { call, fails, ok } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const create = async (values: Row) => (await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [values] }))[0];
const read = async (id: number, fields: string[]) => (await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [id], fields }))[0];

describe('names of contacts', () => {
  it('shows a contact as "<commercial company>, <name>", through a person between them, and names a nameless address by its type', async () => {
    const company = await create({ name: 'Kite Works', is_company: true });
    const person = await create({ name: 'Ann', parent_id: company });
    const grandchild = await create({ name: 'Bob', parent_id: person });
    const delivery = await create({ parent_id: company, type: 'delivery' });
    const loner = await create({ name: 'Cy' });
    const underLoner = await create({ name: 'Dee', parent_id: loner });
    assert.equal((await read(person, ['display_name'])).display_name, 'Kite Works, Ann');
    assert.equal((await read(grandchild, ['display_name'])).display_name, 'Kite Works, Bob');
    assert.equal((await read(delivery, ['display_name'])).display_name, 'Kite Works, Delivery');
    // Without a company above, the parent's name.
    assert.equal((await read(underLoner, ['display_name'])).display_name, 'Cy, Dee');
    assert.deepEqual((await read(grandchild, ['commercial_partner_id'])).commercial_partner_id, [company, 'Kite Works']);
    // The default order is the complete name's.
    const ordered = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['id', 'in', [grandchild, person, delivery]]] });
    assert.deepEqual(ordered, [person, grandchild, delivery]);
    assert.equal(
      (await fails(sandbox, 422, 'res.partner', 'create', { vals_list: [{ parent_id: company }] })).message,
      'The operation cannot be completed: Contacts require a name',
    );
  });

  it('finds contacts by name, e-mail or reference, and creates one from "Name <email>"', async () => {
    const mailed = await create({ name: 'Zed Quill', email: 'zed.quill@mail.example', ref: 'ZQ-77' });
    const found = async (name: string) =>
      (await ok<Array<[number, string]>>(sandbox, 'res.partner', 'name_search', { name, domain: [['id', '=', mailed]] })).map(([id]) => id);
    assert.deepEqual(await found('quill'), [mailed]);
    assert.deepEqual(await found('zed.quill@mail'), [mailed]);
    assert.deepEqual(await found('ZQ-7'), [mailed]);
    assert.deepEqual(await found('nowhere'), []);
    assert.deepEqual(
      await ok(sandbox, 'res.partner', 'search', {
        domain: [
          ['display_name', 'ilike', 'mail.example'],
          ['id', '=', mailed],
        ],
      }),
      [mailed],
    );
    const [id, name] = await ok<[number, string]>(sandbox, 'res.partner', 'name_create', { name: 'Pia Post <Pia.Post@Mail.Example>' });
    assert.equal(name, 'Pia Post');
    assert.deepEqual(await read(id, ['name', 'email']), { id, name: 'Pia Post', email: 'pia.post@mail.example' });
    const [plain] = await ok<[number, string]>(sandbox, 'res.partner', 'name_create', { name: 'Just A Name' });
    assert.deepEqual(await read(plain, ['name', 'email']), { id: plain, name: 'Just A Name', email: false });
  });
});

describe('addresses and companies', () => {
  it('gives a new contact its company address, passes a changed address down, and leaves other address types alone', async () => {
    const [belgium] = await ok<number[]>(sandbox, 'res.country', 'search', { domain: [['code', '=', 'BE']] });
    const company = await create({
      name: 'Dock Co',
      is_company: true,
      street: 'Quai 1',
      city: 'Antwerp',
      zip: '2000',
      country_id: belgium,
    });
    const contact = await create({ name: 'Eve', parent_id: company, city: 'Ghent' });
    const invoice = await create({ name: 'Billing', parent_id: company, type: 'invoice', city: 'Liège' });
    assert.deepEqual(await read(contact, ['street', 'city', 'zip', 'country_id']), {
      id: contact,
      street: 'Quai 1',
      city: 'Antwerp',
      zip: '2000',
      country_id: [belgium, 'Belgium'],
    });
    assert.equal((await read(invoice, ['city'])).city, 'Liège');
    await ok(sandbox, 'res.partner', 'write', { ids: [company], vals: { city: 'Bruges' } });
    assert.equal((await read(contact, ['city'])).city, 'Bruges');
    assert.equal((await read(invoice, ['city'])).city, 'Liège');
    const missing = await fails(sandbox, 404, 'res.partner', 'create', { vals_list: [{ name: 'Orphan', parent_id: 987654321 }] });
    assert.match(missing.message, /^Record does not exist or has been deleted\.\n\(Record: res\.partner\(987654321,\), User: \d+\)$/);
    assert.match(
      (await fails(sandbox, 422, 'res.partner', 'write', { ids: [company], vals: { parent_id: contact } })).message,
      /recursive Partner hierarchies/,
    );
  });

  it('clears the company of its contacts when it is deleted, and names them again', async () => {
    const company = await create({ name: 'Gone Ltd', is_company: true });
    const contact = await create({ name: 'Fay', parent_id: company });
    assert.equal(await ok(sandbox, 'res.partner', 'unlink', { ids: [company] }), true);
    assert.deepEqual(await read(contact, ['parent_id', 'display_name']), { id: contact, parent_id: false, display_name: 'Fay' });
  });

  it('copies a contact with its tags, and reads its contacts in the partners order', async () => {
    const [tag] = await ok<number[]>(sandbox, 'res.partner.category', 'create', { vals_list: [{ name: 'Copied tag' }] });
    const company = await create({ name: 'Order Inc', is_company: true, category_id: [[6, 0, [tag]]] });
    const zulu = await create({ name: 'Zulu', parent_id: company });
    const alpha = await create({ name: 'Alpha', parent_id: company });
    assert.deepEqual((await read(company, ['child_ids'])).child_ids, [alpha, zulu]);
    const [copy] = await ok<number[]>(sandbox, 'res.partner', 'copy', { ids: [company] });
    assert.deepEqual(await read(copy, ['name', 'category_id', 'child_ids']), {
      id: copy,
      name: 'Order Inc (copy)',
      category_id: [tag],
      child_ids: [],
    });
    // The tag does not copy its partners back (partner_ids is not copied).
    const [tagCopy] = await ok<number[]>(sandbox, 'res.partner.category', 'copy', { ids: [tag] });
    assert.deepEqual(
      (await ok<Row[]>(sandbox, 'res.partner.category', 'read', { ids: [tagCopy], fields: ['partner_ids'] }))[0].partner_ids,
      [],
    );
  });

  it('answers action_archive with null and writes floats as floats', async () => {
    const archived = await create({ name: 'Old', partner_latitude: 50 });
    const answer = await call(sandbox, 'res.partner', 'action_archive', { ids: [archived] });
    assert.equal(answer.text, 'null');
    const latitude = await call(sandbox, 'res.partner', 'read', { ids: [archived], fields: ['partner_latitude', 'color'] });
    assert.equal(latitude.text, `[{"id":${archived},"partner_latitude":50.0,"color":0}]`);
  });
});
