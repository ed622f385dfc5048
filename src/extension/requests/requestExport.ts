// Exports a request of a file as cURL, Python, JavaScript or execute_kw code: resolved, the key left to the environment.
import * as vscode from 'vscode';
import { exportAsCurl, exportAsExecuteKw, exportAsJavaScript, exportAsPython, resolveRequest } from '../../core/requestFile';
import type { ConnectionService } from '../connections/connectionService';
import { connectionOfFile, dotenvOf, parsedDocument } from './parsedDocuments';
import type { RequestPrompts } from './requestPrompts';

export type ExportFormat = 'curl' | 'python' | 'javascript' | 'executeKw';

/** The code for the request at `index`, or an error message when it cannot be resolved or has no connection. */
export async function exportRequest(document: vscode.TextDocument, index: number, format: ExportFormat, service: ConnectionService, prompts: RequestPrompts): Promise<{ code: string } | { problem: string }> {
  const parsed = parsedDocument(document);
  const saved = connectionOfFile(parsed, service, index);
  if (!saved) return { problem: vscode.l10n.t('No JSON-2 connection yet: add one first.') };
  const resolved = await resolveRequest(parsed, index, {
    ...(saved.profile.variables ? { variables: saved.profile.variables } : {}),
    dotenv: await dotenvOf(document.uri),
    prompt: (question) => prompts.ask(question),
  });
  if (!resolved.ok) return { problem: resolved.diagnostics.map((diagnostic) => diagnostic.message).join('\n') };
  const options = { baseUrl: saved.profile.baseUrl, ...(saved.profile.database !== undefined ? { database: saved.profile.database } : {}) };
  try {
    switch (format) {
      case 'curl': return { code: exportAsCurl(resolved.request, options) };
      case 'python': return { code: exportAsPython(resolved.request, options) };
      case 'javascript': return { code: exportAsJavaScript(resolved.request, options) };
      case 'executeKw': {
        const login = saved.profile.login ?? saved.profile.user?.login;
        return { code: exportAsExecuteKw(resolved.request, { ...options, ...(login !== undefined ? { login } : {}) }) };
      }
    }
  } catch (error) {
    return { problem: (error as Error).message };
  }
}
