// The entry of dist/typeGeneration.js: what `Generate Types…` loads on first use (the generator and the command's work).
export { saveDialogTypesDestination, TypesCommands } from './typesCommands';
