// Reads the Python annotations of the schema documents' methods (`DomainType | None`, `Sequence[str]`,
// `dict[str, int | list]`, `typing.Literal[True]`) into generated types; what it cannot read becomes unknown.
import {
  arrayOf,
  BOOLEAN,
  INTEGER,
  literal,
  modelType,
  NULL,
  NUMBER,
  OBJECT,
  recordOf,
  STRING,
  tupleOf,
  type TypeExpr,
  unionOf,
  UNKNOWN,
} from './typeExpr';

/** Where the annotation stands: an argument's value or the method's result. */
export type AnnotationPlace = 'argument' | 'result';

/** Arguments whose list of strings names fields of the model (`read(fields)`, `fields_get(allfields)`). */
const FIELD_LIST_ARGUMENTS: ReadonlySet<string> = new Set(['fields', 'allfields', 'field_names', 'fnames']);

interface Node {
  readonly name: string;
  readonly args: readonly Node[];
}

/** The annotation's type; unknown when absent or not readable. `parameter` names the argument it types. */
export function typeOfAnnotation(annotation: string | undefined, place: AnnotationPlace, parameter?: string): TypeExpr {
  if (annotation === undefined) return UNKNOWN;
  let node: Node;
  try {
    node = new AnnotationParser(annotation).parseAll();
  } catch {
    return UNKNOWN;
  }
  const type = typeOf(node, place);
  return parameter !== undefined && FIELD_LIST_ARGUMENTS.has(parameter) ? namingFields(type) : type;
}

/** Lists of strings become lists of the model's field names. */
function namingFields(type: TypeExpr): TypeExpr {
  if (type.kind === 'array' && type.of.kind === 'string') return arrayOf(modelType(undefined, 'field'));
  if (type.kind === 'union') return unionOf(type.of.map(namingFields));
  return type;
}

const SCALARS: Readonly<Record<string, TypeExpr>> = {
  str: STRING,
  Markup: STRING,
  int: INTEGER,
  float: NUMBER,
  IdType: INTEGER,
  bool: BOOLEAN,
  None: NULL,
  NoneType: NULL,
  Any: UNKNOWN,
  object: UNKNOWN,
  DomainType: modelType(undefined, 'domain'),
  // A record set travels as its ids.
  Self: arrayOf(INTEGER),
};

const LISTS: ReadonlySet<string> = new Set(['list', 'List', 'Sequence', 'Collection', 'Iterable', 'set', 'frozenset', 'tuple', 'Tuple']);
const MAPPINGS: ReadonlySet<string> = new Set(['dict', 'Dict', 'Mapping']);

function typeOf(node: Node, place: AnnotationPlace): TypeExpr {
  const name = node.name.replace(/^(typing|collections\.abc|odoo\.tools)\./, '');
  const args = node.args;
  if (name === '|' || name === 'Union') return unionOf(args.map((arg) => typeOf(arg, place)));
  if (name === 'Optional') return unionOf([...args.map((arg) => typeOf(arg, place)), NULL]);
  if (name === 'Literal') return unionOf(args.map(literalOf));
  if (name === 'ValuesType') return modelType(undefined, place === 'argument' ? 'write' : 'values');
  if (Object.hasOwn(SCALARS, name) && args.length === 0) return SCALARS[name];
  if (LISTS.has(name)) {
    if (args.length === 0) return arrayOf(UNKNOWN);
    const items = args.filter((arg) => arg.name !== '...');
    if (name.toLowerCase() === 'tuple' && args.length === items.length) return tupleOf(items.map((arg) => typeOf(arg, place)));
    return arrayOf(unionOf(items.map((arg) => typeOf(arg, place))));
  }
  if (MAPPINGS.has(name)) return args.length === 2 ? recordOf(typeOf(args[1], place)) : OBJECT;
  return UNKNOWN;
}

function literalOf(node: Node): TypeExpr {
  if (node.name === 'True' || node.name === 'False') return literal(node.name === 'True');
  if (node.name === 'None') return NULL;
  if (/^-?\d+$/.test(node.name)) return literal(Number(node.name));
  const quoted = /^(['"])(.*)\1$/s.exec(node.name);
  if (quoted) return literal(quoted[2]);
  throw new Error(`not a literal: ${node.name}`);
}

/** A recursive-descent reader of `A | B`, `Name[Arg, ...]`, `'text'`, `...` and numbers. */
class AnnotationParser {
  #at = 0;
  readonly #tokens: string[];

  constructor(text: string) {
    this.#tokens = text.match(/'[^']*'|"[^"]*"|\.\.\.|[A-Za-z_][\w.]*|-?\d+|[[\],|]|\S/g) ?? [];
  }

  parseAll(): Node {
    const node = this.#union();
    if (this.#at !== this.#tokens.length) throw new Error(`unexpected ${this.#tokens[this.#at]}`);
    return node;
  }

  #union(): Node {
    const members = [this.#primary()];
    while (this.#tokens[this.#at] === '|') {
      this.#at += 1;
      members.push(this.#primary());
    }
    return members.length === 1 ? members[0] : { name: '|', args: members };
  }

  #primary(): Node {
    const token = this.#tokens[this.#at++];
    if (token === undefined || !/^(['"]|\.\.\.|[A-Za-z_]|-?\d)/.test(token)) throw new Error(`unexpected ${token ?? 'end'}`);
    if (this.#tokens[this.#at] !== '[') return { name: token, args: [] };
    this.#at += 1;
    const args = [this.#union()];
    while (this.#tokens[this.#at] === ',') {
      this.#at += 1;
      args.push(this.#union());
    }
    if (this.#tokens[this.#at++] !== ']') throw new Error('unclosed [');
    return { name: token, args };
  }
}
