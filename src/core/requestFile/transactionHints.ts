// The one-transaction rule made visible: a request that feeds ids found by another request's search to a method that
// reads or changes them is two calls, so two database transactions; and the quick fix for the simple search → read.
import type { Node as JsonNode } from 'jsonc-parser';
import { requestReferences } from './dependencyOrder';
import type { Diagnostic } from './diagnostics';
import type { RequestFile, RequestNode } from './requestFileTypes';
import type { TextRange } from './textRange';

/** Methods that find records: their answer is ids or records found by a domain. */
const SEARCHES = new Set(['search', 'search_read', 'web_search_read', 'search_fetch', 'name_search']);
/** Methods that read given records again. */
const READERS = new Set(['read', 'web_read', 'read_group']);

export interface TransactionHintOptions {
  /** False: a search whose ids only feed a read is not marked (the `json2.transactionHints.readChains` setting). */
  readonly readChains: boolean;
}

/** An edit of the file's text, by offsets. */
export interface TextEdit {
  readonly startOffset: number;
  readonly endOffset: number;
  readonly newText: string;
}

export interface TransactionHint {
  readonly diagnostic: Diagnostic;
  /** Rewrites a simple `search` → `read` pair into one `search_read`, when the pair is that simple. */
  readonly fix?: { readonly title: string; readonly edits: readonly TextEdit[] };
}

/** What a method does to records it is given: changes them, reads them, or neither (not marked). */
export function methodEffect(method: string): 'changes' | 'reads' | undefined {
  if (READERS.has(method)) return 'reads';
  if (/^(write|unlink|copy|toggle_active|message_post)$/.test(method) || /^(action|button)_/.test(method)) return 'changes';
  return undefined;
}

function callOf(request: RequestNode): { model: string; method: string } | undefined {
  const { kind, model, methodName } = request.requestLine;
  if (kind !== 'call' || !model || !methodName || model.text.includes('{{') || methodName.text.includes('{{')) return undefined;
  return { model: model.text, method: methodName.text };
}

/** Where the two calls of a chain are: information diagnostics at the placeholders that carry the ids. */
export function transactionHints(parsed: RequestFile, options: TransactionHintOptions): TransactionHint[] {
  const byName = new Map(parsed.requests.filter((request) => request.name).map((request) => [request.name?.text as string, request]));
  const hints: TransactionHint[] = [];
  for (const request of parsed.requests) {
    const call = callOf(request);
    const effect = call && methodEffect(call.method);
    if (!call || !effect || (effect === 'reads' && !options.readChains)) continue;
    for (const reference of requestReferences(parsed, request.index)) {
      const source = byName.get(reference.requestName);
      const found = source && callOf(source);
      if (!source || !found || !SEARCHES.has(found.method)) continue;
      const expression = reference.placeholder.expression;
      if (expression.kind === 'response' && expression.part !== 'body') continue;
      const instead =
        effect === 'reads'
          ? `One call would do both in one transaction: \`${found.model}/search_read\` (or \`web_search_read\`) with the domain and the fields.`
          : `One call would do it in one transaction: a method that finds and changes the records itself, or a domain checked again by the \`${call.method}\` (the records may have changed or gone in between).`;
      hints.push({
        diagnostic: {
          range: reference.placeholder.range,
          severity: 'information',
          code: 'two-transactions',
          message: `Two transactions: \`${reference.requestName}\` (${found.model}/${found.method}) and this \`${call.method}\` are separate calls, each committed on its own, so the records it found may change or be deleted before this call. ${instead}`,
          related: [{ range: source.requestLine.range, message: `\`${reference.requestName}\` finds the records in its own transaction` }],
        },
        ...(simpleFix(parsed, source, request) ?? {}),
      });
    }
  }
  return hints;
}

/** The object members of a body as written, less those named in `without`; undefined when the body is not an object. */
function membersOf(request: RequestNode, without: readonly string[]): string[] | undefined {
  const body = request.body;
  const tree: JsonNode | undefined = body?.tree;
  if (!body || !tree || tree.type !== 'object' || !body.closed) return undefined;
  return (tree.children ?? [])
    .filter((member) => !without.includes(String(member.children?.[0]?.value)))
    .map((member) => body.text.slice(member.offset, member.offset + member.length));
}

function namedElsewhere(parsed: RequestFile, name: string, except: number): boolean {
  return parsed.requests.some(
    (request) => request.index !== except && requestReferences(parsed, request.index).some((reference) => reference.requestName === name),
  );
}

/**
 * `search` (named, used only by this read) then `read` of `{{search.response.body}}` on the same model: the read
 * becomes a `search_read` with the search's members (domain, limit, offset, order) and its own (fields, context),
 * and the search's block goes.
 */
function simpleFix(parsed: RequestFile, source: RequestNode, request: RequestNode): Pick<TransactionHint, 'fix'> | undefined {
  const found = callOf(source);
  const call = callOf(request);
  if (found?.method !== 'search' || call?.method !== 'read' || found.model !== call.model || !source.name) return undefined;
  if (source.index > request.index || namedElsewhere(parsed, source.name.text, request.index)) return undefined;
  const idsMember = request.body?.tree?.children?.find((member) => member.children?.[0]?.value === 'ids');
  const idsValue = idsMember?.children?.[1];
  const placeholder = request.body?.placeholders.find(
    (candidate) =>
      candidate.expression.kind === 'response' &&
      candidate.expression.requestName.text === source.name?.text &&
      candidate.expression.part === 'body' &&
      candidate.expression.path.length === 0,
  );
  if (!idsValue || !placeholder || !request.body || idsValue.offset + request.body.offset !== placeholder.range.startOffset)
    return undefined;
  const searchMembers = membersOf(source, []);
  const readMembers = membersOf(request, ['ids']);
  if (!searchMembers || !readMembers) return undefined;
  const line = request.requestLine;
  const methodName = line.methodName as NonNullable<typeof line.methodName>;
  const body = request.body;
  return {
    fix: {
      title: `Search and read in one call: ${call.model}/search_read`,
      edits: [
        removal(parsed, source.range),
        { startOffset: methodName.range.startOffset, endOffset: methodName.range.endOffset, newText: 'search_read' },
        {
          startOffset: body.range.startOffset,
          endOffset: body.range.endOffset,
          newText: `{\n  ${[...searchMembers, ...readMembers].join(',\n  ')}\n}`,
        },
      ],
    },
  };
}

/** The source block and the blank lines after it. */
function removal(parsed: RequestFile, range: TextRange): TextEdit {
  let end = range.endOffset;
  while (end < parsed.text.length && /\s/.test(parsed.text[end])) end += 1;
  return { startOffset: range.startOffset, endOffset: end, newText: '' };
}
