// Registers `Compare Schemas…` and `Export Schema Comparison as Markdown…`; their work is in dist/schemaComparison.js,
// loaded on first use, so that start-up never parses it.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { SchemaComparisonCommands, SchemaComparisonDeps } from './schemaComparisonCommands';
import type { ExportDestination } from './schemaComparisonView';

type SchemaComparisonBundle = typeof import('./schemaComparisonCommands') & typeof import('./schemaComparisonView');

export interface SchemaComparisonTestApi {
  /** When set, exports are written here instead of asking with the save dialog. */
  exportTo: vscode.Uri | undefined;
  /** The Markdown of a comparison shown (by the address the command returned). */
  text(uri: vscode.Uri): string | undefined;
}

export function registerSchemaComparison(
  deps: SchemaComparisonDeps,
  testMode: boolean,
): { disposable: vscode.Disposable; testApi: SchemaComparisonTestApi | undefined } {
  let commands: SchemaComparisonCommands | undefined;
  const testApi: SchemaComparisonTestApi | undefined = testMode
    ? { exportTo: undefined, text: (uri) => commands?.documents.text(uri) }
    : undefined;
  const loaded = (): SchemaComparisonCommands => {
    if (commands) return commands;
    // A separate bundle (scripts/build.mjs keeps './schemaComparison.js' external).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require('./schemaComparison.js') as SchemaComparisonBundle;
    const destination: ExportDestination = (suggested) =>
      testApi?.exportTo ? Promise.resolve(testApi.exportTo) : bundle.saveDialogDestination(suggested);
    commands = new bundle.SchemaComparisonCommands(deps, destination, !testMode);
    return commands;
  };
  const disposable = vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.compareSchemas, (node?: unknown, selected?: unknown) => loaded().compare(node, selected)),
    vscode.commands.registerCommand(CommandIds.exportSchemaComparison, (uri?: unknown) => loaded().export(uri)),
    { dispose: () => commands?.dispose() },
  );
  return { disposable, testApi };
}
