// Renders generated types as TypeScript: string literals, property names, and types with the model names of a file.
import type { TypeExpr } from './typeExpr';
import { isPlainIdentifier, UNPRINTABLE, unicodeEscape } from './typeNames';

/** A TypeScript string literal. */
export function quote(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(UNPRINTABLE, unicodeEscape);
  return `'${escaped}'`;
}

export const propertyName = (name: string): string => (isPlainIdentifier(name) ? name : quote(name));

/** Renders types for one model's declarations (`model` undefined in a type stands for it). */
export class TypeScriptNames {
  constructor(
    private readonly names: ReadonlyMap<string, string>,
    private readonly current: string,
  ) {}

  base(model: string | undefined): string | undefined {
    return this.names.get(model ?? this.current);
  }

  render(type: TypeExpr): string {
    switch (type.kind) {
      case 'integer':
        return 'number';
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
      case 'unknown':
        return type.kind;
      case 'object':
        return 'Record<string, unknown>';
      case 'literal':
        return typeof type.value === 'string' ? quote(type.value) : String(type.value);
      case 'array': {
        const item = this.render(type.of);
        return type.of.kind === 'union' ? `(${item})[]` : `${item}[]`;
      }
      case 'tuple':
        return `[${type.items.map((item) => this.render(item)).join(', ')}]`;
      case 'record':
        return `Record<string, ${this.render(type.value)}>`;
      case 'union':
        return type.of.map((member) => this.render(member)).join(' | ');
      case 'many2oneRead':
        return 'Json2Many2one';
      case 'x2manyCommands': {
        const base = type.model === undefined ? undefined : this.base(type.model);
        return `Json2X2manyCommand<${base ? `${base}Write` : 'Record<string, unknown>'}>[]`;
      }
      case 'model': {
        const base = this.base(type.model);
        if (base === undefined) return type.type === 'field' ? 'string' : type.type === 'domain' ? 'unknown[]' : 'Record<string, unknown>';
        if (type.type === 'values') return `Partial<${base}Read>`;
        return `${base}${{ read: 'Read', write: 'Write', field: 'Field', domain: 'Domain' }[type.type]}`;
      }
    }
  }
}
