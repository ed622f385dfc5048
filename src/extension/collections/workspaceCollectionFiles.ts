// The collection import and export's file access on the editor's workspace file system (local or remote): locations
// are URIs, labelled relative to the workspace.
import * as vscode from 'vscode';
import type { CollectionFiles, EntryKind } from '../../core/collections/collectionFiles';

function kindOf(type: vscode.FileType): EntryKind | undefined {
  if (type & vscode.FileType.Directory) return 'folder';
  return type & vscode.FileType.File ? 'file' : undefined;
}

export const workspaceCollectionFiles: CollectionFiles<vscode.Uri> = {
  kind: async (uri) => {
    try {
      return kindOf((await vscode.workspace.fs.stat(uri)).type);
    } catch (error) {
      if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
      throw error;
    }
  },
  readText: async (uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)),
  writeText: async (uri, text) => {
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  },
  children: async (folder) =>
    (await vscode.workspace.fs.readDirectory(folder)).flatMap(([name, type]) => {
      const kind = kindOf(type);
      return kind ? [{ name, kind }] : [];
    }),
  child: (folder, relative) => vscode.Uri.joinPath(folder, ...relative.split('/')),
  baseName: (uri) => uri.path.replace(/\/+$/, '').replace(/^.*\//, ''),
  label: (uri) => vscode.workspace.asRelativePath(uri, false),
};
