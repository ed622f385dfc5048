// The connection's default context in the one request pipeline, against the sandbox: merged key by key into model
// calls (the request's own keys win, `--context` wins over the connection), its sources reported, visible in answers
// (a translated name in French, the records of the chosen company), on JSON-2 and on XML-RPC alike.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { profileOf, runOf, scriptedPorts } from './pipelineHarness';

const BELGIUM = `POST res.country/search_read
{ "domain": [["code", "=", "BE"]], "fields": ["name"] }
`;

describe('the default context of a connection', () => {
  let sandbox: StartedSandbox;
  let chicago: number;

  before(async () => {
    sandbox = await startSandbox();
    const { ports, close } = scriptedPorts({
      connections: [{ profile: profileOf('local', sandbox.url, sandbox.database), secret: sandbox.keys.admin }],
    });
    try {
      const [result] = await runOf('POST res.company/search\n{ "domain": [["name", "=", "My Company (Chicago)"]] }\n', ports).run.run([0]);
      chicago = (result.body as number[])[0];
    } finally {
      await close();
    }
  });
  after(async () => {
    await sandbox?.stop();
  });

  async function runWith(
    text: string,
    defaultContext: Record<string, unknown> | undefined,
    extra: { contextOverride?: Record<string, unknown>; protocol?: 'xmlrpc' } = {},
  ) {
    const profile = profileOf('local', sandbox.url, sandbox.database, {
      ...(defaultContext ? { defaultContext } : {}),
      ...(extra.protocol ? { protocol: extra.protocol, login: 'admin' } : {}),
    });
    const { ports, close } = scriptedPorts({ connections: [{ profile, secret: sandbox.keys.admin }] });
    try {
      return await runOf(text, ports, extra.contextOverride ? { contextOverride: extra.contextOverride } : {}).run.run([0]);
    } finally {
      await close();
    }
  }

  test("the connection language translates the answer and is reported as the connection's", async () => {
    const [plain] = await runWith(BELGIUM, undefined);
    assert.equal((plain.body as { name: string }[])[0].name, 'Belgium');
    assert.equal(plain.context, undefined);
    const [french] = await runWith(BELGIUM, { lang: 'fr_FR' });
    assert.equal((french.body as { name: string }[])[0].name, 'Belgique');
    assert.deepEqual(french.context, [{ key: 'lang', value: 'fr_FR', source: 'connection' }]);
  });

  test('a key the request sets itself wins; the other defaults still apply', async () => {
    const [result] = await runWith(
      `POST res.country/search_read
{ "domain": [["code", "=", "BE"]], "fields": ["name"], "context": { "lang": "en_US" } }
`,
      { lang: 'fr_FR', tz: 'Europe/Paris' },
    );
    assert.equal((result.body as { name: string }[])[0].name, 'Belgium');
    assert.deepEqual(result.context, [
      { key: 'tz', value: 'Europe/Paris', source: 'connection' },
      { key: 'lang', value: 'en_US', source: 'request' },
    ]);
  });

  test('the chosen company decides which records answer; --context wins over the connection', async () => {
    const count = 'POST res.partner/search_count\n{ "domain": [["company_id.name", "=", "My Company (Chicago)"]] }\n';
    const [main] = await runWith(count, { allowed_company_ids: [1] });
    assert.equal(main.body, 0);
    const [overridden] = await runWith(
      count,
      { allowed_company_ids: [1], lang: 'fr_FR' },
      { contextOverride: { allowed_company_ids: [chicago] } },
    );
    assert.ok((overridden.body as number) > 0);
    assert.deepEqual(overridden.context, [
      { key: 'allowed_company_ids', value: [chicago], source: 'command line' },
      { key: 'lang', value: 'fr_FR', source: 'connection' },
    ]);
  });

  test("a company the user may not use: the server's refusal, as for a context written in the file", async () => {
    const [refused] = await runWith(BELGIUM, { allowed_company_ids: [9999] });
    assert.equal(refused.status, 403);
    assert.match(refused.error?.message ?? '', /Access to unauthorized or invalid companies/);
  });

  test('XML-RPC carries the same default context in execute_kw', async () => {
    const [french] = await runWith(BELGIUM, { lang: 'fr_FR' }, { protocol: 'xmlrpc' });
    assert.equal((french.body as { name: string }[])[0].name, 'Belgique');
    assert.deepEqual(french.context, [{ key: 'lang', value: 'fr_FR', source: 'connection' }]);
  });

  test('routes carry no context', async () => {
    const [route] = await runWith('GET /web/version\n', { lang: 'fr_FR' });
    assert.equal(route.status, 200);
    assert.equal(route.context, undefined);
  });
});
