// Json2Client against the real sandbox over loopback: every error status of the notes becomes the right typed error,
// cancellation and time-outs stop a slow call on the server, oversized requests and answers are refused, a server with
// several databases explains the missing header, and key rotation leaves the old key valid whenever a step fails.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Json2Error, TransportError, type ErrorKind } from '../../../src/core/client/clientErrors';
import { Json2Client } from '../../../src/core/client/json2Client';
import { json2ErrorOf } from '../../../src/core/client/json2Answer';
import { KeyRotationError, type RotationStep } from '../../../src/core/client/keyRotation';
import { UnknownDatabaseError } from '../../../src/core/client/knownDatabases';
import { fetchServerVersion } from '../../../src/core/client/serverVersion';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { assertNoSecretIn } from './secretLeakCheck';

const MAX_BODY_BYTES = 64 * 1024;

describe('Json2Client against the sandbox', () => {
  let sandbox: StartedSandbox;
  let admin: Json2Client;
  const clients: Json2Client[] = [];
  const clientFor = (apiKey: string, extra: Partial<ConstructorParameters<typeof Json2Client>[0]> = {}): Json2Client => {
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey, database: sandbox.database, ...extra });
    clients.push(client);
    return client;
  };

  before(async () => {
    sandbox = await startSandbox({ databases: ['second'], maxBodyBytes: MAX_BODY_BYTES });
    admin = clientFor(sandbox.keys.admin);
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await sandbox?.stop();
  });

  test('version and whoami; the version also without any key', async () => {
    assert.equal((await admin.version()).version, '19.0');
    assert.equal((await admin.whoami()).uid, sandbox.users.admin.id);
    const keyless = await fetchServerVersion(sandbox.url);
    assert.deepEqual(keyless, { version: '19.0', version_info: [19, 0, 0, 'final', 0, ''] });
  });

  const failures: Array<[string, () => Promise<unknown>, number, string | undefined, ErrorKind, RegExp]> = [
    [
      'unknown model',
      () => admin.call('no.such.model', 'search', { domain: [] }),
      404,
      'werkzeug.exceptions.NotFound',
      'notFound',
      /the model 'no\.such\.model' does not exist/,
    ],
    [
      'unknown method',
      () => admin.call('res.partner', 'no_such_method'),
      404,
      'werkzeug.exceptions.NotFound',
      'notFound',
      /res\.partner\.no_such_method/,
    ],
    [
      'name_get is gone',
      () => admin.call('res.partner', 'name_get', {}, { ids: [1] }),
      404,
      'werkzeug.exceptions.NotFound',
      'notFound',
      /name_get/,
    ],
    [
      'private method',
      () => admin.call('res.partner', '_read', {}),
      403,
      'odoo.exceptions.AccessError',
      'access',
      /cannot be called remotely/,
    ],
    [
      'search_fetch is private',
      () => admin.call('res.partner', 'search_fetch', { domain: [], field_names: ['name'] }),
      403,
      'odoo.exceptions.AccessError',
      'access',
      /Private methods/,
    ],
    [
      'ids to a model method',
      () => admin.call('res.partner', 'search', { domain: [] }, { ids: [1] }),
      422,
      'werkzeug.exceptions.UnprocessableEntity',
      'badRequest',
      /cannot call res\.partner\.search with ids/,
    ],
    [
      'missing argument',
      () => admin.call('res.partner', 'search', {}),
      422,
      'werkzeug.exceptions.UnprocessableEntity',
      'badRequest',
      /missing a required argument: 'domain'/,
    ],
    [
      'unexpected argument',
      () => admin.call('res.partner', 'search', { domain: [], foo: 1 }),
      422,
      'werkzeug.exceptions.UnprocessableEntity',
      'badRequest',
      /unexpected keyword argument 'foo'/,
    ],
    [
      'unknown field in a domain',
      () => admin.call('res.partner', 'search', { domain: [['no_field', '=', 1]] }),
      500,
      undefined,
      'server',
      /Invalid field res\.partner\.no_field/,
    ],
    [
      'missing record',
      () => admin.call('res.partner', 'write', { vals: { name: 'x' } }, { ids: [987654321] }),
      404,
      'odoo.exceptions.MissingError',
      'missing',
      /./,
    ],
    [
      'revoke an invalid key',
      () => admin.call('res.users.apikeys', 'revoke', { key: '0'.repeat(40) }),
      403,
      undefined,
      'access',
      /The provided API key is invalid/,
    ],
    [
      'expiration beyond three months',
      () => admin.generateKey({ scope: null, name: 'too long', expirationDate: '2999-01-01' }),
      422,
      undefined,
      'validation',
      /./,
    ],
  ];
  for (const [label, run, status, name, kind, message] of failures) {
    test(`${label} → ${status} ${kind}`, async () => {
      await assert.rejects(run(), (error: unknown) => {
        assert.ok(error instanceof Json2Error, String(error));
        assert.equal(error.status, status);
        if (name !== undefined) assert.equal(error.name, name);
        assert.equal(error.kind, kind);
        assert.match(error.message, message);
        assert.match(error.debug, /./);
        assertNoSecretIn(error, [sandbox.keys.admin]);
        return true;
      });
    });
  }

  test('an invalid key → 401 auth, and the key appears nowhere in the error', async () => {
    const wrongKey = 'f'.repeat(40);
    const error = await clientFor(wrongKey)
      .whoami()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(error instanceof Json2Error);
    assert.equal(
      [error.status, error.name, error.kind, error.message].join(' '),
      '401 werkzeug.exceptions.Unauthorized auth Invalid apikey',
    );
    assert.deepEqual(error.arguments, ['Invalid apikey', 401]);
    assertNoSecretIn(error, [wrongKey]);
  });

  test('raw answers: 415 HTML page and malformed JSON read as typed errors; a non-object body carries no arguments', async () => {
    const page = await admin.send({
      method: 'POST',
      target: '/json/2/res.partner/search',
      headers: { 'content-type': 'text/plain' },
      body: '{"domain":[]}',
    });
    assert.equal(
      json2ErrorOf(page.status, page.headers['content-type'], page.text, 'x', undefined, 'X-Service-Database').kind,
      'unsupportedMediaType',
    );
    const malformed = await admin.send({ method: 'POST', target: '/json/2/res.partner/search', body: '{"domain":' });
    const parsed = json2ErrorOf(malformed.status, malformed.headers['content-type'], malformed.text, 'x', undefined, 'X');
    assert.deepEqual([parsed.status, parsed.kind], [400, 'badRequest']);
    assert.match(parsed.message, /could not parse the body as json/);
    // As the reference, a body that is JSON but not an object is ignored: the call lacks its required argument.
    const notObject = await admin.send({ method: 'POST', target: '/json/2/res.partner/search', body: '[]' });
    const unbound = json2ErrorOf(notObject.status, notObject.headers['content-type'], notObject.text, 'x', undefined, 'X');
    assert.deepEqual([unbound.status, unbound.message], [422, "missing a required argument: 'domain'"]);
  });

  test('an answer over the size limit is refused with a clear error', async () => {
    const small = clientFor(sandbox.keys.admin, { transport: { maxResponseBytes: 200 } });
    const error = await small.call('res.partner', 'search_read', { domain: [], fields: ['name', 'email'] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof TransportError && error.kind === 'responseTooLarge', String(error));
    assert.match(error.message, /over the size limit of 200 bytes/);
    assertNoSecretIn(error, [sandbox.keys.admin]);
  });

  test("a request body over the server's limit → 413 payloadTooLarge with the server's error object", async () => {
    const name = 'x'.repeat(MAX_BODY_BYTES);
    const error = await admin.call('res.partner', 'search', { domain: [['name', '=', name]] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof Json2Error, String(error));
    assert.deepEqual([error.status, error.name, error.kind], [413, 'werkzeug.exceptions.RequestEntityTooLarge', 'payloadTooLarge']);
    assertNoSecretIn(error, [sandbox.keys.admin]);
    assert.equal((await admin.whoami()).uid, sandbox.users.admin.id, 'the client still works after the server closed that connection');
  });

  test('cancelling a slow call through its AbortSignal stops it on the server too', async () => {
    const { model, method } = sandbox.slowMethod;
    const [startedBefore, cancelledBefore, completedBefore] = [
      sandbox.slowMethod.started(),
      sandbox.slowMethod.cancelled(),
      sandbox.slowMethod.completed(),
    ];
    const controller = new AbortController();
    const call = admin.call(model, method, { seconds: 30 }, { signal: controller.signal });
    // Cancelled once the server runs it (a fixed pause could end before the request was even sent, under load).
    await waitFor(() => sandbox.slowMethod.started() > startedBefore, 'the server running the slow method');
    controller.abort();
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof TransportError && error.kind === 'cancelled', String(error));
    assert.equal(error.maybeSent, true);
    await waitFor(() => sandbox.slowMethod.cancelled() > cancelledBefore, 'the server noticed the cancelled call');
    assert.equal(sandbox.slowMethod.completed(), completedBefore);
    assertNoSecretIn(error, [sandbox.keys.admin]);
  });

  test('a call over its timeout fails with kind timeout and the server stops it; a quick one under the same timeout passes', async () => {
    const { model, method } = sandbox.slowMethod;
    const cancelledBefore = sandbox.slowMethod.cancelled();
    const error = await admin.call(model, method, { seconds: 30 }, { timeoutMs: 400 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof TransportError && error.kind === 'timeout', String(error));
    assert.match(error.message, /within 400 ms/);
    await waitFor(() => sandbox.slowMethod.cancelled() > cancelledBefore, 'the server noticed the abandoned call');
    const quick = clientFor(sandbox.keys.admin, { transport: { requestTimeoutMs: 5_000 } });
    assert.deepEqual(await quick.call(model, method, { seconds: 0.05 }), { slept: 0.05, cancelled: false });
    const slowDefault = clientFor(sandbox.keys.admin, { transport: { requestTimeoutMs: 300 } });
    await assert.rejects(
      slowDefault.call(model, method, { seconds: 30 }),
      (e: unknown) => e instanceof TransportError && e.kind === 'timeout',
    );
  });

  describe('a server with several databases', () => {
    test('no database → 404 noDatabase saying that the request named none and what to set', async () => {
      const error = await clientFor(sandbox.keys.admin, { database: undefined })
        .whoami()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.ok(error instanceof Json2Error, String(error));
      assert.deepEqual([error.status, error.kind], [404, 'noDatabase']);
      assert.match(
        error.message,
        /"No database is selected".*several databases and the request named none\. Set the connection's database/,
      );
      assert.match(error.rawBody ?? '', /No database is selected/);
      assertNoSecretIn(error, [sandbox.keys.admin]);
    });

    test('an unknown database is refused before sending, naming the ones the server has', async () => {
      const error = await clientFor(sandbox.keys.admin, { database: 'nope' })
        .whoami()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.ok(error instanceof UnknownDatabaseError && error.kind === 'noDatabase', String(error));
      assert.equal(error.message, 'The database "nope" does not exist on this server; it has: demo, second.');
      // Sent anyway (check off), the server's page is explained: both names were sent, the name is unknown.
      const unchecked = await clientFor(sandbox.keys.admin, { database: 'nope', checkDatabase: false })
        .whoami()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.ok(unchecked instanceof Json2Error && unchecked.kind === 'noDatabase', String(unchecked));
      assert.match(
        unchecked.message,
        /"nope" was sent in the X-Odoo-Database and X-Service-Database headers, and the server has no database of that name/,
      );
    });

    test('a database created after the first check is found: the list is asked again before refusing', async () => {
      const client = clientFor(sandbox.keys.admin);
      await client.whoami();
      await sandbox.server.catalog.createDatabase('later');
      const answer = await client.send({
        method: 'POST',
        target: '/json/2/res.users/context_get',
        headers: { 'X-Odoo-Database': 'later' },
        body: '{}',
      });
      // The demo key is unknown in the new database: the request reached it.
      assert.equal(answer.status, 401);
    });

    test('a custom database header name is sent as configured; a server that does not read it gets explained', async () => {
      const custom = clientFor(sandbox.keys.admin, { databaseHeader: 'X-Tenant-Database' });
      const error = await custom.whoami().then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof Json2Error && error.kind === 'noDatabase', String(error));
      assert.match(
        error.message,
        /"demo" was sent in the X-Tenant-Database header, which Odoo servers do not read .*X-Odoo-Database.*databaseHeader/,
      );
      // The same name in another case is the same header: the server reads it and answers from that database.
      const cased = clientFor(sandbox.keys.admin, { databaseHeader: 'x-SERVICE-database' });
      assert.equal((await cased.whoami()).uid, sandbox.users.admin.id);
      const odoo = clientFor(sandbox.keys.admin, { databaseHeader: 'X-Odoo-Database' });
      assert.equal((await odoo.whoami()).uid, sandbox.users.admin.id);
    });

    test('the header selects the database: the key of demo is unknown in second', async () => {
      const second = clientFor(sandbox.keys.admin, { database: 'second' });
      await assert.rejects(second.whoami(), (error: unknown) => error instanceof Json2Error && error.kind === 'auth');
    });
  });

  describe('key rotation on the server', () => {
    const expirationDate = (): string => new Date(sandbox.clock.now().getTime() + 20 * 86_400_000).toISOString().slice(0, 10);

    test('succeeds: the new key works for the same user and the old one is revoked', async () => {
      const oldKey = await sandbox.newKey('admin', { name: 'to rotate' });
      const user = clientFor(oldKey);
      const stored: string[] = [];
      const outcome = await user.rotateKey({
        scope: null,
        name: 'rotated by test',
        expirationDate: expirationDate(),
        store: (key) => {
          stored.push(key);
        },
      });
      assert.deepEqual(stored, [outcome.newKey]);
      assert.match(outcome.newKey, /^[0-9a-f]{40}$/);
      assert.equal(outcome.uid, sandbox.users.admin.id);
      const rotated = user.withApiKey(outcome.newKey);
      assert.equal((await rotated.whoami()).uid, outcome.uid);
      await assert.rejects(user.whoami(), (error: unknown) => error instanceof Json2Error && error.kind === 'auth');
      await rotated.revokeKey(outcome.newKey);
    });

    test('a rotation cancelled while the caller stores the new key stops there: nothing is verified or revoked', async () => {
      const oldKey = await sandbox.newKey('admin', { name: 'rotation cancelled' });
      const user = clientFor(oldKey);
      const controller = new AbortController();
      const error = await user
        .rotateKey({
          scope: null,
          name: 'rotated (cancelled)',
          expirationDate: expirationDate(),
          signal: controller.signal,
          store: () => controller.abort(),
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.ok(error instanceof KeyRotationError, String(error));
      assert.equal(error.step, 'verify');
      const newKey = error.takeNewKey() as string;
      assert.equal((await user.whoami()).uid, sandbox.users.admin.id);
      assert.equal((await user.withApiKey(newKey).whoami()).uid, sandbox.users.admin.id);
      await user.revokeKey(newKey);
      await user.revokeKey(oldKey);
    });

    // What breaks each step on the server (or in the caller's storage).
    const breakers: Record<RotationStep, { arm: () => void; store?: () => void }> = {
      generate: { arm: () => sandbox.faults.failMethod('res.users.apikeys', 'generate') },
      store: {
        arm: () => undefined,
        store: () => {
          throw new Error('the secret storage is locked');
        },
      },
      verify: { arm: () => sandbox.faults.failMethod('res.users', 'context_get') },
      revoke: { arm: () => sandbox.faults.failMethod('res.users.apikeys', 'revoke') },
    };
    for (const [step, breaker] of Object.entries(breakers) as Array<[RotationStep, (typeof breakers)[RotationStep]]>) {
      test(`a failure at "${step}" on the server leaves the old key valid and the caller holding both keys`, async () => {
        const oldKey = await sandbox.newKey('admin', { name: `rotation failing at ${step}` });
        const user = clientFor(oldKey);
        const firedBefore = sandbox.faults.fired;
        breaker.arm();
        let error: unknown;
        try {
          error = await user
            .rotateKey({
              scope: null,
              name: `rotated (${step})`,
              expirationDate: expirationDate(),
              store: breaker.store ?? (() => undefined),
            })
            .then(
              () => undefined,
              (e: unknown) => e,
            );
        } finally {
          sandbox.faults.clear();
        }
        assert.ok(error instanceof KeyRotationError, String(error));
        assert.equal(error.step, step);
        assert.equal(error.oldKeyRevoked, false);
        if (step !== 'store') assert.ok(sandbox.faults.fired > firedBefore, 'the injected fault fired on the server');
        assert.match(error.message, new RegExp(`step "${step}".*old key was not revoked and stays valid`));
        const newKey = error.takeNewKey();
        assertNoSecretIn(error, [oldKey, newKey]);
        // On the server: the old key still works, and so does the new one whenever it was issued.
        assert.equal((await user.whoami()).uid, sandbox.users.admin.id);
        assert.equal(error.newKeyIssued, step !== 'generate');
        if (step === 'generate') {
          assert.equal(newKey, undefined);
        } else {
          assert.match(newKey ?? '', /^[0-9a-f]{40}$/);
          assert.equal((await user.withApiKey(newKey as string).whoami()).uid, sandbox.users.admin.id);
          await user.revokeKey(newKey as string);
        }
        await user.revokeKey(oldKey);
      });
    }
  });
});

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  // Only ends a hung test: generous, since a loaded machine may take seconds.
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await delay(20);
  }
}
