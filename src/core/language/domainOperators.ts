// The domain operators (19.0), each with a one-line explanation, and which of them make sense for a field type.

export interface DomainOperator {
  readonly operator: string;
  readonly explanation: string;
}

const EXPLAINED: Readonly<Record<string, string>> = {
  '=': 'equal to the value',
  '!=': 'different from the value',
  '<': 'less than the value',
  '>': 'greater than the value',
  '<=': 'less than or equal to the value',
  '>=': 'greater than or equal to the value',
  '=?': 'equal to the value, or always true when the value is false or null',
  like: 'contains the text, case-sensitive (% and _ are wildcards around it)',
  'not like': 'does not contain the text, case-sensitive',
  ilike: 'contains the text, ignoring case',
  'not ilike': 'does not contain the text, ignoring case',
  '=like': 'matches the pattern exactly, case-sensitive (% and _ wildcards)',
  'not =like': 'does not match the pattern, case-sensitive',
  '=ilike': 'matches the pattern exactly, ignoring case',
  'not =ilike': 'does not match the pattern, ignoring case',
  in: 'one of the values of the list',
  'not in': 'none of the values of the list',
  child_of: 'the record or one of its descendants (hierarchy)',
  parent_of: 'the record or one of its ancestors (hierarchy)',
  any: 'at least one related record matches the sub-domain',
  'not any': 'no related record matches the sub-domain',
};

/** Every operator the server accepts, in the notes' order. */
export const DOMAIN_OPERATORS: readonly string[] = Object.keys(EXPLAINED);

/** Deprecated spellings the server still takes. */
export const DEPRECATED_OPERATORS: Readonly<Record<string, string>> = { '<>': '!=', '==': '=' };

const EQUALITY = ['=', '!=', 'in', 'not in', '=?'];
const ORDERING = ['<', '>', '<=', '>='];
const TEXT = ['ilike', 'not ilike', 'like', 'not like', '=ilike', 'not =ilike', '=like', 'not =like'];
const RELATIONAL = ['any', 'not any', 'child_of', 'parent_of'];

/** Operators that make sense for a field type, most useful first. */
export function operatorsForType(type: string | undefined): string[] {
  switch (type) {
    case 'char':
    case 'text':
    case 'html':
      return ['ilike', '=', '!=', 'in', 'not in', 'not ilike', 'like', 'not like', '=ilike', 'not =ilike', '=like', 'not =like', '=?'];
    case 'integer':
    case 'float':
    case 'monetary':
      return ['=', '!=', '>', '>=', '<', '<=', 'in', 'not in', '=?'];
    case 'date':
    case 'datetime':
      return ['>=', '<=', '=', '!=', '>', '<', '=?'];
    case 'boolean':
      return ['=', '!='];
    case 'selection':
      return ['=', '!=', 'in', 'not in', '=?'];
    case 'many2one':
      return ['=', '!=', 'in', 'not in', 'ilike', 'not ilike', ...RELATIONAL, '=?'];
    case 'one2many':
    case 'many2many':
      return ['in', 'not in', 'any', 'not any', '=', '!=', 'ilike', 'not ilike', 'child_of', 'parent_of'];
    case 'binary':
      return ['=', '!='];
    default:
      return [...EQUALITY, ...ORDERING, ...TEXT, ...RELATIONAL];
  }
}

/** The explanation of an operator (deprecated spellings included); undefined when the server does not know it. */
export function explainOperator(operator: string): string | undefined {
  const modern = Object.hasOwn(DEPRECATED_OPERATORS, operator) ? DEPRECATED_OPERATORS[operator] : undefined;
  if (modern) return `deprecated spelling of \`${modern}\`: ${EXPLAINED[modern]}`;
  return Object.hasOwn(EXPLAINED, operator) ? EXPLAINED[operator] : undefined;
}

/** True when the operator takes a list (or a sub-domain) as its value. */
export function takesList(operator: string): boolean {
  return operator === 'in' || operator === 'not in';
}
