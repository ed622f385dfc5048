// Keeps the schema warnings of open json2 documents up to date: computed after a pause in typing, older runs cancelled.
import * as vscode from 'vscode';
import { loadLanguage, type LanguageSchemas } from './languageSchemas';
import { parsedFile, toRange } from './languageConversions';

/** The `source` of every schema diagnostic, which the quick fixes look for. */
export const SCHEMA_DIAGNOSTIC_SOURCE = 'json2 schema';

/** The names a quick fix offers for a diagnostic, keyed by document, range and message. */
export class SuggestionBook {
  readonly #byDocument = new Map<string, Map<string, readonly string[]>>();

  static key(range: vscode.Range, message: string): string {
    return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character} ${message}`;
  }

  set(uri: vscode.Uri, entries: Map<string, readonly string[]>): void {
    this.#byDocument.set(uri.toString(), entries);
  }

  get(uri: vscode.Uri, range: vscode.Range, message: string): readonly string[] {
    return this.#byDocument.get(uri.toString())?.get(SuggestionBook.key(range, message)) ?? [];
  }

  delete(uri: vscode.Uri): void {
    this.#byDocument.delete(uri.toString());
  }
}

export class SchemaDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('json2-schema');
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #running = new Map<string, AbortController>();
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly schemas: LanguageSchemas,
    readonly suggestions: SuggestionBook,
    private readonly delayMs = 400,
  ) {
    this.#subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)),
      vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.#forget(document.uri)),
    ];
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  /** Re-checks every open json2 document (after a connection or schema change). */
  refreshAll(): void {
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  schedule(document: vscode.TextDocument, delayMs = this.delayMs): void {
    if (document.languageId !== 'json2') return;
    const key = document.uri.toString();
    clearTimeout(this.#timers.get(key));
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        void this.#check(document);
      }, delayMs),
    );
  }

  async #check(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    this.#running.get(key)?.abort();
    const controller = new AbortController();
    this.#running.set(key, controller);
    try {
      const file = await parsedFile(document);
      const language = await loadLanguage();
      // One source per connection the file uses: requests may name their own.
      const found = [];
      for (const name of new Set(file.requests.map((request) => this.schemas.connectionName(file, request.index)))) {
        const source = await this.schemas.source(name);
        const indexes = new Set(
          file.requests.filter((request) => this.schemas.connectionName(file, request.index) === name).map((request) => request.index),
        );
        const subset = { ...file, requests: file.requests.filter((request) => indexes.has(request.index)) };
        found.push(...(await language.diagnoseFile(subset, source, controller.signal)));
      }
      if (controller.signal.aborted || document.isClosed) return;
      const suggestions = new Map<string, readonly string[]>();
      this.collection.set(
        document.uri,
        found.map((problem) => {
          const diagnostic = new vscode.Diagnostic(toRange(problem.range), problem.message, vscode.DiagnosticSeverity.Warning);
          diagnostic.source = SCHEMA_DIAGNOSTIC_SOURCE;
          diagnostic.code = problem.code;
          if (problem.suggestions.length) suggestions.set(SuggestionBook.key(diagnostic.range, diagnostic.message), problem.suggestions);
          return diagnostic;
        }),
      );
      this.suggestions.set(document.uri, suggestions);
    } catch {
      // A failed check leaves the last warnings: they never block anything.
    } finally {
      if (this.#running.get(key) === controller) this.#running.delete(key);
    }
  }

  #forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.#timers.get(key));
    this.#running.get(key)?.abort();
    this.collection.delete(uri);
    this.suggestions.delete(uri);
  }

  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    for (const controller of this.#running.values()) controller.abort();
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.collection.dispose();
  }
}
