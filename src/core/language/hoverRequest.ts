// Hover in a .json2 file: what a model, method, argument, field path or operator is.
import { getLocation } from 'jsonc-parser';
import { methodEffect, requestAt, type RequestFile } from '../requestFile';
import { LineIndex } from '../requestFile/textRange';
import { methodMarkdown, methodOf } from './argumentSnippets';
import { CONTEXT_KEYS } from './contextKeys';
import { bodyCursor, stringTokenAt } from './cursorContext';
import { explainOperator } from './domainOperators';
import { fieldMarkdown, modelAfter, resolvePath } from './fieldPaths';
import type { LanguageHover, SchemaSource } from './languageTypes';
import { docstringMarkdown } from '../untrustedText/docstringMarkdown';
import { escapeMarkdown } from '../untrustedText/markdownEscape';

/** The hover at a file offset, or undefined where there is nothing to say. */
export async function hoverAt(
  file: RequestFile,
  offset: number,
  source: SchemaSource,
  signal?: AbortSignal,
): Promise<LanguageHover | undefined> {
  const request = requestAt(file, offset);
  const line = request?.requestLine;
  if (!request || !line || line.kind !== 'call' || !line.model) return undefined;
  const lines = new LineIndex(file.text);
  const model = line.model.text;
  const inPart = (range: { startOffset: number; endOffset: number }) => offset >= range.startOffset && offset <= range.endOffset;
  if (inPart(line.model.range)) {
    const known = (await source.models(signal))?.find((candidate) => candidate.model === model);
    const fields = await source.fields(model, signal);
    if (!known && !fields) return undefined;
    const label = escapeMarkdown(known?.name.trim() || model, 'inline');
    const text = [`**${label}** ${escapeMarkdown(model, 'code')}`, ...(fields ? ['', `${Object.keys(fields).length} fields`] : [])].join(
      '\n',
    );
    return { contents: text, range: line.model.range };
  }
  if (line.methodName && inPart(line.methodName.range)) {
    const { method } = await methodOf(source, model, line.methodName.text, signal);
    return (
      method && { contents: `${methodMarkdown(model, method)}\n\n${transactionNote(line.methodName.text)}`, range: line.methodName.range }
    );
  }
  const body = request.body;
  if (!body || offset <= body.offset || offset > body.range.endOffset) return undefined;
  const relative = offset - body.offset;
  const token = stringTokenAt(body.maskedText, relative);
  if (!token) return undefined;
  const range = lines.range(body.offset + token.start, body.offset + token.end);
  const location = getLocation(body.maskedText, relative);
  if (location.isAtPropertyKey && location.path.length === 1 && line.methodName) {
    const name = token.content;
    if (name === 'ids') return { contents: '`ids`: the records the method runs on (omit for model methods).', range };
    if (name === 'context') return { contents: "`context`: the call's context; it replaces the default one.", range };
    const { method } = await methodOf(source, model, line.methodName.text, signal);
    const parameter = method?.parameters.find((candidate) => candidate.name === name);
    if (!method || !parameter) return undefined;
    const code = (text: string) => escapeMarkdown(text, 'code');
    const defaultText = parameter.required ? 'required' : `default ${code(JSON.stringify(parameter.default ?? null))}`;
    return {
      contents: [
        `${code(name)}: argument of ${code(`${model}.${method.name}`)} (${defaultText})`,
        ...(parameter.doc ? ['', docstringMarkdown(parameter.doc)] : []),
      ].join('\n'),
      range,
    };
  }
  const context = bodyCursor(body, offset);
  if (!context) return undefined;
  if (context.kind === 'contextKey') {
    const key = CONTEXT_KEYS.find((entry) => entry.key === token.content);
    return key && { contents: `\`${key.key}\`: ${key.explanation}`, range };
  }
  if (context.kind === 'operator') {
    const explanation = explainOperator(token.content);
    return explanation ? { contents: `${escapeMarkdown(token.content, 'code')}: ${explanation}`, range } : undefined;
  }
  if (context.kind !== 'field') return undefined;
  const baseModel = await modelAfter(source, model, context.base, signal);
  if (!baseModel) return undefined;
  // The path under the cursor: for order strings, the word of the current part; the segment hovered and those before it.
  const contentStart = body.offset + token.start + 1;
  let pathStart = contentStart;
  let path = token.content;
  if (context.role === 'order') {
    const before = token.content.slice(0, offset - contentStart);
    const partStart = before.lastIndexOf(',') + 1;
    const part = token.content.slice(partStart).split(',')[0];
    const leading = part.length - part.trimStart().length;
    pathStart = contentStart + partStart + leading;
    path = part.trim().split(/\s+/)[0];
  } else if (context.role === 'aggregates' || context.role === 'groupby') {
    path = path.split(':')[0];
  }
  const resolved = await resolvePath(source, baseModel, path, signal);
  if (!resolved) return undefined;
  const step = resolved.steps.findLast((candidate) => pathStart + candidate.start <= offset) ?? resolved.steps[0];
  if (!step?.field) return undefined;
  return {
    contents: fieldMarkdown(step.model, step.field),
    range: lines.range(pathStart + step.start, pathStart + step.start + step.name.length),
  };
}

/** The one-transaction rule, as the hover on a method says it. */
export function transactionNote(method: string): string {
  const effect = methodEffect(method);
  const chain =
    effect === 'changes' || effect === 'reads'
      ? ' Records found by a `search` in another request were found in another transaction: they may have changed or gone since.'
      : '';
  return `One call, one database transaction: committed when the call answers 2xx, rolled back (nothing changed) on an error.${chain}`;
}
