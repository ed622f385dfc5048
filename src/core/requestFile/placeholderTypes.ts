// The parsed shapes of `{{...}}` placeholders and of the paths that select inside responses.
import type { TextPart, TextRange } from './textRange';

/** One step of a path (docs/format.md, section 8). */
export type PathStep =
  | { readonly kind: 'key'; readonly key: string; readonly range: TextRange }
  | { readonly kind: 'index'; readonly index: number; readonly range: TextRange }
  | { readonly kind: 'all'; readonly range: TextRange }
  /** A JSONPath filter selector as written, brackets included (`[?(@.amount_total > 1000)]`). */
  | { readonly kind: 'filter'; readonly selector: string; readonly range: TextRange };

/** Which part of a stored response a reference reads. */
export type ResponsePart = 'status' | 'headers' | 'body';

/** What a placeholder's expression says. */
export type PlaceholderExpression =
  /** `{{name}}`: a prompt, file, connection or `.env` value. */
  | { readonly kind: 'variable'; readonly name: TextPart }
  /** `{{$name args}}`: a system value; `name` excludes the `$`. */
  | { readonly kind: 'system'; readonly name: TextPart; readonly args: readonly TextPart[] }
  /** `{{request.response.part...}}`: a value of an earlier named response. */
  | {
      readonly kind: 'response';
      readonly requestName: TextPart;
      readonly part: ResponsePart;
      readonly partRange: TextRange;
      /** For `headers`: one key step (the header name). For `body`: any path. For `status`: empty. */
      readonly path: readonly PathStep[];
    }
  /** An expression that could not be read; a diagnostic says why. */
  | { readonly kind: 'invalid' };

/**
 * Where a placeholder stands, which decides how its value is inserted:
 * - `text`: request line, header, metadata or variable value: inserted as text;
 * - `json-value`: standing as a JSON value in a body or assertion: inserted as JSON;
 * - `json-string`: inside a JSON string: inserted as text, escaped for JSON;
 * - `json-key`: standing as an object key: inserted as a JSON string.
 */
export type PlaceholderContext = 'text' | 'json-value' | 'json-string' | 'json-key';

/** A `{{...}}` in the file. */
export interface PlaceholderNode {
  /** From the first `{` to the last `}`. */
  readonly range: TextRange;
  /** The text between the braces, untrimmed, with its range. */
  readonly inner: TextPart;
  readonly expression: PlaceholderExpression;
  readonly context: PlaceholderContext;
}
