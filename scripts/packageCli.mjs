// Packs the `json2` command line as its own npm package (json2-cli-<version>.tgz beside the .vsix), from the bundles of
// the last production build: run, migrate, mcp and sandbox (with PGlite's files), nothing of VS Code, no dependencies.
// Also writes dist/sandboxPackage.json (name, version, file, integrity), which the extension uses to install the same
// package on first use of the local sandbox and to check what it downloaded.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileNotice, formatNotices, packagesOf, POSTGRESQL_NOTICE, readBundleInputs } from './thirdPartyNotices.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staging = path.join(root, 'build', 'cli-package');

/** The bundles the package runs, the files PGlite loads next to the worker bundle, and the prepared demo template. */
const BUNDLES = [
  'dist/cli.js',
  'dist/sandbox.js',
  'dist/sandboxWorker.js',
  'dist/migrate.js',
  'dist/mcp.js',
  'dist/junit.js',
  'dist/collections.js',
  'dist/bruParser.js',
];
const RUNTIME_FILES = ['dist/pglite.wasm', 'dist/pglite.data', 'dist/initdb.wasm', 'dist/sandboxTemplate.tar.gz'];
/** Every path the tarball may hold (under `package/`); everything listed here but the notices is required too. */
const EXPECTED = ['package.json', 'README.md', 'LICENSE', 'THIRD_PARTY_NOTICES.txt', ...BUNDLES, ...RUNTIME_FILES];

/** The package's manifest: cli-package/package.json with the extension's version, so both always carry the same. */
export function cliManifest() {
  const extension = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const template = JSON.parse(fs.readFileSync(path.join(root, 'cli-package', 'package.json'), 'utf8'));
  if ('version' in template) throw new Error("cli-package/package.json must not carry a version: it is the extension's");
  const { name, ...rest } = template;
  return { name, version: extension.version, ...rest };
}

function stage(manifest) {
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.join(staging, 'dist'), { recursive: true });
  for (const file of [...BUNDLES, ...RUNTIME_FILES]) {
    const source = path.join(root, file);
    if (!fs.existsSync(source)) throw new Error(`${file} is missing: run node scripts/build.mjs --production first`);
    fs.copyFileSync(source, path.join(staging, file));
  }
  fs.chmodSync(path.join(staging, 'dist', 'cli.js'), 0o755);
  fs.copyFileSync(path.join(root, 'cli-package', 'README.md'), path.join(staging, 'README.md'));
  fs.copyFileSync(path.join(root, 'LICENSE'), path.join(staging, 'LICENSE'));
  const packages = [
    ...packagesOf(root, readBundleInputs(root), BUNDLES, ['node_modules/@electric-sql/pglite']),
    fileNotice(root, POSTGRESQL_NOTICE),
  ];
  fs.writeFileSync(
    path.join(staging, 'THIRD_PARTY_NOTICES.txt'),
    formatNotices(`Third-party notices of ${manifest.name} ${manifest.version}`, packages),
  );
  fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** `npm pack` of the staged folder into the project's root; returns npm's report (filename, integrity, files...). */
function pack() {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', root], {
    cwd: staging,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [report] = JSON.parse(output);
  return report;
}

export function checkPackReport(report) {
  const files = report.files.map((entry) => entry.path).sort();
  const problems = [];
  for (const file of files) if (!EXPECTED.includes(file)) problems.push(`does not belong in the CLI package: ${file}`);
  for (const file of EXPECTED) if (!files.includes(file)) problems.push(`missing from the CLI package: ${file}`);
  return problems;
}

async function main() {
  const manifest = cliManifest();
  stage(manifest);
  const report = pack();
  const problems = checkPackReport(report);
  if (problems.length > 0) {
    console.error(`package: the CLI package is wrong:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  const described = {
    name: report.name,
    version: report.version,
    file: report.filename,
    integrity: report.integrity,
    size: report.size,
    unpackedSize: report.unpackedSize,
  };
  fs.writeFileSync(path.join(root, 'dist', 'sandboxPackage.json'), `${JSON.stringify(described, null, 2)}\n`);
  const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `package: ${report.filename}, ${report.files.length} files, ${mib(report.size)} MiB (${mib(report.unpackedSize)} MiB unpacked), contents checked`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
