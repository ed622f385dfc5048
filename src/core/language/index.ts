// Language features of .json2 files on plain data: completion, hover, diagnostics and signature help from a schema source.
export { completeAt, type CompletionOptions } from './completeRequest';
export type { ContextLists } from './contextCompletions';
export { hoverAt } from './hoverRequest';
export { diagnoseFile } from './diagnoseRequest';
export { signatureAt } from './signatureHelp';
export { ServiceSchemaSource, TableSchemaSource, statusNote, type RecordCaller } from './schemaSource';
export { DebouncedNameSearch } from './nameSearchDebounce';
export { closestNames } from './closestNames';
export { operatorsForType, explainOperator, DOMAIN_OPERATORS } from './domainOperators';
export type * from './languageTypes';
