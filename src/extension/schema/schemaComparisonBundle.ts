// The entry of dist/schemaComparison.js: what the schema comparison commands load on first use.
export { SchemaComparisonCommands } from './schemaComparisonCommands';
export { saveDialogDestination } from './schemaComparisonView';
