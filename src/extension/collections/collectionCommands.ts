// What Import Collection… and Export to Postman / .http do in the editor: the sources from the command's arguments
// (explorer, editor title, drop) or asked, the destination asked (beside the source by default), the work of
// src/core/collections (the same as json2 import and export) on the workspace file system, the report shown.
// Loaded on first use as dist/collectionCommands.js.
import * as vscode from 'vscode';
import { defaultImportFolderName } from '../../core/collections/collectionFiles';
import { CollectionFormatError } from '../../core/collections/collectionTypes';
import { defaultExportName, type ExportFormat, exportText } from '../../core/collections/exportFiles';
import { type ImportPlan, importCounts, planImport, writeImport } from '../../core/collections/importFiles';
import { inertLinks } from '../../core/untrustedText/linkedText';
import type { ConnectionService } from '../connections/connectionService';
import type { CollectionDialogs } from './collectionDialogs';
import { ImportReports } from './importReports';
import { workspaceCollectionFiles as files } from './workspaceCollectionFiles';

export interface CollectionDeps {
  readonly connections: ConnectionService;
  readonly log: vscode.LogOutputChannel;
}

/** An import's outcome, for tests: the files written and the report shown. */
export interface ImportedCollections {
  readonly written: readonly vscode.Uri[];
  readonly report: string;
  readonly reportDocument: vscode.TextDocument;
}

/** An export's outcome, for tests: the file written and what the other tool cannot hold. */
export interface ExportedCollection {
  readonly uri: vscode.Uri;
  readonly notes: readonly { readonly where: string; readonly what: string }[];
}

/** The URIs a command was given: the explorer's selection, else the one clicked (or the editor's). */
function urisOf(clicked: unknown, selected: unknown): vscode.Uri[] | undefined {
  if (Array.isArray(selected) && selected.length > 0 && selected.every((each) => each instanceof vscode.Uri)) return selected;
  return clicked instanceof vscode.Uri ? [clicked] : undefined;
}

function progress<T>(title: string, work: () => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, work);
}

export class CollectionCommands implements vscode.Disposable {
  readonly #reports = new ImportReports();

  constructor(
    private readonly deps: CollectionDeps,
    private readonly dialogs: CollectionDialogs,
  ) {}

  /** Imports the collection(s) given, dropped or picked; undefined when cancelled or refused (the reason is shown). */
  async importCollection(clicked?: unknown, selected?: unknown): Promise<ImportedCollections | undefined> {
    const sources = urisOf(clicked, selected) ?? (await this.dialogs.importSources());
    if (!sources || sources.length === 0) return undefined;
    const suggested = vscode.Uri.joinPath(sources[0], '..', defaultImportFolderName(sources.map(files.baseName)));
    const out = await this.dialogs.importFolder(suggested);
    if (!out) return undefined;
    const title = vscode.l10n.t('Importing {0}', sources.map(files.label).join(', '));
    let plan: ImportPlan<vscode.Uri>;
    try {
      plan = await progress(title, () => planImport(files, sources, out));
    } catch (error) {
      return this.#refused(error, (reason) => vscode.l10n.t('Could not import: {0}', reason));
    }
    if (plan.existing.length > 0 && !(await this.dialogs.overwrite(plan.existing))) return undefined;
    let outcome: Awaited<ReturnType<typeof writeImport<vscode.Uri>>>;
    try {
      outcome = await progress(title, () => writeImport(files, plan));
    } catch (error) {
      return this.#refused(error, (reason) => vscode.l10n.t('Could not write the imported files: {0}', reason));
    }
    const { written, report } = outcome;
    for (const skipped of plan.skipped) this.deps.log.info(`Import: skipped ${skipped.where}: ${skipped.what}`);
    return { written, report, reportDocument: await this.#showImport(plan, written, report, out) };
  }

  /** Exports the `.json2` file(s) or folder given, the active editor's, or picked, to Postman or `.http`. */
  async exportTo(format: ExportFormat, clicked?: unknown, selected?: unknown): Promise<ExportedCollection | undefined> {
    const sources = urisOf(clicked, selected) ?? activeJson2() ?? (await this.dialogs.exportSources());
    if (!sources || sources.length === 0) return undefined;
    const name = sources.length === 1 ? files.baseName(sources[0]) : 'requests';
    const uri = await this.dialogs.exportFile(vscode.Uri.joinPath(sources[0], '..', defaultExportName(name, format)), format);
    if (!uri) return undefined;
    const profile = this.deps.connections.active()?.profile;
    const settings = {
      ...(profile ? { baseUrl: profile.baseUrl, database: profile.database ?? '' } : {}),
      ...(profile?.databaseHeader ? { databaseHeader: profile.databaseHeader } : {}),
    };
    let exported: Awaited<ReturnType<typeof exportText>>;
    try {
      exported = await exportText(files, sources, format, files.baseName(uri).replace(/\.[^.]+$/, ''), settings);
      await files.writeText(uri, exported.text);
    } catch (error) {
      return this.#refused(error, (reason) => vscode.l10n.t('Could not export: {0}', reason));
    }
    for (const note of exported.notes) this.deps.log.info(`Export: ${note.where}: ${note.what}`);
    await vscode.window.showTextDocument(uri, { preview: true });
    this.#tellExported(exported, uri);
    return { uri, notes: exported.notes };
  }

  /** The report in a Markdown editor, the first written request file revealed, a summary with its counts. */
  async #showImport(plan: ImportPlan<vscode.Uri>, written: readonly vscode.Uri[], report: string, out: vscode.Uri) {
    const reportDocument = await this.#reports.show(files.baseName(out), report);
    const first = written.find((uri) => uri.path.endsWith('.json2'));
    if (first) await vscode.commands.executeCommand('revealInExplorer', first);
    const counts = importCounts(plan);
    const open = vscode.l10n.t('Open {0}', first ? files.baseName(first) : '');
    const message = vscode.l10n.t(
      'Imported into {0}: {1} files; {2} converted, {3} kept as they are, {4} left out, {5} secrets replaced by placeholders, {6} scripts not converted (see the report).',
      files.label(out),
      counts.files,
      counts.converted,
      counts.keptAsIs,
      counts.leftOut,
      counts.secrets,
      counts.scripts,
    );
    void vscode.window.showInformationMessage(message, ...(first ? [open] : [])).then((choice) => {
      if (choice === open && first) void vscode.window.showTextDocument(first);
    });
    return reportDocument;
  }

  #tellExported(exported: Awaited<ReturnType<typeof exportText>>, uri: vscode.Uri): void {
    const showNotes = vscode.l10n.t('Show Notes');
    const message = vscode.l10n.t(
      'Exported {0} requests of {1} files to {2}; {3} notes on what the other tool cannot hold.',
      exported.requests,
      exported.files,
      files.label(uri),
      exported.notes.length,
    );
    void vscode.window.showInformationMessage(message, ...(exported.notes.length > 0 ? [showNotes] : [])).then((choice) => {
      if (choice === showNotes) this.deps.log.show(true);
    });
  }

  /**
   * Shows why an import or export stopped (a collection or file that cannot be read, a file that cannot be written, no
   * `.json2` file found: the messages name files and reasons, never their content) and ends the command with nothing.
   */
  #refused(error: unknown, message: (reason: string) => string): undefined {
    if (!(error instanceof Error)) throw error;
    if (!(error instanceof CollectionFormatError)) this.deps.log.error(error);
    void vscode.window.showErrorMessage(inertLinks(message(error.message)));
    return undefined;
  }

  dispose(): void {
    this.#reports.dispose();
  }
}

/** The active editor's `.json2` file, when there is one. */
function activeJson2(): vscode.Uri[] | undefined {
  const document = vscode.window.activeTextEditor?.document;
  return document?.languageId === 'json2' && !document.isUntitled ? [document.uri] : undefined;
}
