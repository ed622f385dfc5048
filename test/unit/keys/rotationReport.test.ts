// The report of a stopped rotation names the failed step and every key the server still accepts, and where it is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rotationReport } from '../../../src/core/keys/rotationReport';

const base = { connection: 'prod', reason: 'Injected fault', newKeyName: 'prod (rotated 2026-11-22)' };

test('a failure at revoke: both keys are valid, the connection holds the new one, the old one is to revoke by hand', () => {
  const report = rotationReport({ ...base, step: 'revoke', connectionHolds: 'new', newKey: 'valid' });
  assert.equal(report.summary, 'Key rotation of "prod" stopped while revoking the old key: Injected fault');
  assert.equal(report.validNow.length, 2);
  assert.match(report.validNow[0], /old key: still valid \(not revoked\)\. Revoke it with "Revoke API Key…"/);
  assert.match(report.validNow[1], /new key "prod \(rotated 2026-11-22\)": valid, and it is the key the connection uses now/);
});

test('a failure at verify after the clean-up: only the old key is valid, back in the connection; the new one was revoked', () => {
  const report = rotationReport({ ...base, step: 'verify', connectionHolds: 'old', newKey: 'revoked' });
  assert.deepEqual(report.validNow, ['The old key: valid, and it is the key the connection uses.']);
  assert.match(report.detail, /new key "prod \(rotated 2026-11-22\)" was revoked again/);
  assert.match(report.summary, /while checking the new key/);
});

test('a failure at store whose clean-up failed too: the new key is valid but stored nowhere', () => {
  const report = rotationReport({ ...base, step: 'store', connectionHolds: 'old', newKey: 'valid' });
  assert.equal(report.validNow.length, 2);
  assert.match(report.validNow[1], /valid but stored nowhere/);
});

test('a failure at generate: nothing changed', () => {
  const report = rotationReport({ ...base, step: 'generate', connectionHolds: 'old', newKey: 'none' });
  assert.deepEqual(report.validNow, ['The old key: valid, and it is the key the connection uses.']);
  assert.match(report.detail, /No new key was made/);
});
