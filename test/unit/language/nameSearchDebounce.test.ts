// Record-name lookups while typing: only the last of a quick series reaches the server, and cancelled ones answer nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DebouncedNameSearch } from '../../../src/core/language';

function countingSource() {
  const calls: string[] = [];
  return {
    calls,
    nameSearch: (model: string, text: string, signal?: AbortSignal) => {
      calls.push(`${model} ${text}`);
      return signal?.aborted ? Promise.resolve([]) : Promise.resolve([[1, `${text}!`] as const]);
    },
  };
}

describe('debounced name_search', () => {
  test('a quick series asks once, for the last text; the earlier lookups answer nothing', async () => {
    const source = countingSource();
    const search = new DebouncedNameSearch(source, 20);
    const answers = await Promise.all([
      search.search('res.country', 'b'),
      search.search('res.country', 'be'),
      search.search('res.country', 'bel'),
    ]);
    assert.deepEqual(answers, [[], [], [[1, 'bel!']]]);
    assert.deepEqual(source.calls, ['res.country bel']);
  });

  test('a lookup cancelled by the editor answers nothing and asks nothing', async () => {
    const source = countingSource();
    const search = new DebouncedNameSearch(source, 20);
    const controller = new AbortController();
    const pending = search.search('res.country', 'fr', controller.signal);
    controller.abort();
    assert.deepEqual(await pending, []);
    assert.deepEqual(source.calls, []);
  });

  test('lookups far enough apart both ask', async () => {
    const source = countingSource();
    const search = new DebouncedNameSearch(source, 5);
    await search.search('res.country', 'a');
    await search.search('res.country', 'ab');
    assert.deepEqual(source.calls, ['res.country a', 'res.country ab']);
  });
});
