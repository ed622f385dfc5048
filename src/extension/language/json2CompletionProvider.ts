// Completion in json2 documents: asks the core for items at the cursor with the document's schema source.
import * as vscode from 'vscode';
import type { DebouncedNameSearch, SchemaSource } from '../../core/language';
import type { ContextListsOfConnections } from './contextLists';
import { loadLanguage, type LanguageSchemas } from './languageSchemas';
import { parsedFile, resolvedCompletionItem, signalOf, toCompletionItem } from './languageConversions';

/** Characters that open a new completion: quotes, list and object openers, the path dot, the method slash, a space after POST. */
export const COMPLETION_TRIGGERS = ['"', '.', '/', '[', '{', ',', ' ', ':'];

export class Json2CompletionProvider implements vscode.CompletionItemProvider {
  readonly #nameSearches = new WeakMap<SchemaSource, DebouncedNameSearch>();

  constructor(
    private readonly schemas: LanguageSchemas,
    private readonly statusNote: (note: string) => void,
    private readonly contextLists: ContextListsOfConnections,
  ) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const file = await parsedFile(document);
    const offset = document.offsetAt(position);
    const language = await loadLanguage();
    const request = (await import('../../core/requestFile/bodyLocation.js')).requestAt(file, offset);
    const connection = this.schemas.connectionName(file, request?.index);
    const source = await this.schemas.source(connection);
    let nameSearch = this.#nameSearches.get(source);
    if (!nameSearch) this.#nameSearches.set(source, (nameSearch = new language.DebouncedNameSearch(source)));
    const cancel = signalOf(token);
    try {
      const search = nameSearch;
      const answer = await language.completeAt(file, offset, source, {
        signal: cancel.signal,
        nameSearch: (model, text, signal) => search.search(model, text, signal),
        contextLists: () => this.contextLists.lists(connection),
      });
      if (token.isCancellationRequested) return undefined;
      if (answer.note && answer.items.length) this.statusNote(answer.note);
      return new vscode.CompletionList(
        answer.items.map((item) => toCompletionItem(item, answer.note)),
        answer.incomplete ?? false,
      );
    } catch (error) {
      if (cancel.signal.aborted) return undefined;
      throw error;
    } finally {
      cancel.dispose();
    }
  }

  /** A method's documentation, made when its item is shown (its HTML docstrings converted then, not for the whole list). */
  resolveCompletionItem(item: vscode.CompletionItem): vscode.CompletionItem {
    return resolvedCompletionItem(item);
  }
}
