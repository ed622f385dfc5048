// Exports a request of a file as cURL, Python, JavaScript or execute_kw code: resolved, the key left to the environment.
import * as vscode from 'vscode';
import type { ConnectionProfile } from '../../core/connections/connectionProfile';
import { exportAsCurl, exportAsExecuteKw, exportAsJavaScript, exportAsPython, resolveRequest, type ResolvedRequest } from '../../core/requestFile';
import type { RequestSession } from '../../core/requestRun/requestSession';
import type { ConnectionService } from '../connections/connectionService';
import { parsedDocument } from '../parsedDocuments';
import { dotenvOf } from './requestDotenv';
import type { RequestPrompts } from './requestPrompts';

export type ExportFormat = 'curl' | 'python' | 'javascript' | 'executeKw';

/**
 * The code for the request at `index`, or an error message when it cannot be resolved or has no connection. It reads
 * the answers and prompt answers of the file's earlier runs (`session`); their secrets (a secret prompt answer, also
 * when an answer echoed it) are read from environment variables in the code, and any other form of them is redacted.
 */
export async function exportRequest(document: vscode.TextDocument, index: number, format: ExportFormat, service: ConnectionService, prompts: RequestPrompts,
  session: RequestSession): Promise<{ code: string } | { problem: string }> {
  const parsed = parsedDocument(document);
  const saved = service.forRequest(parsed, index);
  if (!saved) return { problem: vscode.l10n.t('No JSON-2 connection yet: add one first.') };
  const resolved = await resolveRequest(parsed, index, {
    ...(saved.profile.variables ? { variables: saved.profile.variables } : {}),
    dotenv: await dotenvOf(document.uri),
    responses: { get: (name) => session.responses.get(name) },
    promptAnswers: session.promptAnswers,
    prompt: (question) => prompts.ask(question),
  });
  if (!resolved.ok) return { problem: session.redactor.redact(resolved.diagnostics.map((diagnostic) => diagnostic.message).join('\n')) };
  session.addSecrets(resolved.request.secrets);
  const known = new Set(resolved.request.secrets.map((secret) => secret.value));
  const request = { ...resolved.request, secrets: [...resolved.request.secrets, ...session.secretValues().filter((secret) => !known.has(secret.value))] };
  const code = codeOf(request, format, saved.profile);
  return 'code' in code ? { code: session.redactor.redactKnown(code.code) } : { problem: session.redactor.redact(code.problem) };
}

function codeOf(request: ResolvedRequest, format: ExportFormat, profile: ConnectionProfile): { code: string } | { problem: string } {
  const options = { baseUrl: profile.baseUrl, ...(profile.database !== undefined ? { database: profile.database } : {}) };
  try {
    switch (format) {
      case 'curl': return { code: exportAsCurl(request, options) };
      case 'python': return { code: exportAsPython(request, options) };
      case 'javascript': return { code: exportAsJavaScript(request, options) };
      case 'executeKw': {
        const login = profile.login ?? profile.user?.login;
        return { code: exportAsExecuteKw(request, { ...options, ...(login !== undefined ? { login } : {}) }) };
      }
    }
  } catch (error) {
    return { problem: (error as Error).message };
  }
}
