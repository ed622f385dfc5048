// Registers Import Collection…, the explorer view's drop target for collections, and Export to Postman / .http; their
// work is in dist/collectionCommands.js, loaded on first use, so that start-up never parses the readers and writers.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { CollectionDialogs } from './collectionDialogs';
import type { CollectionCommands, CollectionDeps, ImportedCollections } from './collectionCommands';
import { CollectionDropController } from './collectionDrop';

type CollectionsBundle = typeof import('./collectionsBundle');

export interface CollectionsTestApi {
  /** Answers in place of the dialogs: whichever is set replaces VS Code's. */
  readonly dialogs: Partial<CollectionDialogs>;
  /** The outcome of the last import (the command's or a drop's). */
  lastImport: ImportedCollections | undefined;
}

export interface CollectionsFeature {
  readonly disposable: vscode.Disposable;
  /** The drop target the explorer view is created with. */
  readonly dropController: CollectionDropController<unknown>;
  readonly testApi: CollectionsTestApi | undefined;
}

export function registerCollections(deps: CollectionDeps, testMode: boolean): CollectionsFeature {
  let commands: CollectionCommands | undefined;
  const testApi: CollectionsTestApi | undefined = testMode ? { dialogs: {}, lastImport: undefined } : undefined;
  const loaded = (): CollectionCommands => {
    if (commands) return commands;
    // A separate bundle (scripts/build.mjs keeps './collectionCommands.js' external).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require('./collectionCommands.js') as CollectionsBundle;
    commands = new bundle.CollectionCommands(deps, dialogsWith(bundle, testApi));
    return commands;
  };
  const importCollection = async (clicked?: unknown, selected?: unknown): Promise<ImportedCollections | undefined> => {
    const outcome = await loaded().importCollection(clicked, selected);
    if (testApi) testApi.lastImport = outcome;
    return outcome;
  };
  const dropController = new CollectionDropController<unknown>((uris) => importCollection(uris[0], uris));
  const disposable = vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.importCollection, importCollection),
    vscode.commands.registerCommand(CommandIds.exportToPostman, (clicked?: unknown, selected?: unknown) =>
      loaded().exportTo('postman', clicked, selected),
    ),
    vscode.commands.registerCommand(CommandIds.exportToHttp, (clicked?: unknown, selected?: unknown) =>
      loaded().exportTo('http', clicked, selected),
    ),
    { dispose: () => commands?.dispose() },
  );
  return { disposable, dropController, testApi };
}

/** VS Code's dialogs, each replaced by the test API's answer when one is set (looked up when asked). */
function dialogsWith(bundle: CollectionsBundle, testApi: CollectionsTestApi | undefined): CollectionDialogs {
  const real = bundle.vscodeCollectionDialogs;
  const own = testApi?.dialogs ?? {};
  return {
    importSources: () => (own.importSources ?? real.importSources)(),
    importFolder: (suggested) => (own.importFolder ?? real.importFolder)(suggested),
    overwrite: (existing) => (own.overwrite ?? real.overwrite)(existing),
    exportSources: () => (own.exportSources ?? real.exportSources)(),
    exportFile: (suggested, format) => (own.exportFile ?? real.exportFile)(suggested, format),
  };
}
