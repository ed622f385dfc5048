// The database list a client checks names against: fetched once (shared by concurrent calls), asked again before
// refusing, and no check at all on a server that does not list its databases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TransportError } from '../../../src/core/client/clientErrors';
import { KnownDatabases, UnknownDatabaseError } from '../../../src/core/client/knownDatabases';

test('a listed name passes; concurrent first checks share one fetch; no name is never checked', async () => {
  let fetched = 0;
  const known = new KnownDatabases(async () => {
    fetched += 1;
    return ['demo', 'prod'];
  });
  await Promise.all([known.check('demo'), known.check('prod'), known.check(undefined), known.check('')]);
  assert.equal(fetched, 1);
  await known.check('demo');
  assert.equal(fetched, 1, 'cached');
});

test('a name the list lacks is asked about again, then refused with the names the server has', async () => {
  const lists = [['demo'], ['demo', 'later'], ['demo', 'later']];
  const known = new KnownDatabases(async () => lists.shift());
  await known.check('demo');
  await known.check('later');
  await assert.rejects(
    known.check('typo'),
    (error: unknown) =>
      error instanceof UnknownDatabaseError &&
      error.kind === 'noDatabase' &&
      error.message === 'The database "typo" does not exist on this server; it has: demo, later.',
  );
});

test('a server that does not list (refused, or an answer that is no list) lets every name through; a cancelled fetch is not kept', async () => {
  let calls = 0;
  const known = new KnownDatabases(async () => {
    calls += 1;
    if (calls === 1) throw new TransportError('cancelled', 'stopped');
    if (calls === 2) throw new Error('access denied');
    return undefined;
  });
  await assert.rejects(known.check('any'), (error: unknown) => error instanceof TransportError);
  await known.check('any');
  await known.check('other');
  assert.equal(calls, 2, 'the refusal is remembered');
});
