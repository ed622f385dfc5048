// Exports a request of a file as cURL, Python, JavaScript or execute_kw code: resolved, the key left to the environment.
import * as vscode from 'vscode';
import { resolveRequest } from '../../core/requestFile';
import { exportedRequestCode, type ExportFormat } from '../../core/requestRun/exportedRequest';
import type { RequestSession } from '../../core/requestRun/requestSession';
import type { ConnectionService } from '../connections/connectionService';
import { parsedDocument } from '../parsedDocuments';
import { dotenvOf } from './requestDotenv';
import type { RequestPrompts } from './requestPrompts';

export type { ExportFormat };

/**
 * The code for the request at `index`, or an error message when it cannot be resolved or has no connection. It reads
 * the answers and prompt answers of the file's earlier runs (`session`); their secrets (a secret prompt answer, also
 * when an answer echoed it) are read from environment variables in the code, and any other form of them is redacted.
 * The connection's default context is in the body, as the run would send it.
 */
export async function exportRequest(
  document: vscode.TextDocument,
  index: number,
  format: ExportFormat,
  service: ConnectionService,
  prompts: RequestPrompts,
  session: RequestSession,
): Promise<{ code: string } | { problem: string }> {
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
  const request = {
    ...resolved.request,
    secrets: [...resolved.request.secrets, ...session.secretValues().filter((secret) => !known.has(secret.value))],
  };
  const code = exportedRequestCode(request, format, saved.profile);
  return 'code' in code ? { code: session.redactor.redactKnown(code.code) } : { problem: session.redactor.redact(code.problem) };
}
