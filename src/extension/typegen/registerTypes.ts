// Registers `Generate Types…`; its work and the generator are in dist/typeGeneration.js, loaded on first use, so that
// start-up never parses them.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { TypesCommands, TypesDeps, TypesDestination } from './typesCommands';

type TypesBundle = typeof import('./typesBundle');

export interface TypesTestApi {
  /** When set, the types are written here instead of asking with the save dialog. */
  saveTo: vscode.Uri | undefined;
}

export function registerTypes(deps: TypesDeps, testMode: boolean): { disposable: vscode.Disposable; testApi: TypesTestApi | undefined } {
  let commands: TypesCommands | undefined;
  const testApi: TypesTestApi | undefined = testMode ? { saveTo: undefined } : undefined;
  const loaded = (): TypesCommands => {
    if (commands) return commands;
    // A separate bundle (scripts/build.mjs keeps './typeGeneration.js' external).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require('./typeGeneration.js') as TypesBundle;
    const destination: TypesDestination = (suggested, lang) =>
      testApi?.saveTo ? Promise.resolve(testApi.saveTo) : bundle.saveDialogTypesDestination(suggested, lang);
    commands = new bundle.TypesCommands(deps, destination);
    return commands;
  };
  const disposable = vscode.commands.registerCommand(CommandIds.generateTypes, (node?: unknown, selected?: unknown) =>
    loaded().generate(node, selected),
  );
  return { disposable, testApi };
}
