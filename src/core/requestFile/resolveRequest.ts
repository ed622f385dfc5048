// Resolves one parsed request: replaces every placeholder and returns the request ready to send, or the errors with ranges.
import type { Node as JsonNode } from 'jsonc-parser';
import { isDatabaseHeader, splitDatabaseOverride } from '../client/databaseSelection';
import { errorAt, type Diagnostic } from './diagnostics';
import { substituteJson } from './jsonSubstitution';
import { PlaceholderValues } from './placeholderValues';
import type { AssertionNode, RequestFile, RequestNode } from './requestFileTypes';
import type { ResolveContext, ResolvedAssertion, ResolvedRequest, ResolvedTarget } from './resolvedRequestTypes';
import { LineIndex } from './textRange';
import { MODEL_NAME_PATTERN } from './modelName';

/** The outcome of resolving: the request, or the errors that stop it (with warnings in both cases). */
export type ResolveResult =
  | { readonly ok: true; readonly request: ResolvedRequest; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export { MODEL_NAME_PATTERN };
const modelPattern = MODEL_NAME_PATTERN;
const methodPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The label of a request for lists and reports: its name, else its title, else its request line as written. */
export function requestLabel(file: RequestFile, request: RequestNode): string {
  return (
    request.name?.text ??
    request.separator?.title?.text ??
    file.text.slice(request.requestLine.range.startOffset, request.requestLine.range.endOffset)
  );
}

/** One line table per parsed file, shared by its requests: a run of every request of a file reads the text once. */
const lineIndexes = new WeakMap<RequestFile, LineIndex>();

function lineIndexOf(file: RequestFile): LineIndex {
  let lines = lineIndexes.get(file);
  if (lines === undefined) {
    lines = new LineIndex(file.text);
    lineIndexes.set(file, lines);
  }
  return lines;
}

/**
 * Resolves the request at `requestIndex` of a parsed file: placeholders are replaced (prompting through
 * `context.prompt` when needed), the body is checked, and the result is ready for a runner. A request whose
 * block has parse errors is not resolved: those errors come back instead.
 */
export async function resolveRequest(file: RequestFile, requestIndex: number, context: ResolveContext = {}): Promise<ResolveResult> {
  const request = file.requests[requestIndex];
  if (!request) throw new RangeError(`No request at index ${requestIndex} (the file has ${file.requests.length})`);
  const blocking = file.diagnostics.filter(
    (d) => d.severity === 'error' && d.range.startOffset >= request.range.startOffset && d.range.startOffset <= request.range.endOffset,
  );
  if (blocking.length > 0) return { ok: false, diagnostics: blocking };

  const lines = lineIndexOf(file);
  const values = new PlaceholderValues(lines, file, request, context);
  const connectionLine = request.connection ?? file.fileMeta.connection;
  const connection = connectionLine?.value
    ? await values.substituteText(connectionLine.value.range.startOffset, connectionLine.value.range.endOffset, connectionLine.placeholders)
    : undefined;
  const confirmMessage = request.confirm?.value
    ? await values.substituteText(
        request.confirm.value.range.startOffset,
        request.confirm.value.range.endOffset,
        request.confirm.placeholders,
      )
    : undefined;
  const target = await resolveTarget(values, request);
  const headers: { name: string; value: string }[] = [];
  for (const header of request.headers) {
    const value = await values.substituteText(header.value.range.startOffset, header.value.range.endOffset, header.placeholders);
    if (value === undefined) continue;
    if (/[\r\n]/.test(value))
      values.diagnostics.push(
        errorAt(header.value.range, 'invalid-header-value', `The value of ${header.name.text} holds a line break once resolved`),
      );
    else headers.push({ name: header.name.text, value });
  }
  const { database, conflict } = splitDatabaseOverride(headers);
  const lastDatabaseHeader = request.headers.filter((header) => isDatabaseHeader(header.name.text)).pop();
  if (conflict && lastDatabaseHeader) values.diagnostics.push(errorAt(lastDatabaseHeader.value.range, 'invalid-header-value', conflict));
  const body = request.requestLine.kind === 'call' ? await resolveBody(values, lines, request) : undefined;
  const assertions: ResolvedAssertion[] = [];
  for (const assertion of request.assertions) {
    const resolved = await resolveAssertion(values, lines, assertion);
    if (resolved) assertions.push(resolved);
  }

  const errors = values.diagnostics;
  if (errors.length > 0 || !target || (request.requestLine.kind === 'call' && !body)) return { ok: false, diagnostics: errors };
  const resolved: ResolvedRequest = {
    index: request.index,
    ...(request.name ? { name: request.name.text } : {}),
    ...(request.separator?.title ? { title: request.separator.title.text } : {}),
    label: requestLabel(file, request),
    range: request.range,
    ...(connection ? { connection } : {}),
    ...(request.confirm ? { confirm: confirmMessage ? { message: confirmMessage } : {} } : {}),
    httpMethod: target.kind === 'call' ? 'POST' : 'GET',
    target,
    path: target.kind === 'call' ? `/json/2/${target.model}/${target.method}` : target.path,
    headers,
    ...(database !== undefined ? { database } : {}),
    ...(body ?? {}),
    assertions,
    secrets: values.secrets,
  };
  return { ok: true, request: resolved, diagnostics: [] };
}

async function resolveTarget(values: PlaceholderValues, request: RequestNode): Promise<ResolvedTarget | undefined> {
  const line = request.requestLine;
  const fail = (range: RequestNode['range'], message: string) => {
    values.diagnostics.push(errorAt(range, 'invalid-target', message));
    return undefined;
  };
  if (line.kind === 'route') {
    if (!line.path) return undefined;
    const path = await values.substituteText(line.path.range.startOffset, line.path.range.endOffset, line.placeholders);
    if (path === undefined) return undefined;
    if (!path.startsWith('/') || path.startsWith('//') || /\s/.test(path))
      return fail(line.path.range, `The route resolves to "${path}", which is not a path on the server`);
    if (path.startsWith('/json/2/'))
      return fail(line.path.range, 'The route resolves to a JSON-2 path: write the call as POST model/method');
    return { kind: 'route', path };
  }
  if (!line.model || !line.methodName) return undefined;
  const model = await values.substituteText(line.model.range.startOffset, line.model.range.endOffset, line.placeholders);
  const method = await values.substituteText(line.methodName.range.startOffset, line.methodName.range.endOffset, line.placeholders);
  if (model === undefined || method === undefined) return undefined;
  if (!modelPattern.test(model)) return fail(line.model.range, `The model resolves to "${model}", which is not a model name`);
  if (!methodPattern.test(method)) return fail(line.methodName.range, `The method resolves to "${method}", which is not a method name`);
  return { kind: 'call', model, method };
}

/** The top-level property of an object node with this key, if any. */
function topProperty(tree: JsonNode | undefined, key: string): JsonNode | undefined {
  return tree?.type === 'object' ? tree.children?.find((property) => property.children?.[0]?.value === key) : undefined;
}

async function resolveBody(
  values: PlaceholderValues,
  lines: LineIndex,
  request: RequestNode,
): Promise<Pick<ResolvedRequest, 'body' | 'bodyText' | 'ids' | 'context' | 'args'> | undefined> {
  const node = request.body;
  if (!node) return { body: {}, bodyText: '{}', args: {} };
  const substituted = await substituteJson(values, lines, node.range.startOffset, node.range.endOffset, node.placeholders);
  if (!substituted) return undefined;
  const body = substituted.value;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    values.diagnostics.push(errorAt(node.range, 'body-not-object', 'The body of a JSON-2 call is an object of named arguments'));
    return undefined;
  }
  const record = body as Record<string, unknown>;
  const rangeOf = (key: string) => {
    const property = topProperty(node.tree, key);
    return property ? lines.range(node.offset + property.offset, node.offset + property.offset + property.length) : node.range;
  };
  const { ids, context, ...args } = record;
  let failed = false;
  if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => Number.isInteger(id)))) {
    values.diagnostics.push(errorAt(rangeOf('ids'), 'invalid-ids', '"ids" must be a list of record ids (integers)'));
    failed = true;
  }
  if (context !== undefined && (context === null || typeof context !== 'object' || Array.isArray(context))) {
    values.diagnostics.push(errorAt(rangeOf('context'), 'invalid-context', '"context" must be an object ({"lang": "en_US"})'));
    failed = true;
  }
  if (failed) return undefined;
  return {
    body: record,
    bodyText: JSON.stringify(record),
    ...(ids !== undefined ? { ids: ids as number[] } : {}),
    ...(context !== undefined ? { context: context as Record<string, unknown> } : {}),
    args,
  };
}

async function resolveAssertion(
  values: PlaceholderValues,
  lines: LineIndex,
  assertion: AssertionNode,
): Promise<ResolvedAssertion | undefined> {
  if (assertion.invalid || !assertion.subjectRoot || !assertion.operator) return undefined;
  const base = {
    range: assertion.range,
    text: lines.text.slice(assertion.range.startOffset, assertion.range.endOffset),
    subjectRoot: assertion.subjectRoot,
    subjectPath: assertion.subjectPath,
    operator: assertion.operator.value,
  };
  if (assertion.regex) return { ...base, regex: assertion.regex };
  if (!assertion.expected) return base;
  const expected = await substituteJson(
    values,
    lines,
    assertion.expected.range.startOffset,
    assertion.expected.range.endOffset,
    assertion.placeholders,
  );
  if (!expected) return undefined;
  if (assertion.operator.value !== 'matches') return { ...base, expected: expected.value };
  try {
    new RegExp(String(expected.value));
  } catch (error) {
    values.diagnostics.push(
      errorAt(assertion.expected.range, 'invalid-assertion', `The regular expression does not compile: ${(error as Error).message}`),
    );
    return undefined;
  }
  return { ...base, regex: { source: String(expected.value), flags: '' } };
}
