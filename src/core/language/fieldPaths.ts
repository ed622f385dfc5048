// Follows dotted field paths (`partner_id.country_id.code`) through relations, fetching each related model on demand.
import { docstringMarkdown } from '../untrustedText/docstringMarkdown';
import type { FieldInfo } from '../schema/schemaTypes';
import { escapeMarkdown } from '../untrustedText/markdownEscape';
import type { SchemaSource } from './languageTypes';

export interface PathStepInfo {
  /** The model the segment is a field of. */
  readonly model: string;
  readonly name: string;
  /** Undefined when the model's fields are known and the segment is not one of them, or when nothing is known. */
  readonly field?: FieldInfo;
  /** Start of the segment in the path text. */
  readonly start: number;
}

export interface ResolvedPath {
  readonly steps: readonly PathStepInfo[];
  /** The first unknown segment, when the model's fields were known. */
  readonly unknown?: PathStepInfo & { readonly known: readonly string[] };
  /** The model the last segment belongs to. */
  readonly lastModel: string;
}

/**
 * Walks a path from a model. Each relation's model is asked for its fields once (the source caches); walking stops at
 * the first segment that is unknown or not relational with more segments after it.
 */
export async function resolvePath(
  source: SchemaSource,
  model: string,
  path: string,
  signal?: AbortSignal,
): Promise<ResolvedPath | undefined> {
  const segments = path.split('.');
  const steps: PathStepInfo[] = [];
  let current = model;
  let start = 0;
  for (let index = 0; index < segments.length; index++) {
    const name = segments[index];
    const fields = await source.fields(current, signal);
    if (!fields) return steps.length ? { steps, lastModel: current } : undefined;
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    const step: PathStepInfo = { model: current, name, start, ...(field ? { field } : {}) };
    steps.push(step);
    if (!field) return { steps, unknown: { ...step, known: Object.keys(fields) }, lastModel: current };
    if (index < segments.length - 1) {
      if (!field.relation) return { steps, lastModel: current };
      current = field.relation;
    }
    start += name.length + 1;
  }
  return { steps, lastModel: steps.length ? steps[steps.length - 1].model : model };
}

/** The model whose fields follow a path prefix (`partner_id.country_id.` → res.country); undefined when not relational. */
export async function modelAfter(
  source: SchemaSource,
  model: string,
  prefix: readonly string[],
  signal?: AbortSignal,
): Promise<string | undefined> {
  let current = model;
  for (const name of prefix) {
    const fields = await source.fields(current, signal);
    const relation = fields && Object.hasOwn(fields, name) ? fields[name].relation : undefined;
    if (!relation) return undefined;
    current = relation;
  }
  return current;
}

/** One line describing a field: label, type, relation, required/readonly. */
export function fieldDetail(field: FieldInfo): string {
  const flags = [field.required ? 'required' : '', field.readonly ? 'readonly' : ''].filter(Boolean).join(', ');
  return `${field.string ?? field.name} · ${field.type}${field.relation ? ` → ${field.relation}` : ''}${flags ? ` (${flags})` : ''}`;
}

/** Markdown describing a field for hovers and completion documentation; every text of the server in it is escaped. */
export function fieldMarkdown(model: string, field: FieldInfo): string {
  const code = (text: string) => escapeMarkdown(text, 'code');
  const lines = [
    `**${escapeMarkdown(field.string?.trim() || field.name, 'inline')}** ${code(`${model}.${field.name}`)}`,
    '',
    `Type: ${code(field.type)}${field.relation ? ` → ${code(field.relation)}` : ''}`,
  ];
  const flags = [field.required ? 'required' : '', field.readonly ? 'readonly' : ''].filter(Boolean);
  if (flags.length) lines.push('', flags.join(', '));
  if (field.help) lines.push('', docstringMarkdown(field.help));
  if (field.selection?.length)
    lines.push('', 'Values: ' + field.selection.map(([value, label]) => `${code(value)} (${escapeMarkdown(label, 'inline')})`).join(', '));
  return lines.join('\n');
}
