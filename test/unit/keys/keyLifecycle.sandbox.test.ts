// Against the sandbox: the server's real refusals of generate and revoke are explained in plain words, the generate
// questions produce what the server accepts, and the observed rotation reports its steps and stops cleanly.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Json2Client } from '../../../src/core/client/json2Client';
import { KeyRotationError, type RotationStep } from '../../../src/core/client/keyRotation';
import { explainKeyFailure } from '../../../src/core/keys/keyErrorExplanation';
import { addCalendarMonths, isoDateOf } from '../../../src/core/keys/keyExpiration';
import { askNewKeyQuestions } from '../../../src/core/keys/newKeyQuestions';
import { rotateKeyWithSteps } from '../../../src/core/keys/observedRotation';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { ScriptedInputPort } from '../connections/scriptedInputPort';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require(path.resolve(__dirname, '../../../src/sandbox/testApi.js')) as {
  startSandbox(options: { hashCost: number }): Promise<StartedSandbox>;
};

const inDays = (days: number): string => isoDateOf(new Date(Date.now() + days * 86_400_000));

async function failureOf(promise: Promise<unknown>): Promise<{ status?: number; message?: string }> {
  return promise.then(
    () => assert.fail('the call succeeded'),
    (error: { status?: number; message?: string }) => error,
  );
}

describe('API keys against the sandbox', () => {
  let sandbox: StartedSandbox;
  let admin: Json2Client;
  const clientOf = (apiKey: string): Json2Client => new Json2Client({ baseUrl: sandbox.url, apiKey, database: sandbox.database });

  before(async () => {
    sandbox = await startSandbox({ hashCost: 10 });
    admin = clientOf(sandbox.keys.admin);
  });
  after(async () => {
    await admin?.close();
    await sandbox?.stop();
  });

  test('the answers of Generate API Key make a key the server accepts, for as long as asked', async () => {
    const port = new ScriptedInputPort([
      { text: 'ci robot' },
      { pick: 'rpc' },
      { pick: 'date' },
      { text: '2000-01-01' },
      { text: inDays(10) },
    ]);
    const answers = await askNewKeyQuestions(port, { connection: 'sandbox', now: new Date() });
    assert.deepEqual(answers, { name: 'ci robot', scope: 'rpc', expirationDate: inDays(10), lifetime: 'date' });
    assert.deepEqual(port.shown.find((q) => q.id === 'keyDate')?.problems, ['The expiration date must be in the future (after today).']);
    const key = await admin.generateKey({ name: answers.name, scope: answers.scope, expirationDate: answers.expirationDate });
    const created = clientOf(key);
    assert.equal((await created.whoami()).uid, sandbox.users.admin.id);
    await created.close();
    const [record] = await admin.call<Array<{ scope: string; expiration_date: string }>>('res.users.apikeys', 'search_read', {
      domain: [['name', '=', 'ci robot']],
      fields: ['scope', 'expiration_date'],
    });
    assert.equal(record.scope, 'rpc');
    assert.equal(record.expiration_date.slice(0, 10), inDays(10));
  });

  test('a duration over three months: 422, explained as too long', async () => {
    const tooFar = isoDateOf(addCalendarMonths(new Date(), 4));
    const failure = await failureOf(admin.generateKey({ name: 'too long', scope: null, expirationDate: tooFar }));
    assert.equal(failure.status, 422);
    const explained = explainKeyFailure('generate', failure);
    assert.equal(explained.refusal, 'durationTooLong');
    assert.match(explained.text, /lives at most three months.*The server said: .*three months/s);
  });

  test('programmatic keys off for a user who is not a settings administrator: 422, explained', async () => {
    const user = clientOf(sandbox.keys.user);
    const failure = await failureOf(user.generateKey({ name: 'mine', scope: null, expirationDate: inDays(1) }));
    await user.close();
    assert.equal(failure.status, 422);
    const explained = explainKeyFailure('generate', failure);
    assert.equal(explained.refusal, 'programmaticKeysDisabled');
    assert.match(explained.text, /base\.enable_programmatic_api_keys/);
  });

  test('a key of another user given to generate: 403, explained as not yours', async () => {
    const failure = await failureOf(
      admin.call('res.users.apikeys', 'generate', { key: sandbox.keys.robot, scope: null, name: 'x', expiration_date: inDays(1) }),
    );
    assert.equal(failure.status, 403);
    assert.equal(explainKeyFailure('generate', failure).refusal, 'keyNotYours');
  });

  test('revoking a key that is not valid: 403, explained', async () => {
    const failure = await failureOf(admin.revokeKey('0'.repeat(40)));
    assert.equal(failure.status, 403);
    const explained = explainKeyFailure('revoke', failure);
    assert.equal(explained.refusal, 'keyToRevokeInvalid');
    assert.match(explained.text, /already revoked or expired/);
  });

  test('rotation tells its steps in order; with the revoke step failing, both keys stay valid on the server', async () => {
    const old = await sandbox.newKey('admin', { days: 5, name: 'to rotate' });
    const client = clientOf(old);
    const steps: RotationStep[] = [];
    let stored: string | undefined;
    sandbox.faults.failMethod('res.users.apikeys', 'revoke');
    const error = await rotateKeyWithSteps(
      client,
      old,
      {
        scope: null,
        name: 'rotated',
        expirationDate: inDays(2),
        store: (key) => {
          stored = key;
        },
      },
      (step) => steps.push(step),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    sandbox.faults.clear();
    assert.ok(error instanceof KeyRotationError);
    assert.equal(error.step, 'revoke');
    assert.deepEqual(steps, ['generate', 'store', 'verify', 'revoke']);
    assert.ok(stored && !error.message.includes(stored) && !error.message.includes(old), 'no key in the message');
    assert.equal((await client.whoami()).uid, sandbox.users.admin.id, 'the old key still works');
    const rotated = clientOf(stored);
    assert.equal((await rotated.whoami()).uid, sandbox.users.admin.id, 'the new key works');
    const done: RotationStep[] = [];
    const outcome = await rotateKeyWithSteps(
      rotated,
      stored,
      { scope: null, name: 'rotated again', expirationDate: inDays(1), store: () => undefined },
      (step) => done.push(step),
    );
    assert.deepEqual(done, ['generate', 'store', 'verify', 'revoke']);
    await assert.rejects(rotated.whoami(), (e: { status?: number }) => e.status === 401, 'the rotated-away key is refused');
    const last = clientOf(outcome.newKey);
    assert.equal((await last.whoami()).uid, sandbox.users.admin.id);
    await Promise.all([client.close(), rotated.close(), last.close()]);
  });

  test('the limit of programmatic keys: 422, explained as reached', async () => {
    const made: string[] = [];
    let failure: { status?: number; message?: string } | undefined;
    for (let attempt = 0; attempt < 12 && failure === undefined; attempt++) {
      await admin.generateKey({ name: `filler ${attempt}`, scope: null, expirationDate: inDays(1) }).then(
        (key) => made.push(key),
        (error: { status?: number; message?: string }) => {
          failure = error;
        },
      );
    }
    assert.ok(failure, `the server refused a key after ${made.length}`);
    assert.equal(failure.status, 422);
    const explained = explainKeyFailure('generate', failure);
    assert.equal(explained.refusal, 'limitReached');
    assert.match(explained.text, /Limit of 10 API keys is reached/);
    for (const key of made) await admin.revokeKey(key);
  });
});
