// Reading and merging a connection's default context, `--context`, and the settings entry that keeps it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toSettingsEntry } from '../../../src/core/connections/connectionSettings';
import { parseConnectionEntry } from '../../../src/core/connections/connectionValidation';
import { mergeContext, parseContextOption, readDefaultContext } from '../../../src/core/connections/defaultContext';
import { parseRunOptions, RunUsageError } from '../../../src/cli/runOptions';

describe('default context', () => {
  test('a settings entry keeps a valid default context and reports each bad key', () => {
    const parsed = parseConnectionEntry({
      name: 'local',
      baseUrl: 'http://127.0.0.1:8069',
      defaultContext: { lang: 'fr_FR', allowed_company_ids: [2, 1] },
    });
    assert.ok('profile' in parsed);
    assert.deepEqual(parsed.profile.defaultContext, { lang: 'fr_FR', allowed_company_ids: [2, 1] });
    assert.deepEqual(toSettingsEntry(parsed.profile).defaultContext, { lang: 'fr_FR', allowed_company_ids: [2, 1] });
    const bad = parseConnectionEntry({
      name: 'local',
      baseUrl: 'http://127.0.0.1:8069',
      defaultContext: { lang: '', allowed_company_ids: 2, uid: 5 },
    });
    assert.ok('problems' in bad);
    assert.equal(bad.problems.length, 3);
    assert.match(bad.problems.join('\n'), /"allowed_company_ids" must be a non-empty list of company ids/);
    const problems: string[] = [];
    assert.equal(readDefaultContext([1], problems), undefined);
    assert.match(problems[0], /must be an object/);
  });

  test("merging: the call's keys win, the last layer wins over the first, a non-object context is left alone", () => {
    const layers = [
      { values: { lang: 'fr_FR', tz: 'Europe/Paris' }, source: 'connection' as const },
      { values: { lang: 'fr_BE' }, source: 'command line' as const },
    ];
    assert.deepEqual(mergeContext(undefined, layers), {
      context: { lang: 'fr_BE', tz: 'Europe/Paris' },
      sources: [
        { key: 'lang', value: 'fr_BE', source: 'command line' },
        { key: 'tz', value: 'Europe/Paris', source: 'connection' },
      ],
    });
    assert.deepEqual(mergeContext({ tz: 'UTC' }, layers).context, { lang: 'fr_BE', tz: 'UTC' });
    assert.deepEqual(mergeContext('odd', layers), { context: 'odd', sources: [] });
    assert.deepEqual(mergeContext(undefined, []), { context: undefined, sources: [] });
  });

  test('--context: a JSON object, with the same checks, else a usage error that says why', () => {
    assert.deepEqual(parseContextOption('{"lang":"fr_FR","active_test":false}'), { context: { lang: 'fr_FR', active_test: false } });
    assert.match((parseContextOption('{lang}') as { problem: string }).problem, /^--context must be a JSON object/);
    assert.match((parseContextOption('{"allowed_company_ids":[]}') as { problem: string }).problem, /allowed_company_ids/);
    const options = parseRunOptions(['a.json2', '--context', '{"allowed_company_ids":[2]}']);
    assert.ok(options !== 'help');
    assert.deepEqual(options.context, { allowed_company_ids: [2] });
    assert.throws(
      () => parseRunOptions(['a.json2', '--context', '[1]']),
      (error: unknown) => error instanceof RunUsageError && /must be an object/.test(error.message),
    );
  });
});
