// The file access the collection import and export need, as a port: the command line answers with node:fs on paths,
// the editor with its workspace file system on URIs. `L` is how a program names a file or folder.

export type EntryKind = 'file' | 'folder';

export interface CollectionFiles<L> {
  /** Whether it is a file or a folder; undefined when nothing is there. */
  kind(location: L): Promise<EntryKind | undefined>;
  readText(location: L): Promise<string>;
  /** Writes the text, making the folders above it. */
  writeText(location: L, text: string): Promise<void>;
  /** A folder's entries, by name. */
  children(folder: L): Promise<readonly { readonly name: string; readonly kind: EntryKind }[]>;
  /** The location of a path below a folder (`/`-separated segments). */
  child(folder: L, relative: string): L;
  /** The last segment of the location's path. */
  baseName(location: L): string;
  /** How reports and file headers name the location. */
  label(location: L): string;
}

/** The location's name without its collection or request-file extension. */
export function stemOf(name: string): string {
  return name.replace(/\.(postman_collection\.json|insomnia\.json|json2|json|http|rest)$/i, '');
}

/** The folder an import writes to when the person takes the default: beside the (first) source, `<stem>-json2`. */
export function defaultImportFolderName(sourceNames: readonly string[]): string {
  return sourceNames.length === 1 ? `${stemOf(sourceNames[0])}-json2` : 'collections-json2';
}
