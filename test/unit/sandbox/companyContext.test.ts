// The context's `allowed_company_ids` over real HTTP: the activated companies decide what record rules show and are
// checked against the user's own companies, as on the reference server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;
let main: number;
let chicago: number;

before(async () => {
  sandbox = await startSandbox();
  main = (await ok<number[]>(sandbox, 'res.company', 'search', { domain: [['name', '=', 'My Company (San Francisco)']] }))[0];
  chicago = (await ok<number[]>(sandbox, 'res.company', 'search', { domain: [['name', '=', 'My Company (Chicago)']] }))[0];
});
after(async () => {
  await sandbox?.stop();
});

const countIn = (company: string, context?: Record<string, unknown>) =>
  ok<number>(sandbox, 'res.partner', 'search_count', { domain: [['company_id.name', '=', company]], ...(context ? { context } : {}) });

describe('allowed_company_ids in the context', () => {
  it('shows the records of the activated companies only; without the key, those of every company of the user', async () => {
    const everywhere = [await countIn('My Company (Chicago)'), await countIn('My Company (San Francisco)')];
    assert.ok(
      everywhere.every((count) => count > 0),
      `${everywhere}`,
    );
    assert.equal(await countIn('My Company (Chicago)', { allowed_company_ids: [main] }), 0);
    assert.equal(await countIn('My Company (San Francisco)', { allowed_company_ids: [chicago] }), 0);
    assert.equal(await countIn('My Company (Chicago)', { allowed_company_ids: [chicago, main] }), everywhere[0]);
  });

  it('refuses a company the user may not use, with the reference server message', async () => {
    const unknown = await fails(sandbox, 403, 'res.partner', 'search_count', {
      domain: [],
      context: { allowed_company_ids: [main, 9999] },
    });
    assert.equal(unknown.name, 'odoo.exceptions.AccessError');
    assert.equal(unknown.message, 'Access to unauthorized or invalid companies.');
    const demo = await fails(
      sandbox,
      403,
      'res.partner',
      'search_count',
      { domain: [], context: { allowed_company_ids: [chicago] } },
      { key: sandbox.keys.user },
    );
    assert.equal(demo.message, 'Access to unauthorized or invalid companies.');
  });

  it('makes the first activated company the default company of new records', async () => {
    const [sequence] = await ok<number[]>(sandbox, 'ir.sequence', 'create', {
      vals_list: { name: 'Context company', code: 'context.company' },
      context: { allowed_company_ids: [chicago, main] },
    });
    const [row] = await ok<{ company_id: [number, string] }[]>(sandbox, 'ir.sequence', 'read', { ids: [sequence], fields: ['company_id'] });
    assert.equal(row.company_id[0], chicago);
  });
});
