// The panel's answer filter: the path each request's answers are narrowed by (kept for the session, across reruns)
// and the narrowed answer, selected by the evaluator of assertions and `json2 run --select` (core answerPath.ts).
import * as vscode from 'vscode';
import { readAnswerPath, selectInAnswer } from '../../core/requestFile';
import type { PanelResponse } from '../../shared/panelMessages';

/** The filter text of each request (its file and its place in it), for this session. */
export class AnswerFilters {
  readonly #texts = new Map<string, string>();

  textFor(origin: { readonly uri: string; readonly index: number } | undefined): string {
    return origin ? this.#texts.get(keyOf(origin)) ?? '' : '';
  }

  set(origin: { readonly uri: string; readonly index: number }, text: string): void {
    if (text.trim()) this.#texts.set(keyOf(origin), text);
    else this.#texts.delete(keyOf(origin));
  }
}

const keyOf = (origin: { readonly uri: string; readonly index: number }): string => `${origin.index}\u0000${origin.uri}`;

/**
 * The answer as the panel shows it under the filter `text`: the selected part as the body (its raw text is then the
 * selection's JSON), or the whole answer with the reason when the path cannot be read. An error answer, or an
 * empty filter, is shown whole.
 */
export function filteredResponse(response: PanelResponse, text: string): PanelResponse {
  if (!text.trim() || response.error || response.body === undefined) return { ...response, filter: { text } };
  const path = readAnswerPath(text);
  if (!path.ok) return { ...response, filter: { text, error: vscode.l10n.t('Column {0}: {1}', path.offset + 1, path.message) } };
  const total = Array.isArray(response.body) ? response.body.length : undefined;
  const { rawText: _whole, ...rest } = response;
  const selection = selectInAnswer(response.body, path);
  const counted = total !== undefined ? { total } : {};
  if (!selection.found) return { ...rest, body: null, filter: { text, error: vscode.l10n.t('Nothing selected: {0}', selection.message), ...counted } };
  return { ...rest, body: selection.value, filter: { text, ...counted } };
}
