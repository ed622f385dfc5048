// Which reader a collection needs, from its file name and content: Postman and Insomnia JSON, .http/.rest files,
// Bruno folders.
import { type FolderEntry, isBrunoCollection, readBrunoCollection } from './brunoCollection';
import { CollectionFormatError, type SourceCollection } from './collectionTypes';
import { readHttpFile } from './httpFile';
import { isInsomniaExport, readInsomniaExport } from './insomniaExport';
import { isPostmanCollection, readPostmanCollection } from './postmanCollection';

/** Whether a file name is one the import reads on its own (a collection file rather than a Bruno folder). */
export function isCollectionFileName(fileName: string): boolean {
  return /\.(http|rest|json)$/i.test(fileName);
}

/** Reads one collection file: `.http`/`.rest`, or a Postman or Insomnia `.json` export. */
export function readCollectionFile(fileName: string, text: string): SourceCollection {
  const base = fileName.replace(/^.*[\\/]/, '');
  if (/\.(http|rest)$/i.test(base)) return readHttpFile(text, base.replace(/\.(http|rest)$/i, ''));
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CollectionFormatError(`${base} is not JSON: ${(error as Error).message}`);
  }
  if (isPostmanCollection(json)) return readPostmanCollection(json);
  if (isInsomniaExport(json)) return readInsomniaExport(json);
  throw new CollectionFormatError(`${base} is neither a Postman collection (v2.0/v2.1) nor an Insomnia export (format 4)`);
}

/** Reads a Bruno collection folder's files. */
export function readCollectionFolder(entries: readonly FolderEntry[]): SourceCollection {
  if (!isBrunoCollection(entries)) throw new CollectionFormatError('the folder has no bruno.json: it is not a Bruno collection');
  return readBrunoCollection(entries);
}
