// Packages the extension with vsce (bundled, so without node_modules) and checks what the .vsix carries:
// only the run-time files the allowlist names, nothing from sources, tests, the CLI, the sandbox or node_modules.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const vsixPath = path.join(root, `${manifest.name}-${manifest.version}.vsix`);

/** Every path the .vsix may hold (under `extension/`), as patterns. */
const ALLOWED = [
  /^\[Content_Types\]\.xml$/, /^extension\.vsixmanifest$/,
  /^extension\/(package\.json|package\.nls\.json|readme\.md|changelog\.md|LICENSE\.txt|LICENSE)$/i,
  /^extension\/dist\/(extension|migrate)\.js$/, /^extension\/dist\/webview\/[\w.-]+\.(js|css)$/,
  /^extension\/media\/[\w./-]+\.(svg|png|css|ttf)$/, /^extension\/syntaxes\/[\w.-]+\.json$/, /^extension\/l10n\/[\w.-]+\.json$/,
];
const REQUIRED = ['extension/package.json', 'extension/dist/extension.js', 'extension/dist/migrate.js', 'extension/dist/webview/main.js', 'extension/syntaxes/json2.tmLanguage.json'];
const MAX_VSIX_BYTES = 1024 * 1024;

function listEntries(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names = [];
      zip.on('entry', (entry) => { names.push(entry.fileName); zip.readEntry(); });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export async function checkVsix(file) {
  const entries = await listEntries(file);
  const problems = [];
  for (const name of entries) {
    if (name.endsWith('/')) continue;
    if (!ALLOWED.some((pattern) => pattern.test(name))) problems.push(`does not belong in the .vsix: ${name}`);
  }
  for (const name of REQUIRED) if (!entries.includes(name)) problems.push(`missing from the .vsix: ${name}`);
  const size = fs.statSync(file).size;
  if (size > MAX_VSIX_BYTES) problems.push(`the .vsix is ${size} bytes, over the ${MAX_VSIX_BYTES}-byte budget`);
  return { entries, size, problems };
}

async function main() {
  fs.rmSync(vsixPath, { force: true });
  execFileSync(process.execPath, [path.join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', vsixPath], {
    cwd: root, stdio: ['ignore', 'inherit', 'inherit'],
  });
  const { entries, size, problems } = await checkVsix(vsixPath);
  if (problems.length > 0) {
    console.error(`package: the .vsix is wrong:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`package: ${path.basename(vsixPath)}, ${entries.filter((e) => !e.endsWith('/')).length} files, ${(size / 1024).toFixed(1)} KiB, contents checked`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
