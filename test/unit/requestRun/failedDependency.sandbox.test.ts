// The pipeline's test-runner rules against the sandbox: what needs a request that failed is skipped (and what needs
// that, in turn), a dependency that passes feeds its dependents, and failed assertions carry expected and actual values.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { profileOf, runOf, scriptedPorts } from './pipelineHarness';

const CHAIN = `### Companies (an assertion fails on a good answer)
# @name companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"], "order": "id", "limit": 2 }
?? body.length == 5
?? body[0].name exists

### Their contacts
# @name contacts
POST res.partner/search_read
{ "domain": [["parent_id", "in", {{companies.response.body[*].id}}]], "fields": ["name"] }

### Contacts of the contacts
POST res.partner/search_count
{ "domain": [["parent_id", "in", {{contacts.response.body[*].id}}]] }

### Independent
GET /web/version
?? status == 200
`;

describe('failed dependencies and assertion values', () => {
  let sandbox: StartedSandbox;

  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.stop();
  });

  test('a request whose dependency failed is skipped, and so is what depends on it; the rest runs', async () => {
    const { ports, record, close } = scriptedPorts({
      connections: [{ profile: profileOf('local', sandbox.url, sandbox.database), secret: sandbox.keys.admin }],
    });
    try {
      const { run } = runOf(CHAIN, ports);
      const results = await run.run([0, 1, 2, 3]);
      assert.deepEqual(
        results.map((result) => [result.label, result.verdict]),
        [
          ['companies', 'failed'],
          ['contacts', 'skipped'],
          ['Contacts of the contacts', 'skipped'],
          ['Independent', 'passed'],
        ],
      );
      assert.equal(results[1].error?.kind, 'notRun');
      assert.equal(results[1].error?.message, 'Not sent: it needs the answer of companies, which failed.');
      assert.equal(results[2].error?.message, 'Not sent: it needs the answer of contacts, which failed.');
      assert.deepEqual(record.started, [0, 3], 'the skipped requests never started');
      const [failed, held] = results[0].assertions;
      assert.deepEqual(
        { operator: failed.operator, expected: failed.expected, actual: failed.actual, passed: failed.passed },
        { operator: '==', expected: 5, actual: 2, passed: false },
      );
      assert.equal(held.operator, 'exists');
      assert.ok(!('expected' in held) && !('actual' in held), 'a passed assertion keeps no values');
    } finally {
      await close();
    }
  });

  test('a dependency that passes feeds its dependents', async () => {
    const { ports, close } = scriptedPorts({
      connections: [{ profile: profileOf('local', sandbox.url, sandbox.database), secret: sandbox.keys.admin }],
    });
    try {
      const { run } = runOf(CHAIN.replace('?? body.length == 5', '?? body.length == 2'), ports);
      const results = await run.run([2]);
      assert.deepEqual(
        results.map((result) => result.verdict),
        ['passed', 'passed', 'passed'],
      );
    } finally {
      await close();
    }
  });
});
