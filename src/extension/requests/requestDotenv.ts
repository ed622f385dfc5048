// The `.env` values a request file may use: the file beside it, else the one of its workspace folder.
import * as vscode from 'vscode';
import { parseDotenv } from '../../core/requestFile';

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
