// Writes a conversion as a `.json2` request (docs/format.md), to try the new call at once; variables become prompts.
import { json2DatabaseHeaderLine } from './databaseHeaderLines';
import type { SourceExpr } from './legacyCall';
import { takesMapping } from './literalWriters';
import { requestBlockText } from '../requestFile/requestBlockText';
import type { BodyValue, Conversion, Json2Plan } from './migrationPlan';

const PLACEHOLDER_NAME = /^[A-Za-z_][\w]*$/;

/** Writes body values as `.json2` JSON: literals as they are, computed values as `{{name}}` placeholders (collected in `prompts`). */
export interface Json2BodyWriter {
  /** Each placeholder's name and the source expression it stands for. */
  readonly prompts: Map<string, string>;
  json(value: BodyValue, parameter?: string): string;
  exprJson(expr: SourceExpr): string;
}

export function json2BodyWriter(): Json2BodyWriter {
  const prompts = new Map<string, string>();
  // PHP's empty array reads as an empty list; a parameter taking a mapping gets {} instead.
  const json = (value: BodyValue, parameter?: string): string => {
    const plain = 'expr' in value ? value.expr.value : value.value;
    if (parameter && takesMapping(parameter) && Array.isArray(plain) && plain.length === 0) return '{}';
    return 'expr' in value ? exprJson(value.expr) : JSON.stringify(value.value);
  };
  const exprJson = (expr: SourceExpr): string => {
    if (expr.value !== undefined) return JSON.stringify(expr.value);
    if (expr.kind === 'list' && expr.items) return `[${expr.items.map(exprJson).join(', ')}]`;
    if (expr.kind === 'dict' && expr.entries)
      return `{${expr.entries.map((entry) => `${JSON.stringify(entry.key)}: ${exprJson(entry.value)}`).join(', ')}}`;
    return `{{${promptFor(expr)}}}`;
  };
  const promptFor = (expr: SourceExpr): string => {
    const bare = expr.text.replace(/^\$/, '');
    const name = PLACEHOLDER_NAME.test(bare) ? bare : `value${prompts.size + 1}`;
    prompts.set(name, expr.text);
    return name;
  };
  return { prompts, json, exprJson };
}

/** The JSON-2 body of a plan: ids, the named arguments and the context, one member a line. */
export function json2PlanBody(plan: Json2Plan, writer: Json2BodyWriter): string {
  const members: string[] = [];
  if (plan.ids) members.push(`  "ids": ${writer.json(plan.ids)}`);
  for (const arg of plan.args) members.push(`  ${JSON.stringify(arg.name)}: ${writer.json(arg.value, arg.name)}`);
  if (plan.context) members.push(`  "context": ${writer.json(plan.context, 'context')}`);
  return members.length === 0 ? '{}' : ['{', members.join(',\n'), '}'].join('\n');
}

/** One `.json2` request block for the conversion, titled with where the original call is. */
export function writeJson2Request(conversion: Conversion, title: string): string {
  const plan = conversion.plan;
  if (plan.kind === 'json2') {
    const writer = json2BodyWriter();
    const body = json2PlanBody(plan, writer);
    const databaseLine = json2DatabaseHeaderLine(plan.database);
    return requestBlockText({
      title,
      comments: conversion.notes,
      metadata: [...writer.prompts].map(([name, text]) => ['prompt', text === name ? name : `${name} ${text}`] as const),
      requestLine: `POST ${plan.model}/${plan.method}`,
      headers: databaseLine === undefined ? [] : [databaseLine],
      body,
    });
  }
  if (plan.kind === 'route' && plan.verb === 'GET')
    return requestBlockText({ title, comments: conversion.notes, requestLine: `GET ${plan.path}` });
  return [
    `### ${title}`,
    `# ${plan.path} is a database-manager controller (master password, form data), not a JSON-2 call:`,
    '# run it from the database manager or with the converted code.',
    '',
  ].join('\n');
}
