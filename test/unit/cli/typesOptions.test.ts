// `json2 types` options: --from-project with or without a folder (last, before another option, or with `=`), with
// --models, and refused with --check; a model name must be one.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseTypesOptions, TypesUsageError } from '../../../src/cli/typesOptions';

const generate = (argv: string[]) => {
  const options = parseTypesOptions(argv);
  assert.ok(options !== 'help' && options.action === 'generate');
  return options;
};

describe('json2 types options', () => {
  test('--from-project without a folder reads the current one; a folder given is kept', () => {
    assert.equal(generate(['--from-project']).fromProject, '.');
    assert.equal(generate(['--from-project', '--lang', 'python']).fromProject, '.');
    assert.equal(generate(['--from-project', 'src', '--depth', '1']).fromProject, 'src');
    assert.equal(generate(['--from-project=app']).fromProject, 'app');
    const both = generate(['--models', 'res.partner', '--from-project', 'src']);
    assert.deepEqual([both.models, both.fromProject], [['res.partner'], 'src']);
    assert.equal(generate(['--models', 'res.partner']).fromProject, undefined);
  });

  test('refused: --from-project with --check, no models at all, a name that is no model name', () => {
    assert.throws(
      () => parseTypesOptions(['--check', 'a.ts', '--from-project']),
      (error) =>
        error instanceof TypesUsageError &&
        error.message === "--from-project does not go with --check: the file's header says how it was generated",
    );
    assert.throws(() => parseTypesOptions([]), TypesUsageError);
    assert.throws(() => parseTypesOptions(['--models', 'res..partner']), {
      message: "'res..partner' is not a model name (letters, digits, '_' and '.')",
    });
  });
});
