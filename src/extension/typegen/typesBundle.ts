// The entry of dist/typeGeneration.js: what `Generate Types…` and the regeneration offer load on first use.
export { saveDialogTypesDestination, TypesCommands } from './typesCommands';
export { notificationOfferPrompt, TypesRegeneration } from './typesRegeneration';
