// The lists of the company and language switchers, read from the sandbox, and what the status bar says of a context.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConnectionClient } from '../../../src/core/connections/connectionClient';
import { describeIdentity, loadContextChoices, orderChosenCompanies, withContextKey } from '../../../src/core/connections/contextChoices';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { profileOf } from '../requestRun/pipelineHarness';

describe('context choices', () => {
  let sandbox: StartedSandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.stop();
  });

  test("the user's companies (default first) and the active languages, from the server", async () => {
    for (const [who, companies] of [
      ['admin', ['My Company (San Francisco)', 'My Company (Chicago)']],
      ['user', ['My Company (San Francisco)']],
    ] as const) {
      const client = new ConnectionClient(profileOf('local', sandbox.url, sandbox.database), sandbox.keys[who]);
      try {
        const choices = await loadContextChoices((call) => client.call(call), undefined);
        assert.deepEqual(
          choices.companies.map((company) => company.name),
          companies,
          who,
        );
        assert.equal(choices.companies[0].id, choices.defaultCompanyId);
        assert.deepEqual(choices.languages.map((language) => language.code).sort(), ['en_US', 'fr_BE', 'fr_FR']);
        assert.equal(choices.user.id, sandbox.users[who].id);
        // The sandbox's res.users `tz` is a plain text field: the runtime's IANA list.
        assert.ok(choices.timezones.includes('Europe/Brussels') && choices.timezones.includes('America/Chicago'));
      } finally {
        await client.close();
      }
    }
  });

  test('several companies checked keep the current one first', () => {
    // As the reference web client's company selector: checked ones that were active keep their order, new ones follow.
    assert.deepEqual(orderChosenCompanies([2], [1, 2]), [2, 1]);
    assert.deepEqual(orderChosenCompanies([2, 3], [1, 3]), [3, 1]);
    assert.deepEqual(orderChosenCompanies([1], [3, 2]), [3, 2]);
    assert.deepEqual(orderChosenCompanies([1], []), []);
  });

  test('what the status bar says, and a key set or removed', () => {
    const choices = {
      user: { id: 2, name: 'Admin' },
      defaultCompanyId: 1,
      companies: [
        { id: 1, name: 'SF' },
        { id: 2, name: 'Chicago' },
      ],
      userLang: 'en_US',
      languages: [],
      timezones: [],
    };
    assert.deepEqual(describeIdentity(undefined, choices), { company: 'SF (default)', language: "en_US (user's)" });
    assert.deepEqual(describeIdentity({ allowed_company_ids: [2, 1], lang: 'fr_FR' }, choices), {
      company: 'Chicago +1',
      language: 'fr_FR',
    });
    assert.deepEqual(describeIdentity({ allowed_company_ids: [7] }, undefined), { company: '#7', language: "user's language" });
    assert.deepEqual(withContextKey({ lang: 'fr_FR' }, 'allowed_company_ids', [2]), { lang: 'fr_FR', allowed_company_ids: [2] });
    assert.equal(withContextKey({ lang: 'fr_FR' }, 'lang', undefined), undefined);
  });
});
