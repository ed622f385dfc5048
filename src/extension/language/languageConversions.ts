// Turns the core's plain language data into VS Code objects; documents come parsed from the shared cache.
import * as vscode from 'vscode';
import type { LanguageCompletion } from '../../core/language';
import type { RequestFile, TextRange } from '../../core/requestFile';
import { parsedDocument } from '../parsedDocuments';
import { serverMarkdown } from '../serverMarkdown';

/** The parsed document: the one parse per version that every json2 feature shares (`parsedDocuments.ts`). */
export function parsedFile(document: vscode.TextDocument): Promise<RequestFile> {
  return Promise.resolve(parsedDocument(document));
}

export function toRange(range: TextRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

const KINDS: Readonly<Record<LanguageCompletion['kind'], vscode.CompletionItemKind>> = {
  model: vscode.CompletionItemKind.Class,
  method: vscode.CompletionItemKind.Method,
  argument: vscode.CompletionItemKind.Property,
  field: vscode.CompletionItemKind.Field,
  operator: vscode.CompletionItemKind.Operator,
  value: vscode.CompletionItemKind.Value,
  contextKey: vscode.CompletionItemKind.Property,
  keyword: vscode.CompletionItemKind.Keyword,
};

/** A VS Code completion item; `note` (offline, no schema) is added to the documentation. */
/** Documentation made when an item is shown (`resolveCompletionItem`), by item. */
const laterDocumentation = new WeakMap<vscode.CompletionItem, () => string>();

export function toCompletionItem(item: LanguageCompletion, note: string | undefined): vscode.CompletionItem {
  const result = new vscode.CompletionItem({ label: item.label, description: item.detail }, KINDS[item.kind]);
  result.detail = item.detail;
  const documented = (text: string | undefined) => [note ? `*${note}*` : '', text ?? ''].filter(Boolean).join('\n\n');
  const documentation = documented(item.documentation);
  if (documentation) result.documentation = serverMarkdown(documentation);
  const later = item.resolveDocumentation;
  if (later) laterDocumentation.set(result, () => documented(later()));
  const text = item.insertText ?? item.label;
  result.insertText = item.snippet ? new vscode.SnippetString(text) : text;
  result.sortText = item.sortText;
  if (item.filterText) result.filterText = item.filterText;
  result.range = toRange(item.range);
  if (item.retrigger) result.command = { command: 'editor.action.triggerSuggest', title: 'Suggest' };
  return result;
}

/** The item with the documentation that waited until it was shown. */
export function resolvedCompletionItem(item: vscode.CompletionItem): vscode.CompletionItem {
  const later = laterDocumentation.get(item);
  if (later) {
    laterDocumentation.delete(item);
    const documentation = later();
    if (documentation) item.documentation = serverMarkdown(documentation);
  }
  return item;
}

/** An AbortSignal that follows a cancellation token. */
export function signalOf(token: vscode.CancellationToken): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort());
  if (token.isCancellationRequested) controller.abort();
  return { signal: controller.signal, dispose: () => subscription.dispose() };
}
