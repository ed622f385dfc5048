// Third-party notices of a shipped artefact: the npm packages its bundles hold (from esbuild's metafile inputs, which
// scripts/build.mjs records in dist/bundleInputs.json) with their version, licence and licence text.
import fs from 'node:fs';
import path from 'node:path';

const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$|^licen[cs]e-/i;

/** The package folder (`node_modules/a/node_modules/@b/c`) an esbuild input path lives in, or undefined for our sources. */
export function packageFolderOf(input) {
  const parts = input.split('/');
  const last = parts.lastIndexOf('node_modules');
  if (last < 0 || last + 1 >= parts.length) return undefined;
  const length = parts[last + 1].startsWith('@') ? last + 3 : last + 2;
  return parts.slice(0, length).join('/');
}

/** The bundles' inputs as recorded by the last build: `{ "dist/cli.js": ["node_modules/...", ...] }`. */
export function readBundleInputs(root) {
  const file = path.join(root, 'dist', 'bundleInputs.json');
  if (!fs.existsSync(file)) throw new Error('dist/bundleInputs.json is missing: run node scripts/build.mjs --production first');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The packages behind the given outputs, plus `extra` package folders (files copied without a bundle), sorted by name. */
export function packagesOf(root, bundleInputs, outputs, extra = []) {
  const folders = new Set(extra);
  for (const output of outputs) {
    const inputs = bundleInputs[output];
    if (!inputs) throw new Error(`dist/bundleInputs.json has no entry for ${output}`);
    for (const input of inputs) {
      const folder = packageFolderOf(input);
      if (folder) folders.add(folder);
    }
  }
  const byName = new Map();
  for (const folder of folders) {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
    const licenseFiles = fs
      .readdirSync(path.join(root, folder))
      .filter((name) => LICENSE_FILE.test(name))
      .sort();
    const texts = licenseFiles.map((name) => fs.readFileSync(path.join(root, folder, name), 'utf8').trim());
    byName.set(`${manifest.name}@${manifest.version}`, {
      name: manifest.name,
      version: manifest.version,
      license: licenseOf(manifest),
      texts,
    });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

function licenseOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  if (Array.isArray(manifest.licenses)) return manifest.licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return 'see the licence text';
}

/** PostgreSQL itself, compiled into PGlite's WebAssembly files (PGlite's changes to it are under the same licence). */
export const POSTGRESQL_NOTICE = {
  name: "PostgreSQL (inside PGlite's pglite.wasm and initdb.wasm)",
  version: '',
  license: 'PostgreSQL',
  textFile: 'docs/third-party/postgresql-LICENSE.txt',
};

/** A notice for code that is not an npm package of its own (`textFile` relative to the project's root). */
export function fileNotice(root, notice) {
  return {
    name: notice.name,
    version: notice.version,
    license: notice.license,
    texts: [fs.readFileSync(path.join(root, notice.textFile), 'utf8').trim()],
  };
}

/** The notices as plain text, one section per package; a package without a licence file says so. */
export function formatNotices(title, packages) {
  const lines = [
    title,
    '',
    'This software contains the following third-party packages, bundled into its files. Each is distributed under',
    'the licence named with it; its licence text follows.',
    '',
    ...packages.map((entry) => `- ${heading(entry)}`),
  ];
  for (const entry of packages) {
    lines.push('', '='.repeat(78), heading(entry), '='.repeat(78), '');
    lines.push(
      entry.texts.length > 0
        ? entry.texts.join('\n\n')
        : `The package carries no licence file; its manifest names the ${entry.license} licence.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function heading(entry) {
  return `${entry.name}${entry.version ? ` ${entry.version}` : ''} (${entry.license})`;
}
