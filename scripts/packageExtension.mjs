// Packages the extension with vsce (bundled, so without node_modules) and checks what the .vsix carries:
// only the run-time files the allowlist names, nothing from sources, tests, the CLI, the sandbox or node_modules.
// Runs after scripts/packageCli.mjs: checks that the .vsix and the CLI package carry the same version, and writes
// SHA256SUMS for both. vsce's warnings fail the packaging, and so does the Open VSX dry run (scripts/openVsxCheck.mjs).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { parseTar } from 'nanotar';
import yauzl from 'yauzl';
import { checkOpenVsx } from './openVsxCheck.mjs';
import { renderIcon } from './renderIcon.mjs';
import { fileNotice, formatNotices, packagesOf, readBundleInputs } from './thirdPartyNotices.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const vsixPath = path.join(root, `${manifest.name}-${manifest.version}.vsix`);

/** Every path the .vsix may hold (under `extension/`), as patterns. */
const ALLOWED = [
  /^\[Content_Types\]\.xml$/,
  /^extension\.vsixmanifest$/,
  /^extension\/(package\.json|package\.nls\.json|readme\.md|changelog\.md|LICENSE\.txt|LICENSE)$/i,
  /^extension\/dist\/(extension|migrate|localSandbox|undiciPool|mcp|schemaComparison|typeGeneration|collectionCommands|bruParser|responsePanel|htmlMarkdown|keyFlows|xmlTree|explainAnswer)\.js$/,
  /^extension\/dist\/(sandboxPackage\.json|ThirdPartyNotices\.txt|icon\.png)$/,
  /^extension\/dist\/webview\/[\w.-]+\.(js|css)$/,
  /^extension\/media\/[\w./-]+\.(svg|png|css|ttf|md)$/,
  /^extension\/docs\/images\/[\w.-]+\.png$/,
  /^extension\/snippets\/[\w.-]+\.json$/,
  /^extension\/syntaxes\/[\w.-]+\.json$/,
  /^extension\/l10n\/[\w.-]+\.json$/,
];
const REQUIRED = [
  'extension/package.json',
  'extension/dist/extension.js',
  'extension/dist/migrate.js',
  'extension/dist/localSandbox.js',
  'extension/dist/schemaComparison.js',
  'extension/dist/typeGeneration.js',
  'extension/dist/collectionCommands.js',
  'extension/dist/bruParser.js',
  'extension/dist/htmlMarkdown.js',
  'extension/dist/keyFlows.js',
  'extension/dist/xmlTree.js',
  'extension/dist/explainAnswer.js',
  'extension/dist/responsePanel.js',
  'extension/dist/undiciPool.js',
  'extension/dist/mcp.js',
  'extension/dist/webview/main.js',
  'extension/dist/webview/filter.js',
  'extension/dist/webview/controls.js',
  'extension/syntaxes/json2.tmLanguage.json',
  'extension/dist/sandboxPackage.json',
  'extension/dist/ThirdPartyNotices.txt',
  'extension/dist/icon.png',
];
// The walkthrough's screenshots are most of it (about 400 KiB); the sandbox is installed on first use, never shipped.
const MAX_VSIX_BYTES = 1536 * 1024;
const MIN_ICON_SIDE = 128;

function listEntries(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names = [];
      zip.on('entry', (entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The text of one entry of a zip file. */
export async function readZipEntry(file, name) {
  return (await readZipBytes(file, name)).toString('utf8');
}

/** The bytes of one entry of a zip file. */
export function readZipBytes(file, name) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks));
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => reject(new Error(`${path.basename(file)} has no ${name}`)));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The manifest inside an npm tarball (`package/package.json`). */
export function readTarballManifest(file) {
  const entry = parseTar(zlib.gunzipSync(fs.readFileSync(file))).find((item) => item.name === 'package/package.json');
  if (!entry?.data) throw new Error(`${path.basename(file)} has no package/package.json`);
  return JSON.parse(Buffer.from(entry.data).toString('utf8'));
}

/**
 * Problems between the .vsix and the CLI package: another version, or a tarball that is not the one the extension
 * will ask the registry for (its file name and integrity, recorded in dist/sandboxPackage.json).
 */
export async function checkSameRelease(vsixFile, tarballFile) {
  const extension = JSON.parse(await readZipEntry(vsixFile, 'extension/package.json'));
  const cli = readTarballManifest(tarballFile);
  const described = JSON.parse(await readZipEntry(vsixFile, 'extension/dist/sandboxPackage.json'));
  const integrity = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tarballFile)).digest('base64')}`;
  const problems = [];
  if (extension.version !== cli.version) problems.push(`the .vsix is version ${extension.version}, the CLI package ${cli.version}`);
  if (described.version !== extension.version || described.name !== cli.name)
    problems.push(`the .vsix expects ${described.name} ${described.version}, the CLI package is ${cli.name} ${cli.version}`);
  if (described.integrity !== integrity)
    problems.push(`the .vsix expects another ${path.basename(tarballFile)} (integrity ${described.integrity}, found ${integrity})`);
  return { version: extension.version, problems };
}

/** Problems with CHANGELOG.md for a release: it needs a `## [<version>] - <date>` section (docs/releasing.md). */
export function checkChangelog(text, version) {
  const escaped = version.replace(/\./g, '\\.');
  return new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(text)
    ? []
    : [`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section`];
}

function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** The extension's notices: the packages its bundles hold, and the codicons font copied into media/. */
function writeExtensionNotices() {
  const packages = [
    ...packagesOf(root, readBundleInputs(root), [
      'dist/extension.js',
      'dist/migrate.js',
      'dist/localSandbox.js',
      'dist/schemaComparison.js',
      'dist/typeGeneration.js',
      'dist/collectionCommands.js',
      'dist/bruParser.js',
      'dist/htmlMarkdown.js',
      'dist/keyFlows.js',
      'dist/xmlTree.js',
      'dist/explainAnswer.js',
      'dist/responsePanel.js',
      'dist/undiciPool.js',
      'dist/mcp.js',
      'dist/webview/main.js',
      'dist/webview/filter.js',
      'dist/webview/controls.js',
    ]),
    fileNotice(root, {
      name: '@vscode/codicons (media/codicons)',
      version: '',
      license: 'CC-BY-4.0',
      textFile: 'docs/third-party/codicons-LICENSE.txt',
    }),
  ];
  fs.writeFileSync(
    path.join(root, 'dist', 'ThirdPartyNotices.txt'),
    formatNotices(`Third-party notices of ${manifest.name} ${manifest.version}`, packages),
  );
}

export async function checkVsix(file) {
  const entries = await listEntries(file);
  const problems = [];
  for (const name of entries) {
    if (name.endsWith('/')) continue;
    if (!ALLOWED.some((pattern) => pattern.test(name))) problems.push(`does not belong in the .vsix: ${name}`);
  }
  for (const name of REQUIRED) if (!entries.includes(name)) problems.push(`missing from the .vsix: ${name}`);
  problems.push(...(await checkIcon(file, entries)));
  const size = fs.statSync(file).size;
  if (size > MAX_VSIX_BYTES) problems.push(`the .vsix is ${size} bytes, over the ${MAX_VSIX_BYTES}-byte budget`);
  return { entries, size, problems };
}

/** Problems with the manifest's icon: a marketplace wants a PNG of at least 128×128 (read from the PNG's header). */
export async function checkIcon(file, entries) {
  const { icon } = JSON.parse(await readZipEntry(file, 'extension/package.json'));
  if (typeof icon !== 'string') return ['package.json has no icon'];
  const name = `extension/${icon.replace(/^\.\//, '')}`;
  if (!entries.includes(name)) return [`the icon ${icon} is not in the .vsix`];
  const png = await readZipBytes(file, name);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (png.length < 24 || !png.subarray(0, 8).equals(signature)) return [`the icon ${icon} is not a PNG`];
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  return width < MIN_ICON_SIDE || height < MIN_ICON_SIDE
    ? [`the icon ${icon} is ${width}×${height}, smaller than ${MIN_ICON_SIDE}×${MIN_ICON_SIDE}`]
    : [];
}

/** Runs vsce; its warnings (lines starting with WARNING, on either stream) are returned so that they fail the packaging. */
function runVsce() {
  const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
  const result = spawnVsce(vsce);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  if (result.status !== 0) throw new Error(`vsce package failed (exit ${result.status})`);
  // eslint-disable-next-line no-control-regex
  const plain = `${result.stdout}\n${result.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').filter((line) => /^\s*WARNING\b|^::warning::/i.test(line));
}

function spawnVsce(vsce) {
  try {
    const stdout = execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsixPath], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    return { status: error.status ?? 1, stdout: error.stdout ?? '', stderr: error.stderr ?? '' };
  }
}

async function main() {
  const described = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'sandboxPackage.json'), 'utf8'));
  const tarballPath = path.join(root, described.file);
  fs.rmSync(vsixPath, { force: true });
  writeExtensionNotices();
  renderIcon();
  const warnings = runVsce();
  const { entries, size, problems } = await checkVsix(vsixPath);
  problems.push(...warnings.map((line) => `vsce warned: ${line.trim()}`));
  problems.push(...(await checkSameRelease(vsixPath, tarballPath)).problems);
  problems.push(...checkChangelog(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), manifest.version));
  problems.push(...(await checkOpenVsx(vsixPath, entries)));
  if (problems.length > 0) {
    console.error(`package: the .vsix is wrong:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  const sums = [vsixPath, tarballPath].map((file) => `${sha256(file)}  ${path.basename(file)}`).join('\n');
  fs.writeFileSync(path.join(root, 'SHA256SUMS'), `${sums}\n`);
  console.log(
    `package: ${path.basename(vsixPath)}, ${entries.filter((e) => !e.endsWith('/')).length} files, ${(size / 1024).toFixed(1)} KiB, contents checked, Open VSX dry run passed`,
  );
  console.log(
    `package: ${path.basename(vsixPath)} and ${described.file} both carry version ${manifest.version}; checksums in SHA256SUMS:\n${sums}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
