// The change detection behind the editor's offer to regenerate: the header's server and database read back and matched
// with a refreshed connection, and against the sandbox a generated file that matches offers nothing, a custom field
// added through the API is found by the `--check` comparison and offered once, a further change offered again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Json2Client } from '../../../src/core/client/json2Client';
import { SchemaService } from '../../../src/core/schema/schemaService';
import { mayBeGeneratedTypes, readOrigin } from '../../../src/core/typegen/generatedHeader';
import { describesRefreshed, RegenerationOffers } from '../../../src/core/typegen/regenerationOffers';
import { checkTypes, generateTypes } from '../../../src/core/typegen/typeGeneration';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok } from '../../support/sandboxHttp';

/** The offers' memory as the editor's workspace state keeps it, in memory. */
function memory(): { offers: RegenerationOffers; kept: () => Record<string, string> } {
  let kept: Record<string, string> = {};
  const offers = new RegenerationOffers({
    get: () => kept,
    set: (next) => {
      kept = { ...next };
    },
  });
  return { offers, kept: () => kept };
}

describe('which generated files a refresh concerns', () => {
  const origin = { server: 'https://erp.example.com/', database: 'prod' };
  test('the same server (with or without a trailing slash) and database, or every database of the server', () => {
    assert.ok(describesRefreshed(origin, { server: 'https://erp.example.com', database: 'prod' }));
    assert.ok(describesRefreshed(origin, { server: 'https://erp.example.com', database: undefined }));
    assert.ok(!describesRefreshed(origin, { server: 'https://erp.example.com', database: 'staging' }));
    assert.ok(!describesRefreshed(origin, { server: 'https://other.example.com', database: 'prod' }));
    assert.ok(
      describesRefreshed({ server: 'https://erp.example.com', database: undefined }, { server: 'https://erp.example.com', database: '' }),
    );
  });
});

describe('regeneration offers against the sandbox', () => {
  let sandbox: StartedSandbox;
  let client: Json2Client;
  let schema: SchemaService;
  let partnerModelId: number;
  const addField = async (name: string): Promise<void> => {
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: [{ model_id: partnerModelId, name, field_description: name, state: 'manual', ttype: 'char' }],
    });
  };

  before(async () => {
    sandbox = await startSandbox();
    client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    schema = new SchemaService({ backend: client, connectionId: `test\u0000${sandbox.url}`, database: sandbox.database });
    [partnerModelId] = await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', 'res.partner']] });
  });
  after(async () => {
    await client?.close();
    await sandbox?.stop();
  });

  test('nothing while the file matches; a change offered once per file, a further change again', async () => {
    const origin = { server: sandbox.url, database: sandbox.database, release: '19.0' };
    const options = { lang: 'ts' as const, models: ['res.partner'], depth: 0, client: false };
    const { text } = await generateTypes({ source: schema, origin, options });
    assert.deepEqual(readOrigin(text), { server: sandbox.url, database: sandbox.database });
    assert.ok(mayBeGeneratedTypes(text.slice(0, 256)), 'the first bytes tell a generated file');
    assert.ok(!mayBeGeneratedTypes('// Types of something else\n'));
    const { offers, kept } = memory();

    assert.deepEqual((await checkTypes(text, schema)).differences, []);
    assert.equal(await offers.shouldOffer('file:///types.ts', []), false, 'an unchanged schema offers nothing');

    await addField('x_offered');
    const first = (await checkTypes(text, schema)).differences;
    assert.deepEqual(first, ['res.partner: field x_offered was added (char)']);
    assert.equal(await offers.shouldOffer('file:///types.ts', first), true, 'the change is offered');
    assert.equal(await offers.shouldOffer('file:///types.ts', [...first]), false, 'not twice for the same change');
    assert.equal(await offers.shouldOffer('file:///other.ts', first), true, 'once per file');
    assert.deepEqual(Object.keys(kept()).sort(), ['file:///other.ts', 'file:///types.ts']);

    await addField('x_again');
    const second = (await checkTypes(text, schema)).differences;
    assert.equal(second.length, 2);
    assert.equal(await offers.shouldOffer('file:///types.ts', second), true, 'a further change is offered again');

    // Regenerated: the file matches, and its offer is forgotten.
    const regenerated = await generateTypes({ source: schema, origin, options });
    assert.deepEqual((await checkTypes(regenerated.text, schema)).differences, []);
    await offers.forget('file:///types.ts');
    assert.deepEqual(Object.keys(kept()), ['file:///other.ts']);
  });

  test('a file of the server’s default database says so', async () => {
    const { text } = await generateTypes({
      source: schema,
      origin: { server: sandbox.url, database: undefined, release: '19.0' },
      options: { lang: 'python', models: ['res.partner'], depth: 0, client: false },
    });
    assert.deepEqual(readOrigin(text), { server: sandbox.url, database: undefined });
    assert.ok(mayBeGeneratedTypes(text.slice(0, 256)), 'a Python file too');
    assert.equal(readOrigin('# nothing here\n'), undefined);
  });
});
