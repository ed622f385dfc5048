// `json2 import` and `json2 export` in a bundle of their own (dist/collections.js, with Bruno's parser), loaded by
// dist/cli.js only for these commands.
export { runImportCommand } from './importCommand';
export { runExportCommand } from './exportCommand';
