// Runs corpus snippets twice, the original against the sandbox's deprecated interface and its conversion against
// JSON-2, on two sandboxes started from the same template and fed the same snippets in the same order; what they
// print (ids included) must be equal. Shared by the sandbox comparison test files (each stays within a file's time limit).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { analyseSource } from '../../../src/core/migrate/migrationAnalysis';
import { type StartedSandbox, startSandbox } from '../../../src/sandbox/testApi';
import { convertAll, readCorpus, snippetsOf } from './migrationCorpus';
import { type SnippetLanguage, corpusEnvironment, phpUnavailable, runSnippet } from './snippetRunner';
import { skipOutsideCi } from '../../support/skipOutsideCi';
import { ok } from '../../support/sandboxHttp';

/** Originals that cannot succeed against a 19.0 server, and why; their failure is checked, then only the conversion runs. */
const LEGACY_FAILS: Readonly<Record<string, string>> = {
  'name_get becomes a read of display_name': 'name_get no longer exists in 19.0',
  'revoke a key': 'revoke returns nothing, which XML-RPC cannot send',
  'action_archive on ids only': 'action_archive returns nothing, which XML-RPC cannot send',
  'action_archive then action_unarchive on ids only': 'action_archive returns nothing, which XML-RPC cannot send',
  'name_get in a typed callback': 'name_get no longer exists in 19.0',
};

/**
 * What an original that failed half-way left done on its sandbox, undone so that both sides stay in step: the archive
 * is committed before its answer fails, and the unarchive after it never runs.
 */
const UNDO_AFTER_LEGACY_FAILURE: Readonly<Record<string, (sandbox: StartedSandbox) => Promise<unknown>>> = {
  'action_archive then action_unarchive on ids only': (sandbox) => ok(sandbox, 'res.partner', 'action_unarchive', { ids: [7] }),
};

/** Snippets that fail on a 19.0 server both as written and converted, and why: both failures are checked. */
const BOTH_FAIL: Readonly<Record<string, string>> = {
  check_access: 'check_access is private on 19.0: no interface may call it (has_access answers the same question)',
};

/** Snippets whose calls are deliberately not converted, with the finding they must give instead. */
const NOT_CONVERTED: Readonly<Record<string, 'manual' | 'noReplacement'>> = {
  'authenticate used inside an expression (explained, not converted)': 'manual',
  'login inside an expression (explained, not converted)': 'manual',
  'rename has no replacement': 'noReplacement',
  'migrate_databases has no replacement': 'noReplacement',
  'the answer read in another shape (explained, not converted)': 'manual',
  'an id only known at run time (explained, not converted)': 'manual',
};

const PHP_MISSING = phpUnavailable();

/** Whether this machine runs the snippets of `language` (PHP's need php-cli with its extensions). */
function runsHere(language: SnippetLanguage): boolean {
  return language !== 'php' || PHP_MISSING === undefined;
}

/**
 * How the corpus files of one test file get their sandboxes: a pair each (`own`), for files whose snippets work on the
 * same demo records (the object service in three languages unlinks the same partner); or one pair for the whole test
 * file (`shared`), the corpus files running one after the other in the order given, for files whose snippets make their
 * own records: each sandbox start costs about 0.6 s of CPU time.
 */
export type SandboxSharing = 'own' | 'shared';

/**
 * One describe per corpus file: each snippet's original and conversion print the same. Both sides start from the same
 * template database and run the same snippets in the same order, so ids stay in step.
 */
export function compareCorpusFiles(compared: readonly (readonly [SnippetLanguage, string])[], sharing: SandboxSharing): void {
  const shared = sharing === 'shared' ? sandboxPair(compared.some(([language]) => runsHere(language))) : undefined;
  for (const [language, file] of compared)
    describe(`${file}: the original against the deprecated interface and the conversion against JSON-2 print the same`, () => {
      compareCorpusFile(language, file, shared ?? sandboxPair(runsHere(language)));
    });
}

interface SandboxPair {
  legacy(): StartedSandbox;
  json2(): StartedSandbox;
}

/** Two sandboxes started before the tests of the enclosing describe (or of the test file) and stopped after them. */
function sandboxPair(needed: boolean): SandboxPair {
  let legacySandbox: StartedSandbox | undefined;
  let json2Sandbox: StartedSandbox | undefined;
  before(async () => {
    if (needed) [legacySandbox, json2Sandbox] = await Promise.all([startSandbox(), startSandbox()]);
  });
  after(async () => {
    await Promise.all([legacySandbox?.stop(), json2Sandbox?.stop()]);
  });
  return { legacy: () => legacySandbox!, json2: () => json2Sandbox! };
}

/** The tests of one corpus file, one per snippet. */
function compareCorpusFile(language: SnippetLanguage, file: string, pair: SandboxPair): void {
  const runs = runsHere(language);
  const { prelude, snippets } = snippetsOf(readCorpus(file));
  for (const snippet of snippets) {
    test(snippet.title, async (t) => {
      const original = prelude + snippet.code;
      const { text: converted, converted: count } = convertAll(original, file);
      const expectedFinding = NOT_CONVERTED[snippet.title];
      if (expectedFinding) {
        assert.equal(count, 0, 'nothing is rewritten');
        const findings = analyseSource(original, file)
          .filter((call) => call.site.start >= prelude.length)
          .map((call) => call.finding.severity);
        assert.deepEqual(findings, [expectedFinding]);
        return;
      }
      assert.ok(count > 0, 'the snippet has a call to convert');
      assert.deepEqual(
        analyseSource(converted, file).map((call) => call.finding.message),
        [],
        'nothing of the deprecated calls is left',
      );
      if (!runs) {
        return skipOutsideCi(
          t,
          `SKIPPED, NOT PASSED: ${PHP_MISSING}; the PHP conversions are compared with reviewed expectations only (phpConversion.test.ts)`,
        );
      }
      const spare = snippet.title.includes('revoke');
      const legacy = await runSnippet(language, original, await corpusEnvironment(pair.legacy(), spare)).then(
        (out) => ({ out }),
        (error: unknown) => ({ error: String(error) }),
      );
      if (BOTH_FAIL[snippet.title]) {
        assert.ok('error' in legacy, `the original was expected to fail (${BOTH_FAIL[snippet.title]})`);
        const converted19 = await runSnippet(language, converted, await corpusEnvironment(pair.json2(), spare)).then(
          (out) => ({ out }),
          (error: unknown) => ({ error: String(error) }),
        );
        assert.ok('error' in converted19, `the conversion was expected to fail (${BOTH_FAIL[snippet.title]})`);
        assert.match(converted19.error, /403|Private methods \(such as 'res\.partner\.check_access'\) cannot be called remotely/);
        return;
      }
      const json2 = await runSnippet(language, converted, await corpusEnvironment(pair.json2(), spare));
      const expectedFailure = LEGACY_FAILS[snippet.title];
      if (expectedFailure) {
        assert.ok(
          'error' in legacy,
          `the original was expected to fail (${expectedFailure}) but printed ${'out' in legacy ? legacy.out : ''}`,
        );
        await UNDO_AFTER_LEGACY_FAILURE[snippet.title]?.(pair.legacy());
        assert.doesNotThrow(
          () =>
            json2
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line)),
          json2,
        );
        return;
      }
      assert.ok('out' in legacy, 'error' in legacy ? legacy.error : '');
      assert.ok(legacy.out.trim() !== '', 'the original printed its result');
      assert.equal(json2, legacy.out);
    });
  }
}
