// Parses each json2 document once per version, and finds the sources outside the file: its connection and its .env.
import * as vscode from 'vscode';
import { parseDotenv, parseRequestFile, type RequestFile } from '../../core/requestFile';
import type { ConnectionService } from '../connections/connectionService';
import type { SavedConnection } from '../../core/connections/connectionProfile';

const cache = new WeakMap<vscode.TextDocument, { version: number; parsed: RequestFile }>();

/** The parsed file of a document, reused while the document does not change. */
export function parsedDocument(document: vscode.TextDocument): RequestFile {
  const known = cache.get(document);
  if (known && known.version === document.version) return known.parsed;
  const parsed = parseRequestFile(document.getText());
  cache.set(document, { version: document.version, parsed });
  return parsed;
}

/** The connection a file names with `# @connection` when written without placeholders, else the active one. */
export function connectionOfFile(parsed: RequestFile, service: ConnectionService, index?: number): SavedConnection | undefined {
  const line = (index === undefined ? undefined : parsed.requests[index]?.connection) ?? parsed.fileMeta.connection;
  const name = line?.value && line.placeholders.length === 0 ? line.value.text : undefined;
  return name === undefined ? service.active() : service.find(name);
}

/** The values of the `.env` beside the file, else in its workspace folder; empty when there is none. */
export async function dotenvOf(uri: vscode.Uri): Promise<Record<string, string>> {
  const candidates = [vscode.Uri.joinPath(uri, '..', '.env')];
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (folder) candidates.push(vscode.Uri.joinPath(folder.uri, '.env'));
  for (const candidate of candidates) {
    try {
      const bytes = await vscode.workspace.fs.readFile(candidate);
      return { ...parseDotenv(new TextDecoder().decode(bytes)).values };
    } catch {
      // No .env there: try the next place.
    }
  }
  return {};
}
