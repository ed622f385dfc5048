// Builds every bundle with esbuild, one context per entry: the extension, the CLI, the webview and the sandbox.
//   node scripts/build.mjs [--watch] [--production] [--tests]
// --tests also transpiles src/, test/ and bench/ file by file into out/ for node's test runner and mocha.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxBundles, copySandboxAssets, prepareSandboxTemplate } from './sandboxBundles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const watch = args.has('--watch');
const production = args.has('--production') || process.env.NODE_ENV === 'production';

const common = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'linked',
  logLevel: 'warning',
  metafile: true,
  define: {
    'process.env.JSON2_BUILD_MODE': JSON.stringify(production ? 'production' : 'development'),
    JSON2_VERSION: JSON.stringify(manifest.version),
  },
};

const nodeEntry = (entry, outfile, extra = {}) => ({
  ...common,
  entryPoints: [entry],
  outfile,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  ...extra,
});

/** One esbuild context per shipped bundle. */
export const bundles = [
  // Banner and footer stamp when the bundle starts and ends loading, so activation can report its module-loading time.
  nodeEntry('src/extension/activate.ts', 'dist/extension.js', {
    external: [
      'vscode',
      './migrate.js',
      './localSandbox.js',
      './undiciPool.js',
      './schemaComparison.js',
      './typeGeneration.js',
      './collectionCommands.js',
      './responsePanel.js',
      './htmlMarkdown.js',
      './keyFlows.js',
      './xmlTree.js',
      './explainAnswer.js',
    ],
    mainFields: ['module', 'main'],
    banner: { js: 'var __json2LoadStarted=performance.now();' },
    footer: { js: 'var __json2LoadEnded=performance.now();' },
  }),
  // The extension's HTTP pool (undici's public Pool, src/core/http/undiciHttpPool.ts): its own bundle, required by
  // the extension when it makes its first client (src/extension/undiciPoolBundle.ts), so activation never parses undici.
  nodeEntry('src/core/http/undiciHttpPool.ts', 'dist/undiciPool.js'),
  // HTML docstrings to Markdown (turndown and its DOM): required by src/core/untrustedText/docstringMarkdown.ts the
  // first time a server's documentation is HTML, so that activation never parses them.
  nodeEntry('src/core/untrustedText/htmlMarkdown.ts', 'dist/htmlMarkdown.js'),
  // XML documents as trees (saxes): required by src/core/client/xmlRpcCodec.ts the first time XML-RPC is read.
  nodeEntry('src/core/client/xmlTree.ts', 'dist/xmlTree.js'),
  // Explain this answer (the causes and their reads): required by src/core/access/lazyExplain.ts on first use.
  nodeEntry('src/core/access/explainAnswer.ts', 'dist/explainAnswer.js'),
  // The key commands' dialogues (src/extension/keys/keyFlowsBundle.ts): required by the first key command.
  nodeEntry('src/extension/keys/keyFlowsBundle.ts', 'dist/keyFlows.js'),
  // The migration assistant's parsers (Python, JS/TS, PHP): their own bundle, required by the extension on first use.
  // mainFields: it reads n8n workflow exports with jsonc-parser (see the CLI's bundle below).
  nodeEntry('src/core/migrate/migrateBundle.ts', 'dist/migrate.js', { mainFields: ['module', 'main'] }),
  // The local sandbox's installer, launcher and connection: their own bundle, required by the extension on first Start.
  nodeEntry('src/extension/sandbox/localSandboxService.ts', 'dist/localSandbox.js', { external: ['vscode'] }),
  // The response panel (its page, the ready handshake, the handover of answers): required when the first panel opens.
  nodeEntry('src/extension/requests/responsePanel.ts', 'dist/responsePanel.js', { external: ['vscode'] }),
  // Compare Schemas (the comparison, its Markdown, the view and the export): its own bundle, required on first use.
  nodeEntry('src/extension/schema/schemaComparisonBundle.ts', 'dist/schemaComparison.js', { external: ['vscode'] }),
  // Generate Types (the generator of src/core/typegen and the command's work): its own bundle, required on first use.
  // It requires dist/migrate.js for "Models this project uses" (the project scan needs the migration's parsers).
  nodeEntry('src/extension/typegen/typesBundle.ts', 'dist/typeGeneration.js', { external: ['vscode', './migrate.js'] }),
  // Import Collection… and Export to Postman / .http (the readers and writers of src/core/collections): required on
  // first use; Bruno's parser stays in dist/bruParser.js. mainFields: jsonc-parser, as for the CLI below.
  nodeEntry('src/extension/collections/collectionsBundle.ts', 'dist/collectionCommands.js', {
    external: ['vscode', './bruParser.js'],
    mainFields: ['module', 'main'],
  }),
  // mainFields: jsonc-parser's "main" is a UMD build whose requires esbuild cannot follow; its ES module build bundles.
  nodeEntry('src/cli/main.ts', 'dist/cli.js', {
    banner: { js: '#!/usr/bin/env node' },
    external: ['./sandbox.js', './migrate.js', './mcp.js', './junit.js', './collections.js'],
    mainFields: ['module', 'main'],
  }),
  // `json2 import` and `json2 export`: required by dist/cli.js for these commands only. mainFields: jsonc-parser, as above.
  nodeEntry('src/cli/collectionsBundle.ts', 'dist/collections.js', { mainFields: ['module', 'main'], external: ['./bruParser.js'] }),
  // Bruno's .bru parser (@usebruno/lang with ohm-js, whose ES module build it cannot require): required the first time
  // a Bruno collection is read (src/core/collections/brunoCollection.ts).
  nodeEntry('src/core/collections/bruParser.ts', 'dist/bruParser.js'),
  // `json2 run --junit`: the JUnit writer with xmlbuilder2, required by dist/cli.js only when a report is asked for.
  nodeEntry('src/cli/junitReport.ts', 'dist/junit.js'),
  // `json2 mcp` with the MCP SDK: its own bundle, required by dist/cli.js for that command only.
  nodeEntry('src/cli/mcpCommand.ts', 'dist/mcp.js', { mainFields: ['module', 'main'] }),
  {
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview/main.js',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
  },
  // The panel's buttons (`vscode-button`, Lit): carried by the page inert and run after its first paint.
  {
    ...common,
    entryPoints: ['src/webview/controlsBundle.ts'],
    outfile: 'dist/webview/controls.js',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
  },
  // The panel's filter (JSONPath): loaded by the view when a path is first applied, so its first rows wait for less.
  {
    ...common,
    entryPoints: ['src/webview/filterBundle.ts'],
    outfile: 'dist/webview/filter.js',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
  },
  ...sandboxBundles(common),
];

const testTranspile = {
  absWorkingDir: root,
  entryPoints: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
  outdir: 'out',
  outbase: '.',
  bundle: false,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  logLevel: 'warning',
};

function reportSizes(results) {
  for (const result of results) {
    for (const [file, info] of Object.entries(result.metafile?.outputs ?? {})) {
      if (file.endsWith('.js')) console.log(`  ${file.padEnd(28)} ${(info.bytes / 1024).toFixed(1).padStart(8)} KiB`);
    }
  }
}

/** Records which source files went into each bundle (dist/bundleInputs.json), for the third-party notices. */
function writeBundleInputs(results) {
  const inputs = {};
  for (const result of results) {
    for (const [file, info] of Object.entries(result.metafile?.outputs ?? {})) {
      if (file.endsWith('.js')) inputs[file] = Object.keys(info.inputs).sort();
    }
  }
  fs.writeFileSync(path.join(root, 'dist', 'bundleInputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);
}

function removeOrphans(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removeOrphans(full);
    else if (
      entry.name.endsWith('.js') &&
      !fs.existsSync(path.join(root, path.relative(path.join(root, 'out'), full)).replace(/\.js$/, '.ts'))
    )
      fs.rmSync(full);
  }
}

async function main() {
  const tests = args.has('--tests');
  // out/ is not wiped (a test run may be reading it); transpiled files whose source is gone are removed instead.
  if (tests) removeOrphans(path.join(root, 'out'));
  else fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  const options = tests ? [testTranspile] : bundles;
  if (!tests) copySandboxAssets(root);
  if (watch) {
    const contexts = await Promise.all([...bundles, testTranspile].map((o) => esbuild.context(o)));
    copySandboxAssets(root);
    await Promise.all(contexts.map((c) => c.watch()));
    console.log('[watch] building; press Ctrl+C to stop');
    return;
  }
  const results = await Promise.all(options.map((o) => esbuild.build(o)));
  if (!tests) {
    reportSizes(results);
    writeBundleInputs(results);
    const template = prepareSandboxTemplate(root);
    console.log(`  ${path.relative(root, template).padEnd(30)} ${(fs.statSync(template).size / 1024).toFixed(1)} KiB`);
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
