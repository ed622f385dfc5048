// The language-neutral shape of a deprecated RPC call found in source code: its service, function and argument expressions.
import type { UrlTemplate } from './urlTemplate';

export type MigrationLanguage = 'python' | 'javascript' | 'php';

/** The deprecated services (spec: common, db, object). */
export type LegacyService = 'object' | 'common' | 'db';

/** A value the server takes as a string in its own format: a datetime ("YYYY-MM-DD HH:MM:SS", UTC) or a date. */
export type Temporal = 'datetime' | 'date';

/** An argument expression as written, with its JSON value when it is fully static. */
export interface SourceExpr {
  readonly start: number;
  readonly end: number;
  /** The expression's source text, reused as is when the conversion is written in the same language. */
  readonly text: string;
  readonly kind: 'string' | 'number' | 'boolean' | 'null' | 'list' | 'dict' | 'other';
  /** Present when the expression is a literal made only of literals. */
  readonly value?: unknown;
  /** Items of a list literal (absent when the list has a spread). */
  readonly items?: readonly SourceExpr[];
  /** Entries of a mapping literal with literal string keys (absent when it has a spread or a computed key). */
  readonly entries?: readonly { readonly key: string; readonly value: SourceExpr }[];
  /** Set when the expression gives a datetime or a date object, which JSON cannot carry as it is. */
  readonly temporal?: Temporal;
}

/** Where the call sits, which decides how much of the code a conversion may replace. */
export interface CallStatement {
  readonly start: number;
  readonly end: number;
  /** `assign`: `target = call`; `expression`: the call alone; `return`: `return call`. */
  readonly kind: 'assign' | 'expression' | 'return';
  /** Assignment target's source text (for `assign`). */
  readonly target?: string;
  /** Leading blanks of the statement's line, for the lines written after the first. */
  readonly indent: string;
}

export interface LegacyCallSite {
  readonly language: MigrationLanguage;
  readonly service: LegacyService;
  readonly transport: 'xmlrpc' | 'jsonrpc';
  /** `execute_kw`, `execute`, `authenticate`, `login`, `version` or a db-service function. */
  readonly functionName: string;
  /** The RPC function's positional arguments; undefined when they are built dynamically. */
  readonly args: readonly SourceExpr[] | undefined;
  /** Range of the whole call expression (or, for JSON-RPC, of the request body literal). */
  readonly start: number;
  readonly end: number;
  /** The enclosing statement when the call is all of it (or its value); undefined inside a larger expression. */
  readonly statement?: CallStatement;
  /** The server's base URL, when the proxy's URL expression shows it (and it can be read where the call is). */
  readonly baseUrl?: UrlTemplate;
  /** The conversion is written as TypeScript (a .ts/.tsx file). */
  readonly typescript?: boolean;
  /** Why no call of this file is rewritten (a Python 2 file...), when so. */
  readonly declined?: string;
  /** JavaScript clients that take a node-style callback: the callback expression. */
  readonly callback?: SourceExpr;
  /** Why arguments could not be read, when `args` is undefined. */
  readonly dynamicReason?: string;
  /** The model and method when known although `args` is not (a library helper whose arguments are only known at run time). */
  readonly knownTarget?: { readonly model?: string; readonly method?: string };
  /**
   * JSON-RPC in JavaScript: the code posting the body and reading its "result", which the new expression replaces
   * (`prefix` and `suffix` are kept around it, for example `return await ` and `;`).
   */
  readonly replacement?: {
    readonly start: number;
    readonly end: number;
    readonly prefix: string;
    readonly suffix: string;
    readonly indent: string;
  };
  /** JSON-RPC: why the code around the body is not rewritten, when neither `statement` nor `replacement` is set. */
  readonly envelopeReason?: string;
}

/** Whether `name` is used in `text` (as a whole word). */
export function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w$])`).test(text);
}

/** A mapping literal's entry by key. */
export function entryOf(expr: SourceExpr | undefined, key: string): SourceExpr | undefined {
  return expr?.entries?.find((entry) => entry.key === key)?.value;
}

/** The literal string an expression stands for, if it is one. */
export function stringOf(expr: SourceExpr | undefined): string | undefined {
  return expr?.kind === 'string' && typeof expr.value === 'string' ? expr.value : undefined;
}

/** A list literal's static value from its items, or undefined when one is not static. */
export function staticList(items: readonly SourceExpr[]): unknown[] | undefined {
  return items.every((item) => item.value !== undefined) ? items.map((item) => item.value) : undefined;
}

/** A mapping literal's static value from its entries, or undefined when one is not static. */
export function staticDict(entries: readonly { key: string; value: SourceExpr }[]): Record<string, unknown> | undefined {
  if (!entries.every((entry) => entry.value.value !== undefined)) return undefined;
  return Object.fromEntries(entries.map((entry) => [entry.key, entry.value.value]));
}

/** Zero-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line += 1;
  return line;
}

/** Leading blanks of the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** 1-based line and column of each offset, computed once per text. */
export function positionsOf(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  };
}
