// Turns a request's result into what the panel shows: the answer, and for errors the meaning of their kind.
import * as vscode from 'vscode';
import type { RunErrorKind } from '../../core/requestRun/runErrors';
import type { RequestRunResult } from '../../core/requestRun/runResult';
import type { AnswerBytes } from '../../core/requestRun/answerBytes';
import type { PanelResponse } from '../../shared/panelMessages';

/** An answer for the panel; `answer`, when present, holds its bytes (and `body` is absent): the view parses them. */
export interface PanelAnswer extends PanelResponse {
  readonly answer?: AnswerBytes;
}

/** What each error kind means for the person reading the answer. */
function explanationOf(kind: RunErrorKind): string {
  const t = vscode.l10n.t;
  switch (kind) {
    case 'auth':
      return t("The server refused the key: it may be wrong, expired or revoked. Update the connection's key.");
    case 'access':
      return t('The user of this key may not do this: access rights, record rules or a private method.');
    case 'missing':
      return t('A record the call needs does not exist (any more).');
    case 'validation':
      return t('A business rule refused the values: read the message and change the request.');
    case 'badRequest':
      return t('The request is malformed: an unknown or missing argument, or a body the method cannot read.');
    case 'notFound':
      return t('No such route, model or method on this server.');
    case 'noDatabase':
      return t("The server hosts several databases and none was selected: set the connection's database.");
    case 'conflict':
      return t('Another transaction holds a lock on these records: try again.');
    case 'server':
      return t('The server failed while running the method: the traceback says where.');
    case 'timeout':
      return t('No answer came in time.');
    case 'cancelled':
      return t('The request was cancelled before its answer came.');
    case 'network':
      return t('The server could not be reached.');
    case 'refused':
      return t("The connection's safe mode refused to send this request.");
    case 'declined':
      return t('The request was not confirmed, so nothing was sent.');
    case 'unresolved':
      return t('A placeholder could not be resolved, so nothing was sent.');
    case 'notRun':
      return t('A request this one depends on failed or gave no answer, so nothing was sent.');
    case 'connection':
      return t('The connection cannot be used yet.');
    case 'unsupported':
      return t(
        "The connection's interface (XML-RPC or JSON-RPC) cannot carry this request: routes need a JSON-2 connection. Nothing was sent.",
      );
    case 'unsafe':
      return t("The key would have left the connection's server or travelled in clear text, so nothing was sent.");
    case 'payloadTooLarge':
      return t("The request body is over the server's size limit.");
    case 'unsupportedMediaType':
      return t("The server refused the request's content type.");
    case 'responseTooLarge':
      return t('The answer is over the size limit of the client.');
    case 'invalidResponse':
      return t('The answer could not be understood: it is not what the interface answers.');
  }
}

/** A model call the server answered ran in one database transaction: committed with a 2xx answer, else rolled back. */
function transactionOf(result: RequestRunResult): PanelResponse['transaction'] {
  const target = result.request?.split(' ')[1];
  if (result.status === undefined || target === undefined || target.startsWith('/')) return undefined;
  const committed = result.status >= 200 && result.status < 300 && !result.error;
  return {
    committed,
    text: committed ? vscode.l10n.t('One transaction, committed') : vscode.l10n.t('One transaction, rolled back: nothing was changed'),
  };
}

export function panelResponseOf(result: RequestRunResult, id: string): PanelAnswer {
  const transaction = transactionOf(result);
  return {
    id,
    title: result.label,
    request: result.request ?? '',
    ...(result.connection !== undefined ? { connection: result.connection } : {}),
    ...(result.context ? { context: result.context } : {}),
    ...(result.status !== undefined ? { status: result.status } : {}),
    ok: result.ok,
    ...(result.timings ? { timings: result.timings } : {}),
    ...(result.sizeBytes !== undefined ? { sizeBytes: result.sizeBytes } : {}),
    body: result.body,
    ...(result.answerBytes ? { answer: result.answerBytes } : {}),
    ...(result.rawText !== undefined ? { rawText: result.rawText } : {}),
    ...(result.error ? { error: { ...result.error, explanation: explanationOf(result.error.kind) } } : {}),
    ...(result.assertions.length > 0
      ? { assertions: result.assertions.map(({ text, passed, message }) => ({ text, passed, message })) }
      : {}),
    ...(result.page ? { page: result.page } : {}),
    ...(transaction ? { transaction } : {}),
  };
}
