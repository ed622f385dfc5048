// The Getting Started walkthrough's manifest: the steps the issue lists, each with English text, a media file that
// exists (an image with its alternative text, or markdown) and a way to be marked done.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../cli/cliHarness';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { image?: string; altText?: string; markdown?: string };
  completionEvents?: string[];
}
const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: { walkthroughs: { id: string; title: string; steps: Step[] }[] };
};
const nls = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
const ignored = fs.readFileSync(path.join(repoRoot, '.vscodeignore'), 'utf8').split('\n');

test('one walkthrough with the steps of a first session, in order', () => {
  const [walkthrough] = manifest.contributes.walkthroughs;
  assert.equal(walkthrough.id, 'gettingStarted');
  assert.deepEqual(
    walkthrough.steps.map((step) => step.id),
    ['connect', 'requestFile', 'send', 'explore', 'complete', 'keys', 'legacy'],
  );
});

for (const step of manifest.contributes.walkthroughs[0].steps) {
  test(`step "${step.id}": English text, its media shipped, completion events`, () => {
    for (const text of [step.title, step.description, step.media.altText].filter((value) => value !== undefined)) {
      const key = /^%(.+)%$/.exec(text)?.[1];
      assert.ok(key !== undefined && nls[key]?.length > 0, `${text} is in package.nls.json`);
    }
    const media = step.media.image ?? step.media.markdown;
    assert.ok(media !== undefined && fs.existsSync(path.join(repoRoot, media)), `${media} exists`);
    if (step.media.image !== undefined) assert.ok(step.media.altText, 'an image has its alternative text');
    const shipped =
      ignored.includes(`!${media}`) ||
      ignored.some((line) => line.endsWith('/**') && line.startsWith('!') && media.startsWith(line.slice(1, -2)));
    assert.ok(shipped, `${media} is let into the .vsix by .vscodeignore`);
    assert.ok((step.completionEvents ?? []).length > 0);
  });
}
