// The explorer view's drop target: collection files and folders dropped from VS Code's explorer (or the desktop) arrive
// as `text/uri-list` and are imported by Import Collection…, which asks where to write them.
import * as vscode from 'vscode';

const URI_LIST = 'text/uri-list';

/** The URIs of a `text/uri-list` (RFC 2483: one a line, `#` lines are comments). */
export function urisOfList(text: string): vscode.Uri[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => vscode.Uri.parse(line, true));
}

export class CollectionDropController<T> implements vscode.TreeDragAndDropController<T> {
  readonly dropMimeTypes = [URI_LIST];
  readonly dragMimeTypes: readonly string[] = [];

  constructor(private readonly importUris: (uris: vscode.Uri[]) => Promise<unknown>) {}

  /** Imports what was dropped, once the import is done or cancelled. */
  async handleDrop(_target: T | undefined, dataTransfer: vscode.DataTransfer, token: vscode.CancellationToken): Promise<void> {
    const list = await dataTransfer.get(URI_LIST)?.asString();
    if (list === undefined || token.isCancellationRequested) return;
    const uris = urisOfList(list);
    if (uris.length > 0) await this.importUris(uris);
  }
}
