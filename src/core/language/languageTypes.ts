// The plain data the language features exchange: schema source, completion items, hovers, diagnostics, signature help.
import type { TextRange } from '../requestFile';
import type { FieldInfo, MethodInfo, ModelInfo } from '../schema/schemaTypes';

/** Where the schema behind an answer came from: the live server, the cache (offline), or only the notes' table. */
export type SchemaStatus = 'live' | 'cached' | 'table';

/** What the language features ask about a database; every answer may be undefined when nothing is known. */
export interface SchemaSource {
  /** The database's models; undefined when neither the server nor the cache knows them. */
  models(signal?: AbortSignal): Promise<readonly ModelInfo[] | undefined>;
  /** Fields of a model; undefined when unknown (no connection and nothing cached, or no such model). */
  fields(model: string, signal?: AbortSignal): Promise<Readonly<Record<string, FieldInfo>> | undefined>;
  /** Methods of a model: from the documents when readable, else the notes' table. */
  methods(model: string, signal?: AbortSignal): Promise<{ readonly methods: readonly MethodInfo[]; readonly complete: boolean }>;
  /** Record names for many2one values (`name_search`); empty when offline. */
  nameSearch(model: string, text: string, signal?: AbortSignal): Promise<ReadonlyArray<readonly [number, string]>>;
  /** Installed languages (`res.lang`): code and name. */
  languages(signal?: AbortSignal): Promise<ReadonlyArray<readonly [string, string]>>;
  /** The status of the last answers (read after an await). */
  status(): SchemaStatus;
}

export type CompletionKind = 'model' | 'method' | 'argument' | 'field' | 'operator' | 'value' | 'contextKey' | 'keyword';

export interface LanguageCompletion {
  readonly label: string;
  readonly kind: CompletionKind;
  /** One line shown next to the label (field label, type, relation, required/readonly); plain text, not escaped. */
  readonly detail?: string;
  /** Longer text: Markdown in which every text of the server is escaped (`escapeMarkdown`). */
  readonly documentation?: string;
  /**
   * The same, made only when the item is shown (methods: turning a model's HTML docstrings into Markdown costs up to
   * half a second for all its methods at once, a few milliseconds for one).
   */
  readonly resolveDocumentation?: () => string;
  /** The text inserted; the label when absent. */
  readonly insertText?: string;
  /** True when insertText is a snippet (`$1`, `${1:x}`, `$0`). */
  readonly snippet?: boolean;
  /** Sorted by this (most likely first). */
  readonly sortText: string;
  /** What the editor filters on; the label when absent. */
  readonly filterText?: string;
  /** The text replaced by the item. */
  readonly range: TextRange;
  /** For dotted paths: re-trigger completion after inserting (`partner_id.`). */
  readonly retrigger?: boolean;
}

export interface CompletionAnswer {
  readonly items: readonly LanguageCompletion[];
  /** Said to the person when the schema is not live (offline, or only the notes' table). */
  readonly note?: string;
  /** True when typing more may give other items (name_search answers). */
  readonly incomplete?: boolean;
}

export interface LanguageHover {
  /** Markdown in which every text of the server is escaped (`escapeMarkdown`). */
  readonly contents: string;
  readonly range: TextRange;
}

export type LanguageDiagnosticCode =
  | 'unknown-model'
  | 'unknown-method'
  | 'private-method'
  | 'unknown-argument'
  | 'unknown-field'
  | 'operator-mismatch'
  | 'value-type'
  | 'malformed-domain'
  | 'unknown-operator';

/** A schema warning: never an error, never blocks sending. */
export interface LanguageDiagnostic {
  readonly code: LanguageDiagnosticCode;
  readonly message: string;
  readonly range: TextRange;
  readonly severity: 'warning';
  /** Replacements a quick fix offers for the range (closest names first). */
  readonly suggestions: readonly string[];
}

export interface SignatureAnswer {
  /** `search_read(domain=None, fields=None, ...)`. */
  readonly label: string;
  /** Markdown in which every text of the server is escaped (an HTML docstring converted: `docstringMarkdown`). */
  readonly documentation?: string;
  /** Each parameter's [start, end) in the label, with its doc (Markdown too). */
  readonly parameters: ReadonlyArray<{
    readonly name: string;
    readonly start: number;
    readonly end: number;
    readonly documentation?: string;
  }>;
  /** Index into parameters of the argument at the cursor; -1 when none. */
  readonly activeParameter: number;
}
