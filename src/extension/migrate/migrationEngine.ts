// Loads the migration engine (dist/migrate.js, which carries the Python, JS/TS and PHP parsers) the first time it is needed.
import type * as Engine from '../../core/migrate/migrateBundle';

export type MigrationEngine = typeof Engine;

let engine: MigrationEngine | undefined;

/** The engine; the first call loads the separate bundle next to dist/extension.js. */
export function migrationEngine(): MigrationEngine {
  // A separate bundle, so that start-up never loads the parsers (scripts/build.mjs keeps './migrate.js' external).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  engine ??= require('./migrate.js') as MigrationEngine;
  return engine;
}

/** The document languages the assistant reads (JSON: n8n workflow exports). */
export const MIGRATION_LANGUAGES: readonly string[] = [
  'python',
  'javascript',
  'javascriptreact',
  'typescript',
  'typescriptreact',
  'php',
  'json',
  'jsonc',
];

/** The files the workspace scan reads. */
export const MIGRATION_GLOB = '**/*.{py,pyw,js,jsx,mjs,cjs,ts,tsx,mts,cts,php,json}';
