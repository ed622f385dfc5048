// Registers `Generate Types…` and the offer to regenerate generated files after a schema refresh; their work and the
// generator are in dist/typeGeneration.js, loaded on first use, so that start-up never parses them.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { InvalidatedSchemas } from '../schema/schemaServices';
import type { TypesCommands, TypesDeps, TypesDestination } from './typesCommands';
import type { OfferOutcome, OfferPrompt, TypesRegeneration } from './typesRegeneration';

type TypesBundle = typeof import('./typesBundle');

export interface TypesTestApi {
  /** When set, the types are written here instead of asking with the save dialog. */
  saveTo: vscode.Uri | undefined;
  /** When set, answers the offer to regenerate instead of the notification. */
  answerOffer: OfferPrompt | undefined;
  /** What the check after the latest refresh offered (resolved when its offers are answered). */
  lastCheck: Promise<OfferOutcome[]>;
}

interface Loaded {
  readonly commands: TypesCommands;
  readonly regeneration: TypesRegeneration;
}

function loader(deps: TypesDeps, testApi: TypesTestApi | undefined): () => Loaded {
  let loaded: Loaded | undefined;
  return () => {
    if (loaded) return loaded;
    // A separate bundle (scripts/build.mjs keeps './typeGeneration.js' external).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require('./typeGeneration.js') as TypesBundle;
    const destination: TypesDestination = (suggested, lang) =>
      testApi?.saveTo ? Promise.resolve(testApi.saveTo) : bundle.saveDialogTypesDestination(suggested, lang);
    const prompt = (): OfferPrompt => testApi?.answerOffer ?? bundle.notificationOfferPrompt;
    loaded = { commands: new bundle.TypesCommands(deps, destination), regeneration: new bundle.TypesRegeneration(deps, prompt) };
    return loaded;
  };
}

export function registerTypes(deps: TypesDeps, testMode: boolean): { disposable: vscode.Disposable; testApi: TypesTestApi | undefined } {
  const testApi: TypesTestApi | undefined = testMode
    ? { saveTo: undefined, answerOffer: undefined, lastCheck: Promise.resolve([]) }
    : undefined;
  const loaded = loader(deps, testApi);
  const afterRefresh = (refreshed: InvalidatedSchemas): void => {
    // Only a workspace can hold generated files; the bundle is not loaded for an empty window.
    if (!vscode.workspace.workspaceFolders?.length) return;
    const check = loaded().regeneration.afterRefresh(refreshed);
    if (testApi) testApi.lastCheck = check;
  };
  const disposable = vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.generateTypes, (node?: unknown, selected?: unknown) =>
      loaded().commands.generate(node, selected),
    ),
    deps.schemas.onDidInvalidate(afterRefresh),
  );
  return { disposable, testApi };
}
