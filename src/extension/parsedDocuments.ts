// The one parse of each json2 document per version, shared by the CodeLens, diagnostics, outline, language features and sending.
import type * as vscode from 'vscode';
import { parseRequestFile, type RequestFile } from '../core/requestFile';

const cache = new WeakMap<vscode.TextDocument, { version: number; parsed: RequestFile }>();

/** The parsed file of a document, reused while the document does not change. */
export function parsedDocument(document: vscode.TextDocument): RequestFile {
  const known = cache.get(document);
  if (known && known.version === document.version) return known.parsed;
  const parsed = parseRequestFile(document.getText());
  cache.set(document, { version: document.version, parsed });
  return parsed;
}
