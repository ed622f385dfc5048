// The language-neutral types of generated code: what a field or a method argument holds, rendered later as
// TypeScript or Python. One mapping from the schema to these, one renderer per language.

/** The per-model types a generated file declares (`values`: some fields of a read record, as `read(fields)` returns). */
export type ModelTypeKind = 'read' | 'write' | 'field' | 'domain' | 'values';

export type TypeExpr =
  | { readonly kind: 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'unknown' | 'object' }
  | { readonly kind: 'literal'; readonly value: string | number | boolean }
  | { readonly kind: 'array'; readonly of: TypeExpr }
  | { readonly kind: 'tuple'; readonly items: readonly TypeExpr[] }
  | { readonly kind: 'record'; readonly value: TypeExpr }
  | { readonly kind: 'union'; readonly of: readonly TypeExpr[] }
  /** A type the file declares for a model; `model` undefined: the model of the method being typed. */
  | { readonly kind: 'model'; readonly model: string | undefined; readonly type: ModelTypeKind }
  /** A many2one value as read: `[id, label]` or false. */
  | { readonly kind: 'many2oneRead' }
  /** A list of x2many commands whose values are the write type of `model` (undefined: not generated). */
  | { readonly kind: 'x2manyCommands'; readonly model: string | undefined };

export const STRING: TypeExpr = { kind: 'string' };
/** A whole number (ids, integer fields); `number` is any number (float and monetary fields). */
export const INTEGER: TypeExpr = { kind: 'integer' };
export const NUMBER: TypeExpr = { kind: 'number' };
export const BOOLEAN: TypeExpr = { kind: 'boolean' };
export const NULL: TypeExpr = { kind: 'null' };
export const UNKNOWN: TypeExpr = { kind: 'unknown' };
/** A JSON object whose keys and values are not described. */
export const OBJECT: TypeExpr = { kind: 'object' };
export const FALSE: TypeExpr = { kind: 'literal', value: false };

export const literal = (value: string | number | boolean): TypeExpr => ({ kind: 'literal', value });
export const arrayOf = (of: TypeExpr): TypeExpr => ({ kind: 'array', of });
export const tupleOf = (items: readonly TypeExpr[]): TypeExpr => ({ kind: 'tuple', items });
export const recordOf = (value: TypeExpr): TypeExpr => ({ kind: 'record', value });
export const modelType = (model: string | undefined, type: ModelTypeKind): TypeExpr => ({ kind: 'model', model, type });

/** A union without repeats, flattened; one member stands alone, `unknown` absorbs the rest. */
export function unionOf(members: readonly TypeExpr[]): TypeExpr {
  const flat = members.flatMap((member) => (member.kind === 'union' ? member.of : [member]));
  if (flat.some((member) => member.kind === 'unknown')) return UNKNOWN;
  const seen = new Set<string>();
  const unique = flat.filter((member) => {
    const key = JSON.stringify(member);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.length === 1 ? unique[0] : { kind: 'union', of: unique };
}
