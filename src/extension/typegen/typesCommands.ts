// What `Generate Types…` does: the database and models from the tree's nodes or asked (core flow, which offers the
// models the workspace's request files and code use), the depth, language and client asked, the file chosen in a save dialog, the types generated from the connection's schema with progress and
// Cancel, written and opened. Loaded on first use as dist/typeGeneration.js.
import * as vscode from 'vscode';
import type { InputPort } from '../../core/connections/inputPort';
import type { RequestFileModels } from '../../core/typegen/projectModels';
import { type GeneratedTypes, generateTypes } from '../../core/typegen/typeGeneration';
import { TypeSchemaError } from '../../core/typegen/typeSchema';
import {
  defaultTypesFileName,
  generateTypesFlow,
  type TypesChoice,
  type TypesTarget,
  typesTargetLabel,
} from '../../core/typegen/typesFlow';
import { inertLinks } from '../../core/untrustedText/linkedText';
import type { ConnectionService } from '../connections/connectionService';
import type { ExplorerNode } from '../explorer/explorerNodes';
import type { ExplorerSchemas } from '../explorer/explorerSchemas';
import { migrationEngine } from '../migrate/migrationEngine';
import { candidates, targetOfNode } from '../schema/comparisonTargets';

export interface TypesDeps {
  readonly connections: ConnectionService;
  readonly schemas: ExplorerSchemas;
  readonly port: () => InputPort;
  /** Where the regeneration offers already made are remembered. */
  readonly workspaceState: vscode.Memento;
  /** The models a request file names: the request-file parser of dist/extension.js, lent to the project scan. */
  readonly requestFileModels: RequestFileModels;
}

/** Where the file is saved; tests answer in place of the dialog. */
export type TypesDestination = (suggested: vscode.Uri, lang: 'ts' | 'python') => Promise<vscode.Uri | undefined>;

export const saveDialogTypesDestination: TypesDestination = (suggested, lang) =>
  Promise.resolve(
    vscode.window.showSaveDialog({
      defaultUri: suggested,
      title: vscode.l10n.t('Save the Generated Types'),
      saveLabel: vscode.l10n.t('Save'),
      filters: lang === 'python' ? { Python: ['py'] } : { TypeScript: ['ts'] },
    }),
  );

/** The command's result, for tests: the file written and the models it describes. */
export interface WrittenTypes {
  readonly uri: vscode.Uri;
  readonly models: readonly string[];
}

/** The database and models the nodes give: model nodes of one database, else a connection or database node. */
function givenOf(deps: TypesDeps, node: unknown, selected: unknown): { target?: TypesTarget; givenModels?: string[] } | string {
  const nodes = (Array.isArray(selected) && selected.length > 0 ? selected : node ? [node] : []) as ExplorerNode[];
  const models = nodes.filter((each) => each.kind === 'model');
  if (models.length > 0) {
    const databases = new Set(models.map((each) => typesTargetLabel(each)));
    if (databases.size > 1) return vscode.l10n.t('Select models of one database: the types describe one database.');
    return {
      target: { connectionName: models[0].connectionName, database: models[0].database },
      givenModels: models.map((each) => each.model),
    };
  }
  const target = nodes.length > 0 ? targetOfNode(nodes[0], deps.connections) : undefined;
  return target ? { target } : {};
}

/**
 * Plain words for what went wrong: a model the database lacks, else the server's answer (the client's errors come from
 * the extension's bundle, so they are not told apart by class here).
 */
function problemOf(error: unknown, target: TypesTarget): string {
  const where = typesTargetLabel(target);
  if (error instanceof TypeSchemaError) return vscode.l10n.t('Could not generate the types of {0}: {1}', where, error.message);
  return vscode.l10n.t('Could not read the schema of {0}: {1}', where, (error as Error).message);
}

/** The models the workspace's request files and code use (local folders only); none when the scan fails. */
async function workspaceProjectModels(requestFileModels: RequestFileModels): Promise<readonly string[]> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
  if (folders.length === 0) return [];
  const title = vscode.l10n.t('Finding the models this project uses');
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, async () => {
    try {
      const uses = await migrationEngine().projectModelUses(
        folders.map((folder) => folder.uri.fsPath),
        requestFileModels,
      );
      return uses.map((use) => use.model);
    } catch {
      return [];
    }
  });
}

/** Generates with a cancellable progress notification; undefined when cancelled or failed (the error is shown). */
export async function generateWithProgress(deps: TypesDeps, choice: TypesChoice): Promise<GeneratedTypes | undefined> {
  const { target, options } = choice;
  const title = vscode.l10n.t('Generating the types of {0}', typesTargetLabel(target));
  const progressOptions = { location: vscode.ProgressLocation.Notification, title, cancellable: true };
  return vscode.window.withProgress(progressOptions, async (_progress, token) => {
    const abort = new AbortController();
    const subscription = token.onCancellationRequested(() => abort.abort());
    try {
      const [schema, client] = await Promise.all([
        deps.schemas.schema(target.connectionName, target.database),
        deps.schemas.client(target.connectionName, target.database),
      ]);
      const server = deps.connections.find(target.connectionName)?.profile.baseUrl ?? '';
      const release = await client.serverVersion(abort.signal);
      const origin = { server, database: target.database || undefined, release };
      return await generateTypes({ source: schema, origin, options, signal: abort.signal });
    } catch (error) {
      if (!abort.signal.aborted) void vscode.window.showErrorMessage(inertLinks(problemOf(error, target)));
      return undefined;
    } finally {
      subscription.dispose();
    }
  });
}

/** The work of the command, in a bundle of its own (dist/typeGeneration.js, required on first use). */
export class TypesCommands {
  constructor(
    private readonly deps: TypesDeps,
    private readonly destination: TypesDestination,
  ) {}

  async generate(node?: unknown, selected?: unknown): Promise<WrittenTypes | undefined> {
    const given = givenOf(this.deps, node, selected);
    if (typeof given === 'string') {
      void vscode.window.showInformationMessage(given);
      return undefined;
    }
    if (!given.target && this.deps.connections.list().length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No JSON-2 connection yet: add one first.'));
      return undefined;
    }
    const { connections, schemas } = this.deps;
    const choice = await generateTypesFlow(this.deps.port(), {
      ...given,
      targets: async () => [...(await candidates(connections, schemas)).values()],
      modelsOf: async (target) => (await schemas.schema(target.connectionName, target.database)).models(),
      projectModels: () => workspaceProjectModels(this.deps.requestFileModels),
    });
    if (!choice) return undefined;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = defaultTypesFileName(choice.options.lang);
    const uri = await this.destination(folder ? vscode.Uri.joinPath(folder, name) : vscode.Uri.file(name), choice.options.lang);
    if (!uri) return undefined;
    const generated = await generateWithProgress(this.deps, choice);
    if (!generated) return undefined;
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(generated.text));
    await vscode.window.showTextDocument(uri);
    return { uri, models: generated.models };
  }
}
