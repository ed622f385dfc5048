// The TypeScript of domain conditions: one generic type per kind of field (its operators and values, from
// fieldTypes.ts), and per model the union of its fields' conditions and of those one step into related models.
import {
  ALL_OPERATORS,
  CONDITION_OPERATORS,
  type ConditionKind,
  conditionKind,
  isRelational,
  type OperatorGroup,
  selectionValueType,
} from './fieldTypes';
import { modelType } from './typeExpr';
import type { TypedModel } from './typeSchema';
import { quote, type TypeScriptNames } from './typescriptRender';

/** The value each kind of field compares with (`V`, `D`: the type's own parameters). */
const KIND_VALUE: Readonly<Record<ConditionKind, string>> = {
  id: 'number',
  text: 'string',
  number: 'number',
  date: 'string',
  boolean: 'boolean',
  selection: 'V',
  relation: 'number',
  other: 'unknown',
};

const genericName = (kind: ConditionKind): string => `Json2${kind[0].toUpperCase()}${kind.slice(1)}Condition`;

function takes(group: OperatorGroup, value: string): string {
  switch (group.takes) {
    case 'value':
      return value;
    case 'valueOrFalse':
      return `${value} | false`;
    case 'list':
      return `${value}[]`;
    case 'idOrIds':
      return 'number | number[]';
    case 'text':
      return 'string';
    case 'domain':
      return 'D';
    case 'any':
      return 'unknown';
  }
}

/** The shared condition types: `Json2TextCondition<F>`, `Json2SelectionCondition<F, V>`, `Json2RelationCondition<F, D>`, … */
export function typescriptConditionTypes(): string[] {
  const lines = [
    '/** Every domain operator, for conditions on fields of models this file does not describe. */',
    `export type Json2Operator = ${ALL_OPERATORS.map(quote).join(' | ')};`,
    '',
    '/** The conditions of a related model seen through a relational field: their paths start with `P.`. */',
    'export type Json2Path<P extends string, C> = C extends [infer F extends string, infer O, infer V] ? [`${P}.${F}`, O, V] : never;',
  ];
  for (const [kind, groups] of Object.entries(CONDITION_OPERATORS) as Array<[ConditionKind, readonly OperatorGroup[]]>) {
    const parameters = ['F extends string', ...(kind === 'selection' ? ['V'] : []), ...(kind === 'relation' ? ['D'] : [])];
    lines.push('', `/** Conditions on ${kind} fields F. */`, `export type ${genericName(kind)}<${parameters.join(', ')}> =`);
    groups.forEach((group, index) => {
      const end = index === groups.length - 1 ? ';' : '';
      lines.push(`  | [F, ${group.operators.map(quote).join(' | ')}, ${takes(group, KIND_VALUE[kind])}]${end}`);
    });
  }
  return lines;
}

/** `Generic<'a' | 'b', Extra>`: on one line when short, else the names wrapped at 100 columns, one argument a line. */
function genericUse(generic: string, fields: readonly string[], extra: string | undefined): string {
  const names = fields.map(quote);
  const one = `  | ${generic}<${names.join(' | ')}${extra === undefined ? '' : `, ${extra}`}>`;
  if (one.length <= 100) return one;
  const indent = '      ';
  const rows: string[] = [];
  let row = '';
  for (const name of names) {
    const next = row === '' ? name : `${row} | ${name}`;
    if (indent.length + next.length > 100 && row !== '') {
      rows.push(row);
      row = `| ${name}`;
    } else row = next;
  }
  rows.push(row);
  const argumentRows = rows.map((text) => `${indent}${text}`);
  if (extra !== undefined) argumentRows.push(`${argumentRows.pop() as string},`, `${indent}${extra}`);
  return [`  | ${generic}<`, ...argumentRows, '    >'].join('\n');
}

/** A model's `…FieldCondition` (its own fields) and `…Condition` (those and dotted paths) declarations. */
export function typescriptConditionLines(typed: TypedModel, names: TypeScriptNames): string[] {
  const base = names.base(undefined) as string;
  const included = (model: string): boolean => names.base(model) !== undefined;
  const grouped = new Map<string, string[]>();
  const add = (key: string, field: string) => grouped.set(key, [...(grouped.get(key) ?? []), field]);
  for (const field of typed.fields) {
    const kind = conditionKind(field);
    if (kind === 'selection') add(`${genericName(kind)}\u0000${names.render(selectionValueType(field))}`, field.name);
    else if (kind === 'relation') {
      const domain =
        field.relation !== undefined && included(field.relation) ? names.render(modelType(field.relation, 'domain')) : 'unknown[]';
      add(`${genericName(kind)}\u0000${domain}`, field.name);
    } else add(genericName(kind), field.name);
  }
  const own = [...grouped].map(([key, fields]) => {
    const [generic, extra] = key.split('\u0000');
    return genericUse(generic, fields, extra);
  });
  const paths = typed.fields.filter(isRelational).map((field) => {
    const related = names.base(field.relation);
    return related
      ? `  | Json2Path<${quote(field.name)}, ${related}FieldCondition>`
      : `  | [\`${field.name}.\${string}\`, Json2Operator, unknown]`;
  });
  const relational = typed.fields.filter(isRelational).map((field) => quote(field.name));
  // Deeper paths are checked on their first step only.
  if (relational.length > 0) paths.push(`  | [\`\${${relational.join(' | ')}}.\${string}.\${string}\`, Json2Operator, unknown]`);
  return [
    `/** A condition on one field of ${typed.model}. */`,
    `export type ${base}FieldCondition =`,
    ...terminate(own.length > 0 ? own : ['  never']),
    '',
    `/** A condition on ${typed.model}: on its fields, one step into a related model (\`partner_id.name\`), or deeper. */`,
    `export type ${base}Condition =`,
    ...terminate([`  | ${base}FieldCondition`, ...paths]),
  ];
}

const terminate = (lines: string[]): string[] => lines.map((line, index) => (index === lines.length - 1 ? `${line};` : line));
