// Diagnostics of .json2 files: the codes of every problem the parser and the resolver report, and how to build one.
import type { TextRange } from './textRange';

/** How bad a problem is. Errors stop the request they belong to from being sent; the others never do. */
export type DiagnosticSeverity = 'error' | 'warning' | 'information' | 'hint';

/** Problems found while parsing (docs/format.md, section 11). */
export type ParseDiagnosticCode =
  | 'unexpected-line'
  | 'lowercase-method'
  | 'assertion-without-request'
  | 'missing-separator'
  | 'metadata-after-request-line'
  | 'metadata-without-request'
  | 'unknown-metadata'
  | 'invalid-metadata'
  | 'duplicate-metadata'
  | 'duplicate-request-name'
  | 'invalid-variable-definition'
  | 'duplicate-variable'
  | 'secret-in-file'
  | 'unsupported-method'
  | 'absolute-url'
  | 'invalid-target'
  | 'private-method'
  | 'trailing-text'
  | 'duplicate-header'
  | 'header-after-body'
  | 'duplicate-body'
  | 'body-not-allowed'
  | 'body-not-object'
  | 'hash-comment-in-body'
  | 'json-syntax'
  | 'unterminated-placeholder'
  | 'empty-placeholder'
  | 'invalid-placeholder'
  | 'unknown-system-value'
  | 'invalid-system-value-arguments'
  | 'malformed-path'
  | 'unknown-request'
  | 'dependency-cycle'
  | 'invalid-assertion';

/** Problems found while resolving a request's placeholders. */
export type ResolveDiagnosticCode =
  | 'unknown-variable'
  | 'variable-cycle'
  | 'request-not-run'
  | 'path-not-found'
  | 'invalid-json-value'
  | 'missing-environment-variable'
  | 'prompt-cancelled'
  | 'invalid-header-value'
  | 'invalid-ids'
  | 'invalid-context';

/** Hints about how requests work together (information, never blocking). */
export type HintDiagnosticCode = 'two-transactions';

export type DiagnosticCode = ParseDiagnosticCode | ResolveDiagnosticCode | HintDiagnosticCode;

/** Another place that explains a diagnostic (for example where a variable that fails was used). */
export interface RelatedLocation {
  readonly range: TextRange;
  readonly message: string;
}

/** One problem in a .json2 file. */
export interface Diagnostic {
  readonly range: TextRange;
  readonly severity: DiagnosticSeverity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly related?: readonly RelatedLocation[];
}

/** Builds an error diagnostic. */
export function errorAt(range: TextRange, code: DiagnosticCode, message: string, related?: readonly RelatedLocation[]): Diagnostic {
  return related && related.length > 0 ? { range, severity: 'error', code, message, related } : { range, severity: 'error', code, message };
}

/** Builds a warning diagnostic. */
export function warningAt(range: TextRange, code: DiagnosticCode, message: string): Diagnostic {
  return { range, severity: 'warning', code, message };
}

/** True when a diagnostic's range lies within [startOffset, endOffset]. */
export function isWithin(diagnostic: Diagnostic, startOffset: number, endOffset: number): boolean {
  return diagnostic.range.startOffset >= startOffset && diagnostic.range.startOffset <= endOffset;
}
