// Compares the schema of two databases (models and their fields from the schema services' data): what was added,
// removed or changed (type, relation, required, selection values), and the comparison as Markdown.
import { escapeMarkdown } from '../untrustedText/markdownEscape';
import type { FieldInfo, ModelInfo } from './schemaTypes';

/** One database's schema as compared: its models and the fields of each. */
export interface SchemaSnapshot {
  /** How the comparison names this side (`production / prod`). */
  readonly label: string;
  readonly models: readonly ModelInfo[];
  readonly fields: Readonly<Record<string, Readonly<Record<string, FieldInfo>>>>;
  /** Models whose fields this side's key may not read: their fields are not compared. */
  readonly unreadable?: readonly string[];
}

/** The attributes whose change is reported. */
export type ComparedAttribute = 'type' | 'relation' | 'required' | 'selection';

export interface AttributeChange {
  readonly attribute: ComparedAttribute;
  /** As shown: `many2one`, `res.partner`, `true`, `draft, sale`; empty when absent. */
  readonly before: string;
  readonly after: string;
}

export interface FieldChange {
  readonly field: string;
  readonly changes: readonly AttributeChange[];
}

export interface ModelComparison {
  readonly model: string;
  readonly addedFields: readonly FieldInfo[];
  readonly removedFields: readonly FieldInfo[];
  readonly changedFields: readonly FieldChange[];
}

/** From `before` (left) to `after` (right): models and fields only one side has, and fields that differ. */
export interface SchemaComparison {
  readonly before: string;
  readonly after: string;
  readonly addedModels: readonly ModelInfo[];
  readonly removedModels: readonly ModelInfo[];
  /** Models on both sides whose fields differ, by technical name. */
  readonly changedModels: readonly ModelComparison[];
  /** Models on both sides with the same fields. */
  readonly sameModels: number;
  /** Models on both sides whose fields one side could not read, so were not compared. */
  readonly uncomparedModels: readonly string[];
}

const byName = <T>(items: readonly T[], name: (item: T) => string): Map<string, T> => new Map(items.map((item) => [name(item), item]));
const sorted = <T>(items: T[], name: (item: T) => string): T[] =>
  items.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));

function attributeText(field: FieldInfo | undefined, attribute: ComparedAttribute): string {
  if (!field) return '';
  if (attribute === 'selection') return (field.selection ?? []).map(([value]) => value).join(', ');
  if (attribute === 'required') return field.required ? 'true' : 'false';
  return field[attribute] ?? '';
}

/** What differs between two descriptions of one field, in a fixed order. */
export function fieldChanges(before: FieldInfo, after: FieldInfo): AttributeChange[] {
  const changes: AttributeChange[] = [];
  for (const attribute of ['type', 'relation', 'required', 'selection'] as const) {
    const was = attributeText(before, attribute);
    const is = attributeText(after, attribute);
    if (was !== is) changes.push({ attribute, before: was, after: is });
  }
  return changes;
}

export function compareSchemas(before: SchemaSnapshot, after: SchemaSnapshot): SchemaComparison {
  const left = byName(before.models, (model) => model.model);
  const right = byName(after.models, (model) => model.model);
  const addedModels = sorted(
    after.models.filter((model) => !left.has(model.model)),
    (model) => model.model,
  );
  const removedModels = sorted(
    before.models.filter((model) => !right.has(model.model)),
    (model) => model.model,
  );
  const changedModels: ModelComparison[] = [];
  let sameModels = 0;
  const unreadable = new Set([...(before.unreadable ?? []), ...(after.unreadable ?? [])]);
  const common = sorted(
    [...left.keys()].filter((name) => right.has(name)),
    (name) => name,
  );
  for (const model of common.filter((name) => !unreadable.has(name))) {
    const was = before.fields[model] ?? {};
    const is = after.fields[model] ?? {};
    const addedFields = sorted(
      Object.values(is).filter((field) => !(field.name in was)),
      (field) => field.name,
    );
    const removedFields = sorted(
      Object.values(was).filter((field) => !(field.name in is)),
      (field) => field.name,
    );
    const changedFields = sorted(
      Object.keys(was)
        .filter((name) => name in is)
        .map((name) => ({ field: name, changes: fieldChanges(was[name], is[name]) }))
        .filter((change) => change.changes.length > 0),
      (change) => change.field,
    );
    if (addedFields.length + removedFields.length + changedFields.length === 0) sameModels++;
    else changedModels.push({ model, addedFields, removedFields, changedFields });
  }
  const uncomparedModels = common.filter((name) => unreadable.has(name));
  return { before: before.label, after: after.label, addedModels, removedModels, changedModels, sameModels, uncomparedModels };
}

// Every name and label comes from a server or a setting: it is written as literal text, never as markup.
/** A label as literal Markdown text on one line (a connection's name may hold `*`, `_` or `|`). */
const plain = (text: string): string => escapeMarkdown(text, 'inline');
const code = (text: string): string => escapeMarkdown(text, 'code');
/** A table cell: a code span, its `|` escaped (GitHub's tables split on it even inside code). */
const cell = (text: string): string => (text ? code(text).replace(/\|/g, '\\|') : '—');
/** A line of a diff block: one line whatever the text holds, so no line of server text can close the fence. */
const diffLine = (text: string): string => text.replace(/\s+/g, ' ');

/** A fenced diff block whose fence is longer than any run of backticks inside it. */
function diffBlock(lines: readonly string[]): string[] {
  const body = lines.map(diffLine);
  const longestRun = body.reduce((longest, line) => Math.max(longest, ...(line.match(/`+/g) ?? []).map((run) => run.length)), 0);
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return [`${fence}diff`, ...body, fence];
}

function fieldLine(sign: '+' | '-', field: FieldInfo): string {
  const parts = [
    field.type,
    field.relation ? `→ ${field.relation}` : '',
    field.required ? 'required' : '',
    field.selection?.length ? `[${field.selection.map(([value]) => value).join(', ')}]` : '',
  ].filter(Boolean);
  return `${sign} ${field.name}: ${parts.join(' ')}${field.string ? ` (${field.string})` : ''}`;
}

/** The comparison as a Markdown document: a summary, then per model a diff block and a table of changed attributes. */
export function schemaComparisonMarkdown(comparison: SchemaComparison): string {
  const lines = [`# Schema comparison`, '', `From **${plain(comparison.before)}** to **${plain(comparison.after)}**.`, ''];
  const changedFields = comparison.changedModels.reduce(
    (sum, model) => sum + model.addedFields.length + model.removedFields.length + model.changedFields.length,
    0,
  );
  lines.push(
    `- Models added: ${comparison.addedModels.length}`,
    `- Models removed: ${comparison.removedModels.length}`,
    `- Models with field differences: ${comparison.changedModels.length} (${changedFields} fields)`,
    `- Models the same: ${comparison.sameModels}`,
    ...(comparison.uncomparedModels.length > 0
      ? [`- Models not compared (a key may not read their fields): ${comparison.uncomparedModels.map(code).join(', ')}`]
      : []),
    '',
  );
  if (comparison.addedModels.length + comparison.removedModels.length > 0) {
    lines.push(
      '## Models',
      '',
      ...diffBlock([
        ...comparison.addedModels.map((model) => `+ ${model.model} (${model.name})`),
        ...comparison.removedModels.map((model) => `- ${model.model} (${model.name})`),
      ]),
      '',
    );
  }
  for (const model of comparison.changedModels) {
    lines.push(`## ${code(model.model)}`, '');
    if (model.addedFields.length + model.removedFields.length > 0) {
      lines.push(
        ...diffBlock([
          ...model.addedFields.map((field) => fieldLine('+', field)),
          ...model.removedFields.map((field) => fieldLine('-', field)),
        ]),
        '',
      );
    }
    if (model.changedFields.length > 0) {
      lines.push(`| field | attribute | ${plain(comparison.before)} | ${plain(comparison.after)} |`, '| --- | --- | --- | --- |');
      for (const change of model.changedFields)
        for (const attribute of change.changes)
          lines.push(`| ${code(change.field)} | ${attribute.attribute} | ${cell(attribute.before)} | ${cell(attribute.after)} |`);
      lines.push('');
    }
  }
  if (comparison.addedModels.length + comparison.removedModels.length + comparison.changedModels.length === 0)
    lines.push('The two schemas are the same.', '');
  return lines.join('\n');
}
