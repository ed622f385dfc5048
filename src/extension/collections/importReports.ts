// The import reports shown: read-only Markdown documents of their own scheme (nothing to save when they are closed).
import * as vscode from 'vscode';

export const IMPORT_REPORT_SCHEME = 'json2-import-report';

export class ImportReports implements vscode.TextDocumentContentProvider, vscode.Disposable {
  readonly #texts = new Map<string, string>();
  readonly #registration = vscode.workspace.registerTextDocumentContentProvider(IMPORT_REPORT_SCHEME, this);
  #count = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.#texts.get(uri.toString()) ?? '';
  }

  /** Keeps the report under a new address named after the output folder, and opens it. */
  async show(folderName: string, markdown: string): Promise<vscode.TextDocument> {
    this.#count += 1;
    const name = folderName.replace(/[^\w.-]+/g, '-') || 'import';
    const uri = vscode.Uri.from({ scheme: IMPORT_REPORT_SCHEME, path: `/Import into ${name}.md`, query: String(this.#count) });
    this.#texts.set(uri.toString(), markdown);
    const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'markdown');
    await vscode.window.showTextDocument(document, { preview: true });
    return document;
  }

  dispose(): void {
    this.#registration.dispose();
    this.#texts.clear();
  }
}
