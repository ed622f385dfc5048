// The comparisons shown: read-only Markdown documents of their own scheme, opened in the Markdown preview (as text when
// the preview is not available), and their export to a .md file chosen in a save dialog.
import * as vscode from 'vscode';

export const COMPARISON_SCHEME = 'json2-schema-comparison';

/** Where an export is saved; tests answer in place of the dialog. */
export type ExportDestination = (suggested: vscode.Uri) => Promise<vscode.Uri | undefined>;

export const saveDialogDestination: ExportDestination = (suggested) =>
  Promise.resolve(
    vscode.window.showSaveDialog({
      defaultUri: suggested,
      title: vscode.l10n.t('Export the Schema Comparison'),
      saveLabel: vscode.l10n.t('Export'),
      filters: { Markdown: ['md'] },
    }),
  );

const fileSafe = (text: string): string => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'schema';

export class SchemaComparisonDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  readonly #texts = new Map<string, string>();
  readonly #registration = vscode.workspace.registerTextDocumentContentProvider(COMPARISON_SCHEME, this);
  #count = 0;
  /** The comparison shown last, exported by the command when it is not given one. */
  latest: vscode.Uri | undefined;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.#texts.get(uri.toString()) ?? '';
  }

  /** Keeps the Markdown under a new address named after both sides, and opens it. */
  async show(before: string, after: string, markdown: string): Promise<vscode.Uri> {
    this.#count += 1;
    const uri = vscode.Uri.from({
      scheme: COMPARISON_SCHEME,
      path: `/${fileSafe(before)}..${fileSafe(after)}.md`,
      query: String(this.#count),
    });
    this.#texts.set(uri.toString(), markdown);
    this.latest = uri;
    try {
      // The built-in Markdown extension registers the command when it activates (on this command).
      await vscode.commands.executeCommand('markdown.showPreview', uri);
    } catch {
      await vscode.window.showTextDocument(
        await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'markdown'),
      );
    }
    return uri;
  }

  text(uri: vscode.Uri): string | undefined {
    return this.#texts.get(uri.toString());
  }

  /** Writes a shown comparison to the file the person picks; the file's address, or undefined when cancelled. */
  async export(uri: vscode.Uri | undefined, destination: ExportDestination): Promise<vscode.Uri | undefined> {
    const shown = uri?.scheme === COMPARISON_SCHEME ? uri : this.latest;
    const text = shown && this.text(shown);
    if (!shown || text === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No schema comparison to export: run Compare Schemas first.'));
      return undefined;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = shown.path.split('/').pop() ?? 'schema-comparison.md';
    const target = await destination(folder ? vscode.Uri.joinPath(folder, name) : vscode.Uri.file(name));
    if (!target) return undefined;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    return target;
  }

  dispose(): void {
    this.#registration.dispose();
    this.#texts.clear();
  }
}
