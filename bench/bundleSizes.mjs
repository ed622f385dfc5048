// Sizes of the shipped bundles and of the packaged .vsix, against the budgets (dist/extension.js under 450 KiB: issue 18).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** What the extension's host loads at activation; what only some commands need goes into a lazily loaded bundle. */
export const EXTENSION_BUDGET_BYTES = 450 * 1024;

export function measureBundles(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const sizes = {};
  for (const file of [
    'dist/extension.js',
    'dist/undiciPool.js',
    'dist/schemaComparison.js',
    'dist/typeGeneration.js',
    'dist/collectionCommands.js',
    'dist/bruParser.js',
    'dist/htmlMarkdown.js',
    'dist/keyFlows.js',
    'dist/xmlTree.js',
    'dist/explainAnswer.js',
    'dist/webview/main.js',
    'dist/webview/filter.js',
    'dist/webview/controls.js',
    'dist/cli.js',
    'dist/sandbox.js',
  ]) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) sizes[`size: ${file}, KiB`] = kib(fs.statSync(full).size);
  }
  const extension = fs.statSync(path.join(root, 'dist/extension.js')).size;
  if (extension >= EXTENSION_BUDGET_BYTES) {
    throw new Error(
      `dist/extension.js is ${kib(extension)} KiB, over the ${kib(EXTENSION_BUDGET_BYTES)} KiB start-up budget: move what only some commands need into a lazily loaded bundle (docs/architecture.md)`,
    );
  }
  // As `npm run package` does: the CLI package first, since the .vsix carries its name and integrity.
  for (const script of ['scripts/packageCli.mjs', 'scripts/packageExtension.mjs']) {
    execFileSync(process.execPath, [path.join(root, script)], { cwd: root, stdio: 'ignore' });
  }
  sizes['size: .vsix, KiB'] = kib(fs.statSync(path.join(root, `${manifest.name}-${manifest.version}.vsix`)).size);
  return sizes;
}
