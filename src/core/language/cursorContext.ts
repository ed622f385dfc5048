// Where the cursor stands in a request, in the language features' terms: model, method, argument, field, operator, value.
import { createScanner, findNodeAtLocation, getLocation, getNodeValue, type Node as JsonNode } from 'jsonc-parser';

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read.
const STRING_LITERAL = 10;
const EOF = 17;
import type { BodyNode, RequestNode } from '../requestFile';

/** Top-level arguments whose value is a list of field names. */
export const FIELD_LIST_KEYS = new Set(['fields', 'groupby', 'aggregates', 'allfields']);
/** Top-level arguments whose value is an order string (`name asc, id desc`). */
export const ORDER_KEYS = new Set(['order', 'orderby']);
/** Top-level arguments whose value is an object (or list of objects) keyed by field names. */
export const VALUES_KEYS = new Set(['vals', 'vals_list', 'default']);

/** A string literal of the body around an offset (offsets relative to the body). */
export interface StringToken {
  /** Offset of the opening quote. */
  readonly start: number;
  /** Offset after the closing quote (or the end of the unterminated literal). */
  readonly end: number;
  /** The text between the quotes as written. */
  readonly content: string;
  readonly closed: boolean;
}

export type CursorContext =
  | { readonly kind: 'model'; readonly start: number; readonly end: number }
  | { readonly kind: 'method'; readonly model: string; readonly start: number; readonly end: number }
  | { readonly kind: 'argument'; readonly token?: StringToken; readonly existing: readonly string[] }
  | {
      readonly kind: 'field';
      readonly role: 'fields' | 'domain' | 'order' | 'groupby' | 'aggregates' | 'vals';
      /** Dotted path of the field whose related model is the base (sub-domains of `any`); empty for the request's model. */
      readonly base: readonly string[];
      readonly token?: StringToken;
      readonly argument: string;
    }
  | { readonly kind: 'operator'; readonly base: readonly string[]; readonly path: string; readonly token?: StringToken }
  | {
      readonly kind: 'value';
      readonly base: readonly string[];
      readonly path: string;
      readonly operator: string;
      readonly token?: StringToken;
    }
  | { readonly kind: 'contextKey'; readonly token?: StringToken; readonly existing: readonly string[] }
  | {
      readonly kind: 'contextValue';
      readonly key: string;
      readonly token?: StringToken;
      /** True on an element of the key's list (`"allowed_company_ids": [1, |]`). */
      readonly element?: boolean;
    };

/** The string literal containing a body-relative offset (strictly after its opening quote), if any. */
export function stringTokenAt(text: string, offset: number): StringToken | undefined {
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    const start = scanner.getTokenOffset();
    if (start >= offset) return undefined;
    const end = start + scanner.getTokenLength();
    if (kind === STRING_LITERAL && offset <= end) {
      const raw = text.slice(start, end);
      const closed = raw.length >= 2 && raw.endsWith('"') && scanner.getTokenError() === 0;
      if (closed && offset === end) return undefined;
      // An unterminated literal runs to the end of the line: only what stands before the cursor is being typed.
      if (!closed) return { start, end: offset, content: raw.slice(1, offset - start), closed };
      return { start, end, content: raw.slice(1, -1), closed };
    }
  }
  return undefined;
}

function valueAt(tree: JsonNode | undefined, path: ReadonlyArray<string | number>): unknown {
  const node = tree && findNodeAtLocation(tree, [...path]);
  return node ? getNodeValue(node) : undefined;
}

function keysOf(tree: JsonNode | undefined, path: ReadonlyArray<string | number>): string[] {
  const node = tree && (path.length ? findNodeAtLocation(tree, [...path]) : tree);
  if (!node || node.type !== 'object') return [];
  return (node.children ?? []).map((property) => property.children?.[0]?.value).filter((key): key is string => typeof key === 'string');
}

/**
 * A domain at `path` inside the tree: classifies a cursor inside `[...rest]` (rest relative to the domain). Sub-domains
 * of `any`/`not any` recurse with the relation of their condition's field as the base.
 */
function domainContext(
  tree: JsonNode | undefined,
  domainPath: ReadonlyArray<string | number>,
  rest: ReadonlyArray<string | number>,
  base: readonly string[],
  token: StringToken | undefined,
): CursorContext | undefined {
  if (rest.length < 2 || typeof rest[0] !== 'number' || typeof rest[1] !== 'number') return undefined;
  const conditionPath = [...domainPath, rest[0]];
  const position = rest[1];
  const field = valueAt(tree, [...conditionPath, 0]);
  const operator = valueAt(tree, [...conditionPath, 1]);
  if (rest.length === 2) {
    if (position === 0) return { kind: 'field', role: 'domain', base, argument: String(domainPath[0]), ...(token ? { token } : {}) };
    if (typeof field !== 'string') return undefined;
    if (position === 1) return { kind: 'operator', base, path: field, ...(token ? { token } : {}) };
    if (position === 2 && typeof operator === 'string') return { kind: 'value', base, path: field, operator, ...(token ? { token } : {}) };
    return undefined;
  }
  if (position === 2 && typeof field === 'string' && (operator === 'any' || operator === 'not any')) {
    return domainContext(tree, [...conditionPath, 2], rest.slice(2), [...base, ...field.split('.')], token);
  }
  if (position === 2 && typeof field === 'string' && typeof operator === 'string' && typeof rest[2] === 'number' && rest.length === 3) {
    // An element of the list of `in`/`not in`: one value, as with `=`.
    return { kind: 'value', base, path: field, operator: '=', ...(token ? { token } : {}) };
  }
  return undefined;
}

/** Classifies a file offset inside a call's body; undefined where nothing is offered. */
export function bodyCursor(body: BodyNode, offset: number): CursorContext | undefined {
  const relative = offset - body.offset;
  const location = getLocation(body.maskedText, relative);
  const token = stringTokenAt(body.maskedText, relative);
  const path = location.path;
  const tree = body.tree;
  const with_ = token ? { token } : {};
  if (path.length === 1 && location.isAtPropertyKey) return { kind: 'argument', existing: keysOf(tree, []), ...with_ };
  const argument = path[0];
  if (typeof argument !== 'string') return undefined;
  if (argument === 'context') {
    if (path.length === 2 && location.isAtPropertyKey) return { kind: 'contextKey', existing: keysOf(tree, ['context']), ...with_ };
    if (path.length === 2 && typeof path[1] === 'string') return { kind: 'contextValue', key: path[1], ...with_ };
    if (path.length === 3 && typeof path[1] === 'string' && typeof path[2] === 'number')
      return { kind: 'contextValue', key: path[1], element: true, ...with_ };
    return undefined;
  }
  if (argument === 'domain') return domainContext(tree, ['domain'], path.slice(1), [], token);
  if (FIELD_LIST_KEYS.has(argument) && path.length === 2 && typeof path[1] === 'number') {
    const role = argument === 'groupby' ? 'groupby' : argument === 'aggregates' ? 'aggregates' : 'fields';
    return { kind: 'field', role, base: [], argument, ...with_ };
  }
  if (argument === 'groupby' && path.length === 1 && token) return { kind: 'field', role: 'groupby', base: [], argument, token };
  if (ORDER_KEYS.has(argument) && path.length === 1 && token) return { kind: 'field', role: 'order', base: [], argument, token };
  if (VALUES_KEYS.has(argument) && location.isAtPropertyKey) {
    const objectDepth = argument === 'vals_list' && typeof path[1] === 'number' ? 3 : 2;
    if (path.length === objectDepth) return { kind: 'field', role: 'vals', base: [], argument, ...with_ };
  }
  if (VALUES_KEYS.has(argument) && !location.isAtPropertyKey) {
    const keyIndex = argument === 'vals_list' && typeof path[1] === 'number' ? 2 : 1;
    const key = path[keyIndex];
    if (path.length === keyIndex + 1 && typeof key === 'string') return { kind: 'value', base: [], path: key, operator: '=', ...with_ };
  }
  return undefined;
}

/** Classifies a file offset in a request (its request line or its body). */
export function cursorContext(request: RequestNode, offset: number): CursorContext | undefined {
  const line = request.requestLine;
  if (line.kind === 'call' && offset >= line.target.range.startOffset && offset <= line.target.range.endOffset) {
    const model = line.model;
    const method = line.methodName;
    if (method && offset >= method.range.startOffset && model) {
      return { kind: 'method', model: model.text, start: method.range.startOffset, end: method.range.endOffset };
    }
    const start = model?.range.startOffset ?? line.target.range.startOffset;
    const end = model?.range.endOffset ?? line.target.range.endOffset;
    // `/json/2/` written in full: the model starts after it.
    return { kind: 'model', start, end };
  }
  const body = request.body;
  if (body && offset > body.offset && offset <= body.range.endOffset) return bodyCursor(body, offset);
  return undefined;
}
