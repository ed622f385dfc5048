// The clients against a sandbox that picks databases as a real Odoo server (only X-Odoo-Database, the recorded
// "No database is selected" page) and hosts two: the database is named in both headers, a request's own database
// header reaches the other database, an unknown name is refused before sending, and detection names the database.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ClientUsageError, Json2Error } from '../../../src/core/client/clientErrors';
import { Json2Client } from '../../../src/core/client/json2Client';
import { UnknownDatabaseError } from '../../../src/core/client/knownDatabases';
import { detectProtocol } from '../../../src/core/client/protocolDetection';
import { COPY_CITY, COPY_DATABASE, PARTNER, startRealHeaderSandbox } from '../../support/realHeaderSandbox';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';

const RECORDED_PAGE = fs.readFileSync(
  path.resolve(__dirname, '../../../../test/fixtures/realServerPages/no-database-selected.html'),
  'utf8',
);

describe('clients against a sandbox in the real-header mode with two databases', () => {
  let sandbox: StartedSandbox;
  let demoCity: string;
  const requests: string[] = [];
  const clients: Json2Client[] = [];
  const client = (extra: Partial<ConstructorParameters<typeof Json2Client>[0]> = {}): Json2Client => {
    const made = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database, ...extra });
    clients.push(made);
    return made;
  };
  const cityOf = async (answer: { status: number; text: string }): Promise<string> => {
    assert.equal(answer.status, 200, answer.text);
    return (JSON.parse(answer.text) as { city: string }[])[0].city;
  };
  const readCity = (headers: Record<string, string> = {}, on = client()) =>
    on.send({
      method: 'POST',
      target: '/json/2/res.partner/search_read',
      headers,
      body: JSON.stringify({ domain: [['name', '=', PARTNER]], fields: ['city'] }),
    });

  before(async () => {
    ({ sandbox, demoCity } = await startRealHeaderSandbox(startSandbox, { log: (line) => requests.push(line) }));
  });
  after(async () => {
    await Promise.all(clients.map((made) => made.close()));
    await sandbox?.stop();
  });

  test('the sandbox answers the recorded page without X-Odoo-Database, even with X-Service-Database', async () => {
    const cases: Record<string, string>[] = [{}, { 'X-Service-Database': sandbox.database }, { 'X-Odoo-Database': 'nosuchdb' }];
    for (const headers of cases) {
      const answer = await fetch(`${sandbox.url}/json/2/res.users/context_get`, {
        method: 'POST',
        headers: { Authorization: `bearer ${sandbox.keys.admin}`, 'Content-Type': 'application/json', ...headers },
        body: '{}',
      });
      assert.equal(answer.status, 404);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(await answer.text(), RECORDED_PAGE);
    }
  });

  test('the schema documents pick their database the same way', async () => {
    const page = await fetch(`${sandbox.url}/doc-bearer/index.json`, {
      headers: { Authorization: `bearer ${sandbox.keys.admin}`, 'X-Service-Database': COPY_DATABASE },
    });
    assert.equal(page.status, 404);
    assert.equal(await page.text(), RECORDED_PAGE);
    const document = await client({ database: COPY_DATABASE }).getDocument('/doc-bearer/index.json');
    assert.ok(!document.notModified && document.body !== null && typeof document.body === 'object');
  });

  test('a client names its database in both headers: each database answers with its own value', async () => {
    assert.equal(await cityOf(await readCity()), demoCity);
    assert.equal(await cityOf(await readCity({}, client({ database: COPY_DATABASE }))), COPY_CITY);
    const [partner] = await client({ database: COPY_DATABASE }).call<{ city: string }[]>('res.partner', 'search_read', {
      domain: [['name', '=', PARTNER]],
      fields: ['city'],
    });
    assert.equal(partner.city, COPY_CITY);
  });

  test("a request's database header (either name) replaces the connection's in every header sent", async () => {
    assert.equal(await cityOf(await readCity({ 'X-Service-Database': COPY_DATABASE })), COPY_CITY);
    assert.equal(await cityOf(await readCity({ 'x-odoo-database': COPY_DATABASE })), COPY_CITY);
    await assert.rejects(
      readCity({ 'X-Odoo-Database': COPY_DATABASE, 'X-Service-Database': sandbox.database }),
      (error: unknown) => error instanceof ClientUsageError && /names two databases/.test(error.message),
    );
  });

  test('an unknown name is refused before sending, naming the databases the server has', async () => {
    const before = requests.filter((line) => line.includes('/json/2/')).length;
    await assert.rejects(
      readCity({ 'X-Odoo-Database': 'nosuchdb' }),
      (error: unknown) =>
        error instanceof UnknownDatabaseError &&
        error.message === `The database "nosuchdb" does not exist on this server; it has: ${COPY_DATABASE}, ${sandbox.database}.`,
    );
    await assert.rejects(client({ database: 'typo_db' }).whoami(), UnknownDatabaseError);
    assert.equal(requests.filter((line) => line.includes('/json/2/')).length, before, 'no JSON-2 request reached the server');
  });

  test('a connection that sends only X-Service-Database is told what the page means and what to set', async () => {
    const error = await client({ databaseHeader: 'X-Service-Database' })
      .whoami()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(error instanceof Json2Error && error.kind === 'noDatabase', String(error));
    assert.match(
      error.message,
      /"demo" was sent in the X-Service-Database header, which Odoo servers do not read \(they read X-Odoo-Database\)/,
    );
  });

  test('detection without a database sees the page (not "no JSON-2"); with the database it sees JSON-2', async () => {
    const blind = await detectProtocol(sandbox.url);
    assert.deepEqual([blind.protocol, blind.json2, blind.needsDatabase], ['json2', true, true]);
    const named = await detectProtocol(sandbox.url, { database: COPY_DATABASE });
    assert.deepEqual([named.protocol, named.json2, named.needsDatabase], ['json2', true, false]);
  });

  test('a connection keeps working once a third database exists', async () => {
    const kept = client();
    assert.equal((await kept.whoami()).uid, sandbox.users.admin.id);
    await sandbox.server.catalog.createDatabase('third');
    assert.equal((await kept.whoami()).uid, sandbox.users.admin.id);
    assert.equal(await cityOf(await readCity({}, kept)), demoCity);
  });
});
