// The Python of domain conditions: one generic alias per kind of field (its operators and values, from fieldTypes.ts)
// and per model the union of its fields' conditions. A dotted path is written `Json2Path('partner_id.name')`.
import {
  ALL_OPERATORS,
  CONDITION_OPERATORS,
  type ConditionKind,
  conditionKind,
  type OperatorGroup,
  selectionValueType,
} from './fieldTypes';
import { type PythonNames, pyQuote } from './pythonRender';
import type { TypedModel } from './typeSchema';

/** The value each kind of field compares with (`_V`: the selection alias's own parameter). */
const KIND_VALUE: Readonly<Record<ConditionKind, string>> = {
  id: 'int',
  text: 'str',
  number: 'float',
  date: 'str',
  boolean: 'bool',
  selection: '_V',
  relation: 'int',
  other: 'Any',
};

const aliasName = (kind: ConditionKind): string => `Json2${kind[0].toUpperCase()}${kind.slice(1)}Condition`;

function takes(group: OperatorGroup, value: string): string {
  switch (group.takes) {
    case 'value':
      return value;
    case 'valueOrFalse':
      return `Union[${value}, Literal[False]]`;
    case 'list':
      return `List[${value}]`;
    case 'idOrIds':
      return 'Union[int, List[int]]';
    case 'text':
      return 'str';
    case 'domain':
      // Not the related model's domain: mutually recursive aliases take mypy a minute for a dozen models.
      return 'List[Any]';
    case 'any':
      return 'Any';
  }
}

const literalOf = (values: readonly string[]): string => `Literal[${values.map(pyQuote).join(', ')}]`;

/** The shared condition aliases: `Json2TextCondition[F]`, `Json2SelectionCondition[F, V]`, `Json2RelationCondition[F]`, … */
export function pythonConditionTypes(): string[] {
  const lines = [
    '# Every domain operator.',
    `Json2Operator = ${literalOf(ALL_OPERATORS)}`,
    "# A path one or more steps into related models ('partner_id.name'): not checked, so marked as such.",
    "Json2Path = NewType('Json2Path', str)",
  ];
  for (const [kind, groups] of Object.entries(CONDITION_OPERATORS) as Array<[ConditionKind, readonly OperatorGroup[]]>) {
    // mypy infers a list of string literals as List[str]: a selection's `in` list is checked as strings only.
    const value = (group: OperatorGroup) => (kind === 'selection' && group.takes === 'list' ? 'List[str]' : takes(group, KIND_VALUE[kind]));
    const members = groups.map((group) => `    Tuple[_F, ${literalOf(group.operators)}, ${value(group)}],`);
    lines.push('', `# Conditions on ${kind} fields F.`, `${aliasName(kind)} = Union[`, ...members, ']');
  }
  return lines;
}

/** A model's `…FieldCondition`, `…Condition` and `…Domain` declarations. */
export function pythonConditionLines(typed: TypedModel, names: PythonNames): string[] {
  const base = names.base(undefined) as string;
  const grouped = new Map<string, string[]>();
  const add = (key: string, field: string) => grouped.set(key, [...(grouped.get(key) ?? []), field]);
  for (const field of typed.fields) {
    const kind = conditionKind(field);
    if (kind === 'selection') add(`${aliasName(kind)}\u0000${names.render(selectionValueType(field))}`, field.name);
    else add(aliasName(kind), field.name);
  }
  const members = [...grouped].map(([key, fields]) => {
    const [alias, extra] = key.split('\u0000');
    return `    ${alias}[${literalOf(fields)}${extra === undefined ? '' : `, ${extra}`}],`;
  });
  return [
    `# A condition on one field of ${typed.model}.`,
    ...(members.length === 1
      ? [`${base}FieldCondition = ${members[0].trim().replace(/,$/, '')}`]
      : [`${base}FieldCondition = Union[`, ...members, ']']),
    `# A condition on ${typed.model}: on one of its fields, or on a path Json2Path('partner_id.name').`,
    `${base}Condition = Union[${base}FieldCondition, Tuple[Json2Path, Json2Operator, Any]]`,
    `# A domain on ${typed.model}: conditions as tuples, and the prefix operators '&', '|', '!'.`,
    `${base}Domain = List[Union[${base}Condition, Json2Logic]]`,
  ];
}
