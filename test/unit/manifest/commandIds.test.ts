// The command ids: CommandIds holds exactly the commands package.json declares, and every id the manifest's menus,
// keybindings and views use is one of them (a lint rule keeps the literals out of every other source file).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CommandIds } from '../../../src/extension/commandIds';
import { repoRoot } from '../cli/cliHarness';

interface Manifest {
  contributes: {
    commands: { command: string }[];
    menus?: Record<string, { command?: string }[]>;
    keybindings?: { command: string }[];
    viewsWelcome?: { contents: string }[];
    walkthroughs?: { steps: { description: string; completionEvents?: string[] }[] }[];
  };
}

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** A manifest string with its `%key%` replaced by the English text of package.nls.json. */
function localized(text: string): string {
  const key = /^%(.+)%$/.exec(text)?.[1];
  if (key === undefined) return text;
  assert.ok(key in nls, `package.nls.json has no ${key}`);
  return nls[key];
}

test('CommandIds and package.json declare the same commands, each once', () => {
  const declared = manifest.contributes.commands.map((command) => command.command);
  const ids = Object.values(CommandIds) as string[];
  assert.equal(new Set(ids).size, ids.length, 'an id twice in CommandIds');
  assert.deepEqual([...ids].sort(), [...declared].sort());
});

test('menus, keybindings and welcome views only name declared commands', () => {
  const ids = new Set<string>(Object.values(CommandIds));
  const used = [
    ...Object.values(manifest.contributes.menus ?? {})
      .flat()
      .map((item) => item.command)
      .filter((command): command is string => command !== undefined),
    ...(manifest.contributes.keybindings ?? []).map((binding) => binding.command),
    ...(manifest.contributes.viewsWelcome ?? []).flatMap((view) =>
      [...localized(view.contents).matchAll(/command:(json2\.[\w.]+)/g)].map((match) => match[1]),
    ),
    ...(manifest.contributes.walkthroughs ?? [])
      .flatMap((walkthrough) => walkthrough.steps)
      .flatMap((step) => [
        ...[...localized(step.description).matchAll(/command:(json2\.[\w.]+)/g)].map((match) => match[1]),
        ...(step.completionEvents ?? []).filter((event) => event.startsWith('onCommand:')).map((event) => event.slice('onCommand:'.length)),
      ]),
  ].filter((command) => command.startsWith('json2.'));
  assert.ok(used.length > 10);
  assert.deepEqual(
    used.filter((command) => !ids.has(command)),
    [],
  );
});
