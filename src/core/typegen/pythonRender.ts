// Renders generated types as Python (typing module, Python 3.8+): string literals, and types with the model names of
// a file. References to a model's types are quoted, so the file's declarations may refer to each other in any order.
import type { TypeExpr } from './typeExpr';
import { UNPRINTABLE, unicodeEscape } from './typeNames';

/** A Python string literal. */
export function pyQuote(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(UNPRINTABLE, unicodeEscape);
  return `'${escaped}'`;
}

const pyLiteral = (value: string | number | boolean): string =>
  typeof value === 'string' ? pyQuote(value) : typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);

/** Renders types for one model's declarations (`model` undefined in a type stands for it). */
export class PythonNames {
  constructor(
    private readonly names: ReadonlyMap<string, string>,
    private readonly current: string,
  ) {}

  base(model: string | undefined): string | undefined {
    return this.names.get(model ?? this.current);
  }

  render(type: TypeExpr): string {
    switch (type.kind) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'unknown':
        return 'Any';
      case 'object':
        return 'Dict[str, Any]';
      case 'literal':
        return `Literal[${pyLiteral(type.value)}]`;
      case 'array':
        return `List[${this.render(type.of)}]`;
      case 'tuple':
        return `Tuple[${type.items.map((item) => this.render(item)).join(', ')}]`;
      case 'record':
        return `Dict[str, ${this.render(type.value)}]`;
      case 'union':
        return this.#union(type.of);
      case 'many2oneRead':
        return 'Json2Many2one';
      case 'x2manyCommands': {
        const base = type.model === undefined ? undefined : this.base(type.model);
        return `List[Json2X2manyCommand[${base ? pyQuote(`${base}Write`) : 'Dict[str, Any]'}]]`;
      }
      case 'model': {
        const base = this.base(type.model);
        if (base === undefined) return type.type === 'field' ? 'str' : type.type === 'domain' ? 'List[Any]' : 'Dict[str, Any]';
        const suffix = { read: 'Read', values: 'Read', write: 'Write', field: 'Field', domain: 'Domain' }[type.type];
        return pyQuote(`${base}${suffix}`);
      }
    }
  }

  /** Literal members joined into one `Literal[...]`; a single member stands alone. */
  #union(members: readonly TypeExpr[]): string {
    const literals = members.flatMap((member) => (member.kind === 'literal' ? [pyLiteral(member.value)] : []));
    const others = members.filter((member) => member.kind !== 'literal').map((member) => this.render(member));
    const parts = [...(literals.length > 0 ? [`Literal[${literals.join(', ')}]`] : []), ...others];
    return parts.length === 1 ? parts[0] : `Union[${parts.join(', ')}]`;
  }
}
