// How a field shows in the explorer, as plain data: its icon, its one-line description and its tooltip's lines.
import type { FieldInfo } from '../schema/schemaTypes';

const RELATIONAL = new Set(['many2one', 'one2many', 'many2many', 'many2one_reference', 'reference']);

/** Codicon names (the `$(name)` ids of VS Code's icon font) per field type. */
const ICONS: Readonly<Record<string, string>> = {
  char: 'symbol-string',
  text: 'note',
  html: 'code',
  integer: 'symbol-number',
  float: 'symbol-number',
  monetary: 'symbol-number',
  boolean: 'symbol-boolean',
  date: 'calendar',
  datetime: 'clock',
  selection: 'symbol-enum',
  binary: 'file-binary',
  image: 'file-media',
  json: 'json',
  properties: 'symbol-property',
  many2one: 'arrow-right',
  one2many: 'list-unordered',
  many2many: 'references',
  reference: 'link',
  many2one_reference: 'link',
};

export function isRelationalType(type: string): boolean {
  return RELATIONAL.has(type);
}

/** The codicon of a field type; `symbol-field` for types without their own. */
export function fieldIconId(type: string): string {
  return ICONS[type] ?? 'symbol-field';
}

/** `many2one → res.country`, or the type alone. */
export function fieldDescription(field: FieldInfo): string {
  return field.relation ? `${field.type} → ${field.relation}` : field.type;
}

export type TooltipKey = 'label' | 'name' | 'type' | 'relation' | 'required' | 'readonly' | 'values' | 'help';

/** The tooltip's lines, label first: a key the view translates, and a plain-text value (the view escapes it). */
export function fieldTooltipLines(field: FieldInfo): Array<{ readonly key: TooltipKey; readonly value: string | boolean }> {
  const lines: Array<{ key: TooltipKey; value: string | boolean }> = [
    { key: 'label', value: field.string ?? field.name },
    { key: 'name', value: field.name },
    { key: 'type', value: field.type },
  ];
  if (field.relation) lines.push({ key: 'relation', value: field.relation });
  lines.push({ key: 'required', value: field.required === true }, { key: 'readonly', value: field.readonly === true });
  if (field.selection && field.selection.length > 0)
    lines.push({ key: 'values', value: field.selection.map(([value, label]) => `${value} (${label})`).join(', ') });
  if (field.help) lines.push({ key: 'help', value: field.help });
  return lines;
}
