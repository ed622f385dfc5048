// Completion of `context` keys and values from the lists the status bar's switchers use, read from the sandbox: the
// admin's companies for allowed_company_ids (whole list and each element), the active res.lang for lang, the time
// zones for tz, and the key items saying what the connection's default context sends.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConnectionClient } from '../../../src/core/connections/connectionClient';
import { type ContextChoices, loadContextChoices } from '../../../src/core/connections/contextChoices';
import { completeAt, type ContextLists, TableSchemaSource } from '../../../src/core/language';
import { parseRequestFile } from '../../../src/core/requestFile';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { profileOf } from '../requestRun/pipelineHarness';
import { cursorIn } from './recordedSchema';

describe('completion of context keys and values from the connection lists', () => {
  let sandbox: StartedSandbox;
  let choices: ContextChoices;
  let chicago: number;
  let sanFrancisco: number;

  before(async () => {
    sandbox = await startSandbox();
    const client = new ConnectionClient(profileOf('local', sandbox.url, sandbox.database), sandbox.keys.admin);
    try {
      choices = await loadContextChoices((call) => client.call(call), undefined);
    } finally {
      await client.close();
    }
    sanFrancisco = choices.defaultCompanyId;
    chicago = choices.companies.find((company) => company.name === 'My Company (Chicago)')?.id ?? 0;
    assert.ok(chicago > 0 && chicago !== sanFrancisco);
  });
  after(async () => {
    await sandbox?.stop();
  });

  async function complete(marked: string, lists: ContextLists = { choices }) {
    const { text, offset } = cursorIn(marked);
    return (await completeAt(parseRequestFile(text), offset, new TableSchemaSource(), { contextLists: async () => lists })).items;
  }

  test('allowed_company_ids: each of the user’s companies, all of them, and ids inside the list', async () => {
    const whole = await complete('POST res.partner/search\n{"domain": [], "context": {"allowed_company_ids": ‸}}');
    assert.deepEqual(
      whole.map((item) => [item.label, item.detail]),
      [
        [`[${sanFrancisco}]`, 'My Company (San Francisco) (default company)'],
        [`[${chicago}]`, 'My Company (Chicago) (company)'],
        [`[${sanFrancisco}, ${chicago}]`, 'all my companies, the default one current'],
      ],
    );
    const element = await complete(`POST res.partner/search\n{"domain": [], "context": {"allowed_company_ids": [${chicago}, ‸]}}`);
    assert.deepEqual(
      element.map((item) => item.label),
      [String(sanFrancisco), String(chicago)],
    );
  });

  test('lang: the active languages, the user’s first; tz: the time zones, the user’s first', async () => {
    const lang = await complete('POST res.partner/search\n{"domain": [], "context": {"lang": "‸"}}');
    assert.deepEqual(lang.map((item) => item.label).sort(), ['en_US', 'fr_BE', 'fr_FR']);
    const own = lang.find((item) => item.label === 'en_US');
    assert.equal(own?.sortText, '0000');
    assert.match(own?.detail ?? '', /the user's own/);
    assert.equal(own?.insertText, 'en_US', 'inside the string only the code');
    const bare = await complete('POST res.partner/search\n{"domain": [], "context": {"lang": ‸}}');
    assert.ok(
      bare.some((item) => item.insertText === '"fr_FR"'),
      'outside a string the code is quoted',
    );
    const tz = await complete('POST res.partner/search\n{"domain": [], "context": {"tz": "Eur‸"}}');
    const first = [...tz].sort((a, b) => a.sortText.localeCompare(b.sortText))[0];
    assert.equal(first.label, 'Europe/Brussels');
    assert.ok(tz.some((item) => item.label === 'America/Chicago'));
  });

  test('key items offer the connection values as snippet choices and say what the default context sends', async () => {
    const keys = await complete('POST res.partner/search\n{"domain": [], "context": {‸}}', { choices, defaults: { lang: 'fr_FR' } });
    const byLabel = new Map(keys.map((item) => [item.label, item]));
    assert.equal(byLabel.get('allowed_company_ids')?.insertText, `"allowed_company_ids": [\${1|${sanFrancisco},${chicago}|}]`);
    assert.match(byLabel.get('lang')?.insertText ?? '', /^"lang": "\$\{1\|en_US,/);
    assert.equal(byLabel.get('tz')?.insertText, '"tz": "${1:Europe/Brussels}"');
    // Markdown, escaped: `fr\_FR`.
    assert.match(byLabel.get('lang')?.documentation ?? '', /default context sends \\"fr\\_FR\\" unless the request sets it/);
    assert.equal(byLabel.get('tz')?.documentation, undefined);
  });

  test('without the lists (offline, no key): the static snippets, no company values', async () => {
    const keys = await complete('POST res.partner/search\n{"domain": [], "context": {‸}}', {});
    assert.equal(keys.find((item) => item.label === 'allowed_company_ids')?.insertText, '"allowed_company_ids": [${1:1}]');
    assert.deepEqual(await complete('POST res.partner/search\n{"domain": [], "context": {"allowed_company_ids": [‸]}}', {}), []);
  });
});
