// What `Compare Schemas…` and `Export Schema Comparison as Markdown…` do: the two sides chosen, both schemas read with
// progress and cancellation, the differences shown as a read-only Markdown document in the preview, exported to a file.
import * as vscode from 'vscode';
import type { InputPort } from '../../core/connections/inputPort';
import { compareSchemas, type SchemaComparison, schemaComparisonMarkdown, type SchemaSnapshot } from '../../core/schema/schemaComparison';
import { loadSchemaSnapshot } from '../../core/schema/schemaSnapshot';
import { inertLinks } from '../../core/untrustedText/linkedText';
import type { ConnectionService } from '../connections/connectionService';
import type { ExplorerNode } from '../explorer/explorerNodes';
import type { ExplorerSchemas } from '../explorer/explorerSchemas';
import { chooseTargets, type ComparisonTarget, targetLabel, targetOfNode } from './comparisonTargets';
import { type ExportDestination, SchemaComparisonDocuments } from './schemaComparisonView';

export interface SchemaComparisonDeps {
  readonly connections: ConnectionService;
  readonly schemas: ExplorerSchemas;
  readonly port: () => InputPort;
  readonly view: vscode.TreeView<ExplorerNode>;
}

/** The command's result, for tests: the document shown and the comparison in it. */
export interface ShownComparison {
  readonly uri: vscode.Uri;
  readonly comparison: SchemaComparison;
}

const SHOWN_CONTEXT = 'json2.schemaComparisonShown';

type Progress = vscode.Progress<{ message?: string; increment?: number }>;

/** Both snapshots at once, with one progress line over both; the first failure cancels the other side. */
async function loadBoth(
  deps: SchemaComparisonDeps,
  targets: readonly ComparisonTarget[],
  progress: Progress,
  signal: AbortSignal,
): Promise<SchemaSnapshot[]> {
  const sides = targets.map(() => ({ done: 0, total: 0 }));
  let shownPercent = 0;
  const report = (): void => {
    const [done, total] = sides.reduce(([d, t], side) => [d + side.done, t + side.total], [0, 0]);
    const percent = total === 0 ? 0 : Math.floor((done / total) * 100);
    progress.report({ message: vscode.l10n.t('{0} of {1} models read', done, total), increment: percent - shownPercent });
    shownPercent = percent;
  };
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  return Promise.all(
    targets.map(async (target, index) => {
      try {
        const schema = await deps.schemas.schema(target.connectionName, target.database);
        return await loadSchemaSnapshot(schema, {
          label: targetLabel(target),
          refresh: true,
          signal: both,
          onProgress: (side) => {
            sides[index] = side;
            report();
          },
        });
      } catch (error) {
        const cancelled = signal.aborted;
        stop.abort();
        if (cancelled) throw error;
        throw new Error(vscode.l10n.t('Could not read the schema of {0}: {1}', targetLabel(target), (error as Error).message), {
          cause: error,
        });
      }
    }),
  );
}

/** Reads both schemas and shows the comparison; undefined when cancelled or failed (the error is shown). */
async function compareTargets(
  deps: SchemaComparisonDeps,
  documents: SchemaComparisonDocuments,
  targets: [ComparisonTarget, ComparisonTarget],
): Promise<ShownComparison | undefined> {
  const title = vscode.l10n.t('Comparing the schemas of {0} and {1}', targetLabel(targets[0]), targetLabel(targets[1]));
  const options = { location: vscode.ProgressLocation.Notification, title, cancellable: true };
  const snapshots = await vscode.window.withProgress(options, (progress, token) => {
    const abort = new AbortController();
    const subscription = token.onCancellationRequested(() => abort.abort());
    return loadBoth(deps, targets, progress, abort.signal)
      .finally(() => subscription.dispose())
      .catch((error: unknown) => {
        if (!abort.signal.aborted) void vscode.window.showErrorMessage(inertLinks((error as Error).message));
        return undefined;
      });
  });
  if (!snapshots) return undefined;
  const comparison = compareSchemas(snapshots[0], snapshots[1]);
  const uri = await documents.show(comparison.before, comparison.after, schemaComparisonMarkdown(comparison));
  await vscode.commands.executeCommand('setContext', SHOWN_CONTEXT, true);
  return { uri, comparison };
}

/** The sides the command was given: the selected nodes when it was run on a multi-selection, else the node. */
function givenTargets(deps: SchemaComparisonDeps, node: unknown, selected: unknown): ComparisonTarget[] {
  const targetsOf = (nodes: readonly ExplorerNode[]) =>
    nodes.map((each) => targetOfNode(each, deps.connections)).filter((target) => target !== undefined);
  if (Array.isArray(selected) && selected.length > 1) return targetsOf(selected as ExplorerNode[]);
  if (node) return targetsOf([node as ExplorerNode]);
  // From the command palette: two databases selected in the tree are the two sides.
  const inTree = targetsOf(deps.view.selection);
  return inTree.length === 2 ? inTree : [];
}

/** Offers the export of a comparison just shown, without holding the command until the message is closed. */
function offerExport(documents: SchemaComparisonDocuments, shown: ShownComparison, destination: ExportDestination): void {
  const differences = shown.comparison.addedModels.length + shown.comparison.removedModels.length + shown.comparison.changedModels.length;
  const exportLabel = vscode.l10n.t('Export as Markdown');
  const message = differences === 0 ? vscode.l10n.t('The two schemas are the same.') : vscode.l10n.t('{0} models differ.', differences);
  void vscode.window.showInformationMessage(message, exportLabel).then((chosen) => {
    if (chosen === exportLabel) void documents.export(shown.uri, destination);
  });
}

/**
 * The work of the two commands, in a bundle of its own (dist/schemaComparison.js, required on first use), so that the
 * extension's start-up bundle does not carry the comparison, its Markdown and the view.
 */
export class SchemaComparisonCommands implements vscode.Disposable {
  readonly documents = new SchemaComparisonDocuments();

  constructor(
    private readonly deps: SchemaComparisonDeps,
    private readonly destination: ExportDestination,
    private readonly offer: boolean,
  ) {}

  async compare(node?: unknown, selected?: unknown): Promise<ShownComparison | undefined> {
    const given = givenTargets(this.deps, node, selected);
    if (given.length > 2) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Select two databases to compare, not {0}.', given.length));
      return undefined;
    }
    const { connections, schemas } = this.deps;
    const targets = await chooseTargets({ port: this.deps.port(), connections, schemas }, given);
    const shown = targets && (await compareTargets(this.deps, this.documents, targets));
    if (shown && this.offer) offerExport(this.documents, shown, this.destination);
    return shown;
  }

  export(uri: unknown): Promise<vscode.Uri | undefined> {
    return this.documents.export(uri instanceof vscode.Uri ? uri : undefined, this.destination);
  }

  dispose(): void {
    this.documents.dispose();
  }
}
