// The Test Explorer's items for request files: folders → .json2 files → their requests, found lazily and kept in step
// with the files as they are created, edited, renamed and deleted.
import * as vscode from 'vscode';
import { parseRequestFile, type RequestFile, type RequestNode } from '../../core/requestFile';
import { rangeOf } from '../requests/requestDiagnostics';

/** What an item stands for. */
export type RequestTestTarget =
  | { readonly kind: 'folder' }
  | { readonly kind: 'file'; readonly uri: vscode.Uri }
  | { readonly kind: 'request'; readonly uri: vscode.Uri; readonly key: string };

const FILES = '**/*.json2';
const EXCLUDED = '**/node_modules/**';

/** A request's item id inside its file: its `@name` (stable while requests move), else its place. */
export function requestKey(request: RequestNode): string {
  return request.name ? `@${request.name.text}` : `#${request.index}`;
}

/** The index of the request a key names in the file as it is now; undefined when it is gone. */
export function requestIndexOf(parsed: RequestFile, key: string): number | undefined {
  return parsed.requests.find((request) => requestKey(request) === key)?.index;
}

/** The item's label: the `###` title, else the `@name`, else the request line as written. */
function requestTitle(parsed: RequestFile, request: RequestNode): string {
  return (
    request.separator?.title?.text ??
    request.name?.text ??
    parsed.text.slice(request.requestLine.range.startOffset, request.requestLine.range.endOffset)
  );
}

export class RequestTestTree implements vscode.Disposable {
  readonly #targets = new WeakMap<vscode.TestItem, RequestTestTarget>();
  readonly #disposables: vscode.Disposable[] = [];
  #watching = false;

  constructor(private readonly controller: vscode.TestController) {
    controller.resolveHandler = (item) => (item ? this.#resolve(item) : this.discover());
  }

  targetOf(item: vscode.TestItem): RequestTestTarget | undefined {
    return this.#targets.get(item);
  }

  /** The item of a file, if the tree has it. */
  fileItem(uri: vscode.Uri): vscode.TestItem | undefined {
    return this.#collectionOf(uri)?.get(uri.toString());
  }

  /** The item of the request at `index` of a file, after bringing the file's children up to date with `parsed`. */
  requestItem(uri: vscode.Uri, parsed: RequestFile, index: number): vscode.TestItem | undefined {
    const file = this.fileItem(uri) ?? this.#addFile(uri);
    if (!file) return undefined;
    this.#setRequests(file, uri, parsed);
    const request = parsed.requests[index];
    return request && file.children.get(`${uri.toString()}${requestKey(request)}`);
  }

  dispose(): void {
    for (const disposable of this.#disposables) disposable.dispose();
  }

  /** The first look (the Testing view opened): every .json2 file of the workspace, then follow the changes. */
  async discover(): Promise<void> {
    this.#watch();
    const uris = await vscode.workspace.findFiles(FILES, EXCLUDED);
    for (const uri of uris) this.#addFile(uri);
    for (const document of vscode.workspace.textDocuments) if (this.#isRequestFile(document)) this.#refreshFromDocument(document);
  }

  async #resolve(item: vscode.TestItem): Promise<void> {
    const target = this.#targets.get(item);
    if (target?.kind !== 'file') return;
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === target.uri.toString());
    if (open) {
      this.#setRequests(item, target.uri, parseRequestFile(open.getText()));
      return;
    }
    try {
      const bytes = await vscode.workspace.fs.readFile(target.uri);
      this.#setRequests(item, target.uri, parseRequestFile(new TextDecoder().decode(bytes)));
    } catch (error) {
      item.error = vscode.l10n.t('Cannot read the file: {0}', (error as Error).message);
    }
  }

  #watch(): void {
    if (this.#watching) return;
    this.#watching = true;
    const watcher = vscode.workspace.createFileSystemWatcher(FILES);
    this.#disposables.push(
      watcher,
      // A rename is a delete and a create.
      watcher.onDidCreate((uri) => {
        if (!uri.path.includes('/node_modules/')) this.#addFile(uri);
      }),
      watcher.onDidChange((uri) => {
        const item = this.fileItem(uri);
        // An open document is followed as it is typed; a file nobody opened is read again only once expanded.
        if (
          item &&
          !item.canResolveChildren &&
          !vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString())
        )
          void this.#resolve(item);
      }),
      watcher.onDidDelete((uri) => this.#removeFile(uri)),
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (this.#isRequestFile(document)) this.#refreshFromDocument(document);
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (this.#isRequestFile(event.document)) this.#refreshFromDocument(event.document);
      }),
    );
  }

  #isRequestFile(document: vscode.TextDocument): boolean {
    return (
      document.uri.scheme === 'file' &&
      document.uri.path.endsWith('.json2') &&
      vscode.workspace.getWorkspaceFolder(document.uri) !== undefined
    );
  }

  #refreshFromDocument(document: vscode.TextDocument): void {
    const item = this.fileItem(document.uri) ?? this.#addFile(document.uri);
    if (item) this.#setRequests(item, document.uri, parseRequestFile(document.getText()));
  }

  /** The collection a file's item belongs in (its folder's children), creating the folders; undefined outside the workspace. */
  #collectionOf(uri: vscode.Uri, create = false): vscode.TestItemCollection | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return undefined;
    let collection = this.controller.items;
    let parentUri = folder.uri;
    const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    const segments = [...(multiRoot ? [''] : []), ...vscode.workspace.asRelativePath(uri, false).split('/').slice(0, -1)];
    for (const segment of segments) {
      const folderUri = segment === '' ? folder.uri : vscode.Uri.joinPath(parentUri, segment);
      const id = `folder:${folderUri.toString()}`;
      let item = collection.get(id);
      if (!item) {
        if (!create) return undefined;
        item = this.controller.createTestItem(id, segment === '' ? folder.name : segment, folderUri);
        this.#targets.set(item, { kind: 'folder' });
        collection.add(item);
      }
      collection = item.children;
      parentUri = folderUri;
    }
    return collection;
  }

  #addFile(uri: vscode.Uri): vscode.TestItem | undefined {
    const collection = this.#collectionOf(uri, true);
    if (!collection) return undefined;
    const existing = collection.get(uri.toString());
    if (existing) return existing;
    const item = this.controller.createTestItem(uri.toString(), uri.path.split('/').pop() ?? uri.path, uri);
    item.canResolveChildren = true;
    this.#targets.set(item, { kind: 'file', uri });
    collection.add(item);
    return item;
  }

  #removeFile(uri: vscode.Uri): void {
    const collection = this.#collectionOf(uri);
    if (!collection) return;
    collection.delete(uri.toString());
    this.#pruneFolders(this.controller.items);
  }

  /** Removes the folders left with nothing in them. */
  #pruneFolders(collection: vscode.TestItemCollection): void {
    const empty: string[] = [];
    collection.forEach((item) => {
      if (this.#targets.get(item)?.kind !== 'folder') return;
      this.#pruneFolders(item.children);
      if (item.children.size === 0) empty.push(item.id);
    });
    for (const id of empty) collection.delete(id);
  }

  #setRequests(file: vscode.TestItem, uri: vscode.Uri, parsed: RequestFile): void {
    file.error = undefined;
    const children = parsed.requests.map((request) => {
      const id = `${uri.toString()}${requestKey(request)}`;
      const item = file.children.get(id) ?? this.controller.createTestItem(id, requestTitle(parsed, request), uri);
      item.label = requestTitle(parsed, request);
      item.description = request.name && request.separator?.title ? `@${request.name.text}` : undefined;
      item.range = rangeOf(request.requestLine.range);
      this.#targets.set(item, { kind: 'request', uri, key: requestKey(request) });
      return item;
    });
    file.children.replace(children);
    file.canResolveChildren = false;
  }
}
