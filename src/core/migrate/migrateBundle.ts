// Entry of dist/migrate.js: the migration engine with its parsers (also behind Paste as JSON-2 Request), loaded by the extension on first use only.
export {
  type AnalysedCall,
  type TextEdit,
  analyseSource,
  applyEdits,
  conversionEdits,
  json2RequestOf,
  languageOfFile,
} from './migrationAnalysis';
export type { MigrationFinding } from './migrationPlan';
export { type FileFix, type LocatedFinding, fileFindings, fixFile } from './fileMigration';
export { type FoundKey, type PasteConnection, type PasteOutcome, pasteAsRequest } from '../paste/pasteAsRequest';
export { type ModelUse, modelsInFile, projectModelUses, type RequestFileModels } from '../typegen/projectModels';
export { MissingPathError } from './sourceFiles';
