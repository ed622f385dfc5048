// The rotation procedure's order and its failure rules, step by step (the sandbox test proves it against a server).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Json2Error } from '../../../src/core/client/clientErrors';
import { KeyRotationError, type KeyRotationPort, type RotationStep, rotateApiKey } from '../../../src/core/client/keyRotation';

const NEW_KEY = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const request = { scope: 'rpc', name: 'rotated', expirationDate: '2030-01-31' };

/** Records what the procedure asked for, in order, and fails at the step it is told to. */
function recordingPort(failAt?: RotationStep): { port: KeyRotationPort; log: string[] } {
  const log: string[] = [];
  const fail = (step: RotationStep): void => {
    if (failAt === step) throw new Json2Error({ status: 500, kind: 'server', message: `injected ${step} failure`, target: 'x' });
  };
  return {
    log,
    port: {
      generate: (asked) => { log.push(`generate ${asked.scope} ${asked.name} ${asked.expirationDate}`); fail('generate'); return Promise.resolve(NEW_KEY); },
      verify: (key) => { log.push(`verify ${key === NEW_KEY}`); fail('verify'); return Promise.resolve(7); },
      revokeCurrent: (key) => { log.push(`revoke-old-with-new ${key === NEW_KEY}`); fail('revoke'); return Promise.resolve(); },
    },
  };
}

describe('rotateApiKey', () => {
  test('generates, stores, verifies, then revokes the old key, in that order', async () => {
    const { port, log } = recordingPort();
    const stored: string[] = [];
    const outcome = await rotateApiKey(port, { ...request, store: (key) => { log.push('store'); stored.push(key); } });
    assert.deepEqual(log, ['generate rpc rotated 2030-01-31', 'store', 'verify true', 'revoke-old-with-new true']);
    assert.deepEqual(stored, [NEW_KEY]);
    assert.deepEqual(outcome, { newKey: NEW_KEY, uid: 7 });
  });

  for (const step of ['generate', 'store', 'verify', 'revoke'] as const) {
    test(`a failure at "${step}" revokes nothing and says which step failed`, async () => {
      const { port, log } = recordingPort(step);
      const error = await rotateApiKey(port, {
        ...request,
        store: () => { if (step === 'store') throw new Error('secret storage is locked'); },
      }).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof KeyRotationError);
      assert.equal(error.step, step);
      assert.equal(error.oldKeyRevoked, false);
      assert.equal(error.newKeyIssued, step !== 'generate');
      assert.match(error.message, new RegExp(`step "${step}".*old key was not revoked`));
      assert.equal(error.message.includes(NEW_KEY), false);
      // Revocation is the last step: before it fails, nothing was revoked; when it fails, both keys stay valid.
      assert.equal(log.filter((line) => line.startsWith('revoke')).length, step === 'revoke' ? 1 : 0);
      assert.equal(error.takeNewKey(), step === 'generate' ? undefined : NEW_KEY);
      assert.equal(error.takeNewKey(), undefined);
    });
  }

  test('a cancelled rotation stops before the next step', async () => {
    const { port, log } = recordingPort();
    const controller = new AbortController();
    const error = await rotateApiKey(port, { ...request, signal: controller.signal, store: () => controller.abort() }).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof KeyRotationError);
    assert.equal(error.step, 'verify');
    assert.deepEqual(log, ['generate rpc rotated 2030-01-31']);
  });
});
