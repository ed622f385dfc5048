// Entry of dist/migrate.js: the migration engine with its parsers, loaded by the extension on first use only.
export { type AnalysedCall, type TextEdit, analyseSource, applyEdits, conversionEdits, json2RequestOf, languageOfFile } from './migrationAnalysis';
export type { MigrationFinding } from './migrationPlan';
export { type FileFix, type LocatedFinding, fileFindings, fixFile } from './fileMigration';
