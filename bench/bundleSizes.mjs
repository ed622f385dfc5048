// Sizes of the shipped bundles and of the packaged .vsix, against the design's budgets.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

export function measureBundles(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  execFileSync(process.execPath, [path.join(root, 'scripts/packageExtension.mjs')], { cwd: root, stdio: 'ignore' });
  const sizes = {};
  for (const file of ['dist/extension.js', 'dist/webview/main.js', 'dist/cli.js', 'dist/sandbox.js']) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) sizes[`size: ${file}, KiB`] = kib(fs.statSync(full).size);
  }
  sizes['size: .vsix, KiB'] = kib(fs.statSync(path.join(root, `${manifest.name}-${manifest.version}.vsix`)).size);
  const extension = fs.statSync(path.join(root, 'dist/extension.js')).size;
  if (extension > 1024 * 1024) throw new Error(`dist/extension.js is ${kib(extension)} KiB, over the 1 MiB start-up budget`);
  return sizes;
}
