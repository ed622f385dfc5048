// Schema warnings on a .json2 file: unknown models, methods, arguments and fields, unfit operators and values, malformed domains.
import { isPrivateMethod, privateMethodMessage } from '../client/methodVisibility';
import { getNodeValue, type Node as JsonNode } from 'jsonc-parser';
import type { RequestFile, RequestNode } from '../requestFile';
import { LineIndex } from '../requestFile/textRange';
import { methodOf } from './argumentSnippets';
import { closestNames } from './closestNames';
import { isTechnicalName } from './insertedText';
import { FIELD_LIST_KEYS, ORDER_KEYS, VALUES_KEYS } from './cursorContext';
import { DEPRECATED_OPERATORS, DOMAIN_OPERATORS, operatorsForType } from './domainOperators';
import { modelAfter, resolvePath } from './fieldPaths';
import type { LanguageDiagnostic, LanguageDiagnosticCode, SchemaSource } from './languageTypes';
import { valueProblem } from './valueTypes';

interface Checker {
  readonly source: SchemaSource;
  readonly signal?: AbortSignal;
  readonly request: RequestNode;
  readonly bodyOffset: number;
  add(code: LanguageDiagnosticCode, message: string, start: number, end: number, suggestions?: readonly string[]): void;
}

const children = (node: JsonNode | undefined): JsonNode[] => node?.children ?? [];

/** True when a node holds a placeholder (masked): its value is only known when sent. */
function holdsPlaceholder(checker: Checker, node: JsonNode): boolean {
  const start = checker.bodyOffset + node.offset;
  const end = start + node.length;
  return (
    checker.request.body?.placeholders.some((placeholder) => placeholder.range.startOffset < end && placeholder.range.endOffset > start) ??
    false
  );
}

/** Checks a field path written in a string node, from `model`; `text` is the path (defaults to the node's value). */
async function checkPath(checker: Checker, model: string, node: JsonNode, text?: string): Promise<Awaited<ReturnType<typeof resolvePath>>> {
  const path = text ?? String(node.value);
  if (holdsPlaceholder(checker, node) || path === '') return undefined;
  const resolved = await resolvePath(checker.source, model, path, checker.signal);
  if (resolved?.unknown) {
    const start = checker.bodyOffset + node.offset + 1 + resolved.unknown.start;
    checker.add(
      'unknown-field',
      `${resolved.unknown.model} has no field "${resolved.unknown.name}".`,
      start,
      start + resolved.unknown.name.length,
      closestNames(resolved.unknown.name, resolved.unknown.known.filter(isTechnicalName)),
    );
  }
  return resolved;
}

async function checkDomain(checker: Checker, model: string, domain: JsonNode): Promise<void> {
  if (domain.type !== 'array' || holdsPlaceholder(checker, domain)) return;
  let open = 1;
  let lastOperator: JsonNode | undefined;
  for (const element of children(domain)) {
    if (open === 0) open = 1; // Terms after a complete expression are joined by an implicit '&'.
    open -= 1;
    const at = (message: string) =>
      checker.add('malformed-domain', message, checker.bodyOffset + element.offset, checker.bodyOffset + element.offset + element.length);
    if (element.type === 'string') {
      if (element.value === '&' || element.value === '|') {
        open += 2;
        lastOperator = element;
      } else if (element.value === '!') {
        open += 1;
        lastOperator = element;
      } else at(`"${String(element.value)}" is not a domain operator: use "&", "|", "!" or a condition [field, operator, value].`);
      continue;
    }
    if (element.type !== 'array') {
      if (!holdsPlaceholder(checker, element)) at('A domain holds conditions [field, operator, value] and the operators "&", "|", "!".');
      continue;
    }
    await checkCondition(checker, model, element, at);
  }
  if (open > 0 && lastOperator) {
    const operand = open === 1 ? 'one more condition' : `${open} more conditions`;
    checker.add(
      'malformed-domain',
      `"${String(lastOperator.value)}" is missing its operands: add ${operand} after it.`,
      checker.bodyOffset + lastOperator.offset,
      checker.bodyOffset + lastOperator.offset + lastOperator.length,
    );
  }
}

async function checkCondition(checker: Checker, model: string, condition: JsonNode, at: (message: string) => void): Promise<void> {
  const [fieldNode, operatorNode, valueNode] = children(condition);
  if (children(condition).length !== 3) {
    at('A condition is a triple [field, operator, value].');
    return;
  }
  if (fieldNode.type !== 'string') return; // [1, "=", 1] and placeholders are left alone.
  const resolved = await checkPath(checker, model, fieldNode);
  const field =
    resolved && !resolved.unknown && resolved.steps.length === String(fieldNode.value).split('.').length
      ? resolved.steps[resolved.steps.length - 1].field
      : undefined;
  if (operatorNode.type !== 'string' || holdsPlaceholder(checker, operatorNode)) return;
  const written = String(operatorNode.value);
  const operator = Object.hasOwn(DEPRECATED_OPERATORS, written) ? DEPRECATED_OPERATORS[written] : written;
  const operatorStart = checker.bodyOffset + operatorNode.offset;
  if (!DOMAIN_OPERATORS.includes(operator)) {
    checker.add(
      'unknown-operator',
      `"${operator}" is not a domain operator.`,
      operatorStart,
      operatorStart + operatorNode.length,
      closestNames(operator, DOMAIN_OPERATORS).map((name) => JSON.stringify(name)),
    );
    return;
  }
  if (!field) return;
  const fitting = operatorsForType(field.type);
  if (!fitting.includes(operator)) {
    checker.add(
      'operator-mismatch',
      `"${operator}" does not fit ${field.name}, a ${field.type} field.`,
      operatorStart,
      operatorStart + operatorNode.length,
      fitting.slice(0, 4).map((name) => JSON.stringify(name)),
    );
    return;
  }
  if ((operator === 'any' || operator === 'not any') && field.relation) {
    const related = await modelAfter(checker.source, model, String(fieldNode.value).split('.'), checker.signal);
    if (related) await checkDomain(checker, related, valueNode);
    return;
  }
  if (holdsPlaceholder(checker, valueNode)) return;
  const problem = valueProblem(field, getNodeValue(valueNode), operator);
  if (problem)
    checker.add(
      'value-type',
      `${problem}.`,
      checker.bodyOffset + valueNode.offset,
      checker.bodyOffset + valueNode.offset + valueNode.length,
    );
}

async function checkValues(checker: Checker, model: string, object: JsonNode): Promise<void> {
  if (object.type !== 'object') return;
  const fields = await checker.source.fields(model, checker.signal);
  if (!fields) return;
  for (const property of children(object)) {
    const [key, value] = children(property);
    if (!key || holdsPlaceholder(checker, key)) continue;
    const name = String(key.value);
    const start = checker.bodyOffset + key.offset + 1;
    if (!Object.hasOwn(fields, name)) {
      checker.add(
        'unknown-field',
        `${model} has no field "${name}".`,
        start,
        start + name.length,
        closestNames(name, Object.keys(fields).filter(isTechnicalName)),
      );
      continue;
    }
    if (!value || holdsPlaceholder(checker, value)) continue;
    const problem = valueProblem(fields[name], getNodeValue(value), '=');
    if (problem)
      checker.add('value-type', `${problem}.`, checker.bodyOffset + value.offset, checker.bodyOffset + value.offset + value.length);
  }
}

async function checkArgument(checker: Checker, model: string, name: string, value: JsonNode): Promise<void> {
  if (name === 'domain') return checkDomain(checker, model, value);
  if (FIELD_LIST_KEYS.has(name) && value.type === 'array') {
    for (const element of children(value)) {
      if (element.type !== 'string' || element.value === '__count') continue;
      const text = String(element.value).split(':')[0];
      await checkPath(checker, model, element, text);
    }
    return;
  }
  if (name === 'groupby' && value.type === 'string') {
    await checkPath(checker, model, value, String(value.value).split(':')[0]);
    return;
  }
  if (ORDER_KEYS.has(name) && value.type === 'string' && !holdsPlaceholder(checker, value)) {
    let at = 0;
    for (const part of String(value.value).split(',')) {
      const leading = part.length - part.trimStart().length;
      // A grouped read also orders by `__count` and by aggregates or granularities (`amount:sum`, `date:month`).
      const term = part.trim().split(/\s+/)[0];
      const word = term === '__count' ? '' : term.split(':')[0];
      if (word) {
        const resolved = await resolvePath(checker.source, model, word, checker.signal);
        if (resolved?.unknown) {
          const start = checker.bodyOffset + value.offset + 1 + at + leading + resolved.unknown.start;
          checker.add(
            'unknown-field',
            `${resolved.unknown.model} has no field "${resolved.unknown.name}".`,
            start,
            start + resolved.unknown.name.length,
            closestNames(resolved.unknown.name, resolved.unknown.known.filter(isTechnicalName)),
          );
        }
      }
      at += part.length + 1;
    }
    return;
  }
  if (VALUES_KEYS.has(name)) {
    if (value.type === 'array') for (const element of children(value)) await checkValues(checker, model, element);
    else await checkValues(checker, model, value);
  }
}

async function checkRequest(checker: Checker): Promise<void> {
  const { request, source, signal } = checker;
  const line = request.requestLine;
  if (line.kind !== 'call' || !line.model || !line.methodName || line.placeholders.length) return;
  const model = line.model.text;
  const method = line.methodName.text;
  const models = await source.models(signal);
  if (models && !models.some((known) => known.model === model)) {
    checker.add(
      'unknown-model',
      `The database has no model "${model}".`,
      line.model.range.startOffset,
      line.model.range.endOffset,
      closestNames(model, models.map((known) => known.model).filter(isTechnicalName)),
    );
    return;
  }
  if (isPrivateMethod(method)) {
    checker.add(
      'private-method',
      `${privateMethodMessage(model, method)} A real server answers 403.`,
      line.methodName.range.startOffset,
      line.methodName.range.endOffset,
    );
    return;
  }
  const { method: info, complete } = await methodOf(source, model, method, signal);
  if (!info && complete) {
    const { methods } = await source.methods(model, signal);
    checker.add(
      'unknown-method',
      `${model} has no public method "${method}".`,
      line.methodName.range.startOffset,
      line.methodName.range.endOffset,
      closestNames(method, methods.map((known) => known.name).filter(isTechnicalName)),
    );
  }
  const tree = request.body?.tree;
  if (!tree || tree.type !== 'object') return;
  const names = new Set(info?.parameters.map((parameter) => parameter.name));
  for (const property of children(tree)) {
    const [key, value] = children(property);
    if (!key || holdsPlaceholder(checker, key)) continue;
    const name = String(key.value);
    if (info && !info.extraKeywords && name !== 'ids' && name !== 'context' && !names.has(name)) {
      const start = checker.bodyOffset + key.offset + 1;
      checker.add(
        'unknown-argument',
        `${method} takes no argument "${name}".`,
        start,
        start + name.length,
        closestNames(name, [...names, 'ids', 'context'].filter(isTechnicalName)),
      );
      continue;
    }
    if (value) await checkArgument(checker, model, name, value);
  }
}

/** Schema warnings for every call of a file; calls with placeholders in their target are checked once resolved. */
export async function diagnoseFile(file: RequestFile, source: SchemaSource, signal?: AbortSignal): Promise<LanguageDiagnostic[]> {
  const lines = new LineIndex(file.text);
  const found: LanguageDiagnostic[] = [];
  for (const request of file.requests) {
    const checker: Checker = {
      source,
      signal,
      request,
      bodyOffset: request.body?.offset ?? 0,
      add: (code, message, start, end, suggestions = []) => {
        found.push({ code, message, range: lines.range(start, end), severity: 'warning', suggestions });
      },
    };
    await checkRequest(checker);
  }
  return found;
}
