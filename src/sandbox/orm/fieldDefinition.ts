// What a field is: its type and attributes, plus short constructors used by the model definitions.
import { quoteIdentifier } from '../storage/sqlQuoting';

export type FieldType =
  | 'char'
  | 'text'
  | 'integer'
  | 'float'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'selection'
  | 'many2one'
  | 'one2many'
  | 'many2many'
  | 'html'
  | 'monetary'
  | 'binary';

export type OnDelete = 'set null' | 'restrict' | 'cascade';

/** What a default function may look at. */
export interface DefaultSource {
  uid: number;
  companyId: number;
  now: Date;
}

export type DefaultValue = string | number | boolean | null | ((source: DefaultSource) => string | number | boolean | null);

export interface FieldDefinition {
  name: string;
  type: FieldType;
  /** Label. */
  string: string;
  help?: string;
  required?: boolean;
  readonly?: boolean;
  /** Kept in a column (false for values computed in SQL, like `display_name`). */
  store: boolean;
  /** For a field that is not stored: its SQL expression over the table alias `alias`. */
  computeSql?: (alias: string) => string;
  selection?: ReadonlyArray<readonly [string, string]>;
  /** Related model of a many2one, one2many or many2many. */
  relation?: string;
  /** The many2one of the related model that a one2many is the inverse of. */
  relationField?: string;
  /** Relation table of a many2many and its two columns (this model's id, the related id). */
  relationTable?: string;
  column1?: string;
  column2?: string;
  onDelete?: OnDelete;
  /** For a monetary field: the many2one to res.currency that gives its currency. */
  currencyField?: string;
  /** Maximum length of a char field. */
  size?: number;
  default?: DefaultValue;
  /** Copied by `copy` (stored fields, and the links of a many2many). */
  copy: boolean;
  /** A built-in field present on every model. */
  builtin?: boolean;
  /** Values are unique (an SQL constraint; the message is given by the model's constraints). */
  index?: boolean;
  /** External ids of the groups that may see and use the field, comma-separated (written to ir.model.fields). */
  groups?: string;
  /** char, text, html: one value per language (a jsonb column keyed by language code). */
  translate?: boolean;
}

type Options = Partial<Omit<FieldDefinition, 'name' | 'type' | 'string'>>;

function field(type: FieldType, string: string, options: Options = {}): Omit<FieldDefinition, 'name'> {
  return { type, string, store: true, copy: true, ...options };
}

/** Field constructors; the model definition names each field by its key. */
export const fields = {
  char: (string: string, options?: Options) => field('char', string, options),
  text: (string: string, options?: Options) => field('text', string, options),
  integer: (string: string, options?: Options) => field('integer', string, options),
  float: (string: string, options?: Options) => field('float', string, options),
  boolean: (string: string, options?: Options) => field('boolean', string, options),
  date: (string: string, options?: Options) => field('date', string, options),
  datetime: (string: string, options?: Options) => field('datetime', string, options),
  selection: (string: string, selection: ReadonlyArray<readonly [string, string]>, options?: Options) =>
    field('selection', string, { selection, ...options }),
  html: (string: string, options?: Options) => field('html', string, options),
  /** An amount in the currency of the record's `currencyField` (default `currency_id`). */
  monetary: (string: string, options?: Options) => field('monetary', string, { currencyField: 'currency_id', ...options }),
  /** Bytes, carried as base64 text. */
  binary: (string: string, options?: Options) => field('binary', string, { copy: false, ...options }),
  many2one: (relation: string, string: string, options?: Options) =>
    field('many2one', string, { relation, onDelete: 'set null', ...options }),
  /** Read as the ids of the records of `relation` whose `inverse` is this record. */
  one2many: (relation: string, inverse: string, string: string, options?: Options) =>
    field('one2many', string, {
      relation,
      relationField: inverse,
      store: false,
      copy: false,
      computeSql: (alias) => idListSql(quoteIdentifier(relation.replace(/\./g, '_')), quoteIdentifier(inverse), alias),
      ...options,
    }),
  /**
   * Read as the ids linked through the table `table` (`column1` this record, `column2` the related one). A copy keeps
   * the links (as the reference's many2many fields do by default).
   */
  many2many: (relation: string, table: string, column1: string, column2: string, string: string, options?: Options) =>
    field('many2many', string, {
      relation,
      relationTable: table,
      column1,
      column2,
      store: false,
      copy: true,
      computeSql: (alias) =>
        `COALESCE((SELECT json_agg(r.${quoteIdentifier(column2)} ORDER BY r.${quoteIdentifier(column2)}) FROM ${quoteIdentifier(table)} r WHERE r.${quoteIdentifier(column1)} = ${alias}.id), '[]'::json)`,
      ...options,
    }),
};

/** SQL of the JSON list of ids of `table` whose column `inverse` is the record of `alias`. */
function idListSql(table: string, inverse: string, alias: string): string {
  return `COALESCE((SELECT json_agg(c.id ORDER BY c.id) FROM ${table} c WHERE c.${inverse} = ${alias}.id), '[]'::json)`;
}

export type FieldSpecs = Record<string, Omit<FieldDefinition, 'name'>>;

/** True for relational fields whose value refers to records of another model. */
export function isRelational(definition: FieldDefinition): boolean {
  return definition.type === 'many2one' || definition.type === 'one2many' || definition.type === 'many2many';
}
