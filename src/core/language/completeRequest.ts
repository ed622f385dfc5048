// Completion in a .json2 file: models and methods on the request line, arguments, fields, operators and values in the body.
import { isCallableMethod } from '../client/methodVisibility';
import { requestAt, type RequestFile, type RequestNode } from '../requestFile';
import { LineIndex } from '../requestFile/textRange';
import type { FieldInfo } from '../schema/schemaTypes';
import { argumentSnippet, methodMarkdown, methodOf, signatureLabel } from './argumentSnippets';
import { type ContextLists, contextKeyEntries, contextValueItems } from './contextCompletions';
import { type CursorContext, cursorContext, type StringToken } from './cursorContext';
import { explainOperator, operatorsForType } from './domainOperators';
import { fieldDetail, fieldMarkdown, modelAfter, resolvePath } from './fieldPaths';
import { isTechnicalName, jsonStringText, snippetText } from './insertedText';
import type { CompletionAnswer, LanguageCompletion, SchemaSource } from './languageTypes';
import { statusNote } from './schemaSource';
import { docstringMarkdown } from '../untrustedText/docstringMarkdown';
import { type DraftItem, recordItems, valueItems } from './valueCompletions';

export interface CompletionOptions {
  readonly signal?: AbortSignal;
  /** Today, for date snippets. */
  readonly now?: Date;
  /** Record names for many2one values; the source's own (not debounced) when absent. */
  readonly nameSearch?: (model: string, text: string, signal?: AbortSignal) => Promise<ReadonlyArray<readonly [number, string]>>;
  /** The connection's companies, languages, time zones and default context, for `context` keys and values. */
  readonly contextLists?: (signal?: AbortSignal) => Promise<ContextLists>;
}

/** Methods people call most, offered first. */
const COMMON_METHODS = [
  'search_read',
  'read',
  'search',
  'search_count',
  'create',
  'write',
  'unlink',
  'name_search',
  'fields_get',
  'formatted_read_group',
];
const TECHNICAL_FIELD = /^(create_uid|create_date|write_uid|write_date|__last_update|message_|activity_|website_message)/;

/** Where an item goes: the whole span it replaces, from the file's offsets. */
interface Placement {
  readonly start: number;
  readonly end: number;
  /** True when the replaced span is inside a string literal (items insert bare text). */
  readonly inString: boolean;
}

/** The span of a string's content from the segment start (after the last `separator` before the cursor) to the segment end. */
function segmentPlacement(bodyOffset: number, token: StringToken, cursor: number, separators: string): Placement {
  const contentStart = token.start + 1;
  const contentEnd = contentStart + token.content.length;
  const before = token.content.slice(0, cursor - contentStart);
  let segmentStart = contentStart;
  for (let i = before.length - 1; i >= 0; i--)
    if (separators.includes(before[i])) {
      segmentStart = contentStart + i + 1;
      break;
    }
  const after = token.content.slice(cursor - contentStart);
  const stop = [...separators].map((separator) => after.indexOf(separator)).filter((index) => index >= 0);
  const segmentEnd = stop.length ? cursor + Math.min(...stop) : contentEnd;
  return { start: bodyOffset + segmentStart, end: bodyOffset + segmentEnd, inString: true };
}

function fieldRank(field: FieldInfo, role: string): number {
  if (role === 'vals') return field.required && !field.readonly ? 0 : field.readonly ? 3 : TECHNICAL_FIELD.test(field.name) ? 2 : 1;
  if (field.name === 'name' || field.name === 'display_name' || field.name === 'id') return 0;
  return TECHNICAL_FIELD.test(field.name) ? 2 : 1;
}

async function bodyItems(
  context: Exclude<CursorContext, { kind: 'model' | 'method' }>,
  model: string,
  method: string,
  cursor: number,
  bodyOffset: number,
  source: SchemaSource,
  options: CompletionOptions,
  wordStart: number,
): Promise<{ items: DraftItem[]; placement: Placement; incomplete?: boolean }> {
  const signal = options.signal;
  const token = context.token;
  // Outside a string, a bare word being typed (`dom`, `tr`) is replaced by the item.
  const at: Placement = { start: wordStart, end: cursor, inString: false };
  const quote = (text: string, inString: boolean) => jsonStringText(text, !inString);
  if (context.kind === 'argument' || context.kind === 'contextKey') {
    // A key: inside its string when a colon follows, else the whole `"key": value` is written.
    const placement = token ? { start: bodyOffset + token.start, end: bodyOffset + token.end, inString: false } : at;
    const entries =
      context.kind === 'contextKey'
        ? contextKeyEntries((await options.contextLists?.(signal)) ?? {})
        : await (async () => {
            const { method: info } = await methodOf(source, model, method, signal);
            const parameters = (info?.parameters ?? []).map((parameter, index) => ({
              name: parameter.name,
              detail: parameter.required ? 'required argument' : `optional (default ${JSON.stringify(parameter.default ?? null)})`,
              value: argumentSnippet(parameter.name, parameter),
              rank: (parameter.required ? 0 : 100) + index,
              doc: parameter.doc ?? parameter.annotation,
            }));
            const idsDetail = info?.level === 'model' ? 'records (a model method takes none)' : 'the records the method runs on';
            return [
              ...parameters,
              { name: 'ids', detail: idsDetail, value: argumentSnippet('ids'), rank: info?.level === 'model' ? 900 : 50, doc: undefined },
              {
                name: 'context',
                detail: "the call's context (replaces the default one)",
                value: argumentSnippet('context'),
                rank: 800,
                doc: undefined,
              },
            ];
          })();
    return {
      placement,
      items: entries
        .filter((entry) => !context.existing.includes(entry.name) || entry.name === token?.content)
        .map((entry) => ({
          label: entry.name,
          kind: context.kind === 'argument' ? ('argument' as const) : ('contextKey' as const),
          detail: entry.detail,
          ...(entry.doc ? { documentation: docstringMarkdown(entry.doc) } : {}),
          insertText: `${snippetText(jsonStringText(entry.name, true))}: ${entry.value}`,
          snippet: true,
          sortText: String(entry.rank).padStart(4, '0'),
          filterText: jsonStringText(entry.name, true),
        })),
    };
  }
  const baseModel = context.kind === 'contextValue' ? model : await modelAfter(source, model, context.base, signal);
  if (context.kind === 'field') {
    const separators = context.role === 'order' ? ',' : context.role === 'aggregates' ? ':.' : '.';
    const placement = token ? segmentPlacement(bodyOffset, token, cursor, separators) : at;
    const typed = token ? token.content.slice(0, cursor - bodyOffset - token.start - 1) : '';
    if (context.role === 'order') {
      const segment = typed.slice(typed.lastIndexOf(',') + 1);
      const words = segment.trimStart().split(/\s+/);
      if (words.length >= 2) {
        const wordStart = cursor - words[words.length - 1].length;
        return {
          placement: { start: wordStart, end: wordStart + words[words.length - 1].length, inString: true },
          items: ['asc', 'desc'].map((direction, index) => ({
            label: direction,
            kind: 'keyword' as const,
            detail: index ? 'largest first' : 'smallest first',
            sortText: String(index),
          })),
        };
      }
      const leading = segment.length - segment.trimStart().length;
      const orderPlacement = { start: placement.start + leading, end: placement.end, inString: true };
      if (!baseModel) return { placement: orderPlacement, items: [] };
      const fields = await source.fields(baseModel, signal);
      return {
        placement: orderPlacement,
        items: Object.values(fields ?? {}).map((field) => fieldItem(field, baseModel, context.role, false)),
      };
    }
    const prefix = context.role === 'aggregates' ? [] : typed.split('.').slice(0, -1);
    const target = baseModel && (await modelAfter(source, baseModel, prefix, signal));
    const fields = target ? await source.fields(target, signal) : undefined;
    const items = Object.values(fields ?? {}).map((field) => fieldItem(field, target ?? model, context.role, !placement.inString));
    if (context.role === 'aggregates')
      items.unshift({
        label: '__count',
        kind: 'field',
        detail: 'number of records in the group',
        insertText: quote('__count', placement.inString),
        sortText: '0',
      });
    return { placement, items };
  }
  if (context.kind === 'operator') {
    const placement = token
      ? { start: bodyOffset + token.start + 1, end: bodyOffset + token.start + 1 + token.content.length, inString: true }
      : at;
    const resolved = baseModel ? await resolvePath(source, baseModel, context.path, signal) : undefined;
    const last = resolved?.steps[resolved.steps.length - 1];
    const type = resolved && !resolved.unknown && resolved.steps.length === context.path.split('.').length ? last?.field?.type : undefined;
    return {
      placement,
      items: operatorsForType(type).map((operator, index) => ({
        label: operator,
        kind: 'operator' as const,
        detail: explainOperator(operator),
        insertText: quote(operator, placement.inString),
        sortText: String(index).padStart(3, '0'),
        filterText: quote(operator, placement.inString),
      })),
    };
  }
  const placement = token
    ? { start: bodyOffset + token.start + 1, end: bodyOffset + token.start + 1 + token.content.length, inString: true }
    : at;
  if (context.kind === 'contextValue') {
    const lists = (await options.contextLists?.(signal)) ?? {};
    const fromLists = contextValueItems(context.key, lists.choices, placement.inString, context.element === true);
    if (fromLists) return { placement, items: fromLists };
    if (context.element) return { placement, items: [] };
    if (context.key === 'lang') {
      const languages = await source.languages(signal);
      return {
        placement,
        items: languages.map(([code, name], index) => ({
          label: code,
          kind: 'value' as const,
          detail: name,
          insertText: quote(code, placement.inString),
          sortText: String(index).padStart(4, '0'),
        })),
      };
    }
    if (context.key === 'active_test' && !token)
      return {
        placement,
        items: ['false', 'true'].map((value, index) => ({ label: value, kind: 'value' as const, sortText: String(index) })),
      };
    return { placement, items: [] };
  }
  const resolved = baseModel ? await resolvePath(source, baseModel, context.path, signal) : undefined;
  const field =
    resolved && !resolved.unknown && resolved.steps.length === context.path.split('.').length
      ? resolved.steps[resolved.steps.length - 1].field
      : undefined;
  if (!field) return { placement, items: [] };
  const items = valueItems(field, context.operator, placement.inString, options.now ?? new Date());
  if (
    (field.type === 'many2one' && field.relation && !['any', 'not any', 'child_of', 'parent_of'].includes(context.operator)) ||
    (field.type === 'many2one' && context.operator === 'child_of')
  ) {
    const search = options.nameSearch ?? ((relation: string, text: string, s?: AbortSignal) => source.nameSearch(relation, text, s));
    const text = token?.content ?? '';
    const records = field.relation ? await search(field.relation, text, signal) : [];
    return { placement, items: [...items, ...recordItems(records, context.operator, token)], incomplete: true };
  }
  return { placement, items };
}

/** Field items are kept per field object: a cached schema keeps its objects, so typing reuses them (no garbage per keystroke). */
const fieldItems = new WeakMap<FieldInfo, Map<string, DraftItem>>();

function fieldItem(field: FieldInfo, model: string, role: string, quoted: boolean): DraftItem {
  let byRole = fieldItems.get(field);
  if (!byRole) fieldItems.set(field, (byRole = new Map()));
  const key = `${model} ${role} ${quoted}`;
  let item = byRole.get(key);
  if (!item) byRole.set(key, (item = newFieldItem(field, model, role, quoted)));
  return item;
}

function newFieldItem(field: FieldInfo, model: string, role: string, quoted: boolean): DraftItem {
  const rank = fieldRank(field, role);
  let insertText = jsonStringText(field.name, quoted);
  let snippet = false;
  if (role === 'vals') {
    insertText = quoted ? `${snippetText(jsonStringText(field.name, true))}: $0` : insertText;
    snippet = quoted;
  } else if (role === 'aggregates') {
    const numeric = field.type === 'integer' || field.type === 'float' || field.type === 'monetary';
    const aggregate = `${snippetText(jsonStringText(field.name, false))}:\${1|${numeric ? 'sum,avg,min,max' : 'count_distinct,array_agg,min,max'}|}`;
    insertText = quoted ? `"${aggregate}"` : aggregate;
    snippet = true;
  }
  return {
    label: field.name,
    kind: 'field',
    detail: fieldDetail(field),
    documentation: fieldMarkdown(model, field),
    insertText,
    snippet,
    sortText: `${rank}${field.name}`,
    filterText: quoted ? jsonStringText(field.name, true) : field.name,
    retrigger: false,
  };
}

/** A model name typed alone at the start of a line outside any body (`res.pa`, or `POST ` and nothing yet): models, each followed by a slash. */
async function startOfLineModels(
  file: RequestFile,
  offset: number,
  request: RequestNode | undefined,
  source: SchemaSource,
  lines: LineIndex,
  signal?: AbortSignal,
): Promise<CompletionAnswer> {
  if (request?.body && offset >= request.body.offset && offset <= request.body.range.endOffset) return { items: [] };
  if (request && offset > request.requestLine.range.endOffset) return { items: [] };
  const lineStart = lines.lines[lines.positionAt(offset).line].start;
  const typed = /^\s*(?:POST\s+)?([A-Za-z_][\w.]*)?$/.exec(file.text.slice(lineStart, offset));
  if (!typed) return { items: [] };
  const start = offset - (typed[1]?.length ?? 0);
  const models = (await source.models(signal)) ?? [];
  const range = lines.range(start, offset);
  const note = statusNote(source.status());
  return {
    items: models
      .filter((model) => isTechnicalName(model.model))
      .map((model) => ({
        label: model.model,
        kind: 'model' as const,
        detail: model.name,
        insertText: `${model.model}/`,
        sortText: `${model.state === 'manual' ? 1 : 0}${model.model}`,
        retrigger: true,
        range,
      })),
    ...(note ? { note } : {}),
  };
}

/** Completion items at a file offset; an empty answer where nothing applies. */
export async function completeAt(
  file: RequestFile,
  offset: number,
  source: SchemaSource,
  options: CompletionOptions = {},
): Promise<CompletionAnswer> {
  const lines = new LineIndex(file.text);
  const request = requestAt(file, offset);
  const context = request && cursorContext(request, offset);
  if (!request || !context) return startOfLineModels(file, offset, request, source, lines, options.signal);
  const place = (items: readonly DraftItem[], placement: Placement): LanguageCompletion[] => {
    const range = lines.range(placement.start, placement.end);
    // Written out property by property: one object shape, which V8 builds far faster than a spread of mixed shapes.
    return items.map((item) => ({
      label: item.label,
      kind: item.kind,
      detail: item.detail,
      documentation: item.documentation,
      resolveDocumentation: item.resolveDocumentation,
      insertText: item.insertText,
      snippet: item.snippet,
      sortText: item.sortText,
      filterText: item.filterText,
      retrigger: item.retrigger,
      range,
    }));
  };
  const answer = (items: LanguageCompletion[], incomplete?: boolean): CompletionAnswer => {
    const note = statusNote(source.status());
    return { items, ...(note ? { note } : {}), ...(incomplete ? { incomplete } : {}) };
  };
  if (context.kind === 'model') {
    const models = (await source.models(options.signal)) ?? [];
    const hasSlash = request.requestLine.target.text.includes('/');
    return answer(
      place(
        models
          .filter((model) => isTechnicalName(model.model))
          .map((model) => ({
            label: model.model,
            kind: 'model' as const,
            detail: model.name,
            insertText: hasSlash ? model.model : `${model.model}/`,
            sortText: `${model.state === 'manual' ? 1 : 0}${model.model}`,
            retrigger: !hasSlash,
          })),
        { start: context.start, end: context.end, inString: false },
      ),
    );
  }
  if (context.kind === 'method') {
    const { methods } = await source.methods(context.model, options.signal);
    return answer(
      place(
        methods
          .filter((method) => isCallableMethod(method.name) && isTechnicalName(method.name))
          .map((method) => {
            const common = COMMON_METHODS.indexOf(method.name);
            return {
              label: method.name,
              kind: 'method' as const,
              detail: signatureLabel(method).label,
              resolveDocumentation: () => methodMarkdown(context.model, method),
              sortText: common >= 0 ? `0${String(common).padStart(2, '0')}` : `1${method.name}`,
            };
          }),
        { start: context.start, end: context.end, inString: false },
      ),
    );
  }
  const line = request.requestLine;
  if (line.kind !== 'call' || !line.model || !line.methodName || !request.body) return { items: [] };
  let wordStart = offset;
  while (wordStart > request.body.offset && /\w/.test(file.text[wordStart - 1])) wordStart--;
  const { items, placement, incomplete } = await bodyItems(
    context,
    line.model.text,
    line.methodName.text,
    offset,
    request.body.offset,
    source,
    options,
    wordStart,
  );
  return answer(place(items, placement), incomplete);
}
