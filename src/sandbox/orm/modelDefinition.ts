// What a model is: its table, fields (with the built-in fields of every model), order, display name and methods.
import type { MethodDefinition } from './methodDefinition';
import type { Environment } from './environment';
import { fields as f, type FieldDefinition, type FieldSpecs } from './fieldDefinition';
import { translatedSql } from './fieldSql';
import { quoteIdentifier, quoteLiteral } from '../storage/sqlQuoting';

/** A named SQL constraint and the message shown when a write breaks it. */
export interface ModelConstraint {
  name: string;
  definition: string;
  message: string;
}

/** Model-specific behaviour around the generic record operations. */
export interface ModelHooks {
  /** Adjusts the values of a record about to be created (they already hold the defaults). */
  beforeCreate?(env: Environment, values: Record<string, unknown>): Promise<void>;
  /**
   * Whether beforeCreate reads the database for these values (true when this is not given): the records created
   * before must then be inserted first (see createRecords).
   */
  beforeCreateReads?(values: Readonly<Record<string, unknown>>): boolean;
  /**
   * Takes the values meant for private columns out of `values` (for example a password, stored only as a hash) and
   * returns the private column values to store.
   */
  privateValues?(env: Environment, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Runs after records were created, with their ids and the values they were created with (same transaction). */
  afterCreate?(env: Environment, ids: readonly number[], values: ReadonlyArray<Record<string, unknown>>): Promise<void>;
  /**
   * Runs before records are changed (same transaction): may refuse the change, or take values out of `values`; what it
   * returns is given to afterWrite (for example the values before the change).
   */
  beforeWrite?(env: Environment, ids: readonly number[], values: Record<string, unknown>): Promise<unknown>;
  /** Runs after records were changed, with the values written (same transaction): recomputes what depends on them. */
  afterWrite?(env: Environment, ids: readonly number[], values: Readonly<Record<string, unknown>>, before?: unknown): Promise<void>;
  /**
   * Runs before records are deleted (inside the same transaction): may refuse; may return work to run once the rows
   * are gone (for example recomputing the totals of the records they belonged to).
   */
  beforeUnlink?(env: Environment, ids: readonly number[]): Promise<void | (() => Promise<void>)>;
  /** Values that `copy` puts in place of the copied ones for `record` (stored values as read). */
  copyDefaults?(record: Record<string, unknown>): Record<string, unknown>;
}

/** A model as written in a model file. */
export interface ModelSpec {
  name: string;
  description: string;
  fields: FieldSpecs;
  /** Default order of `search`; `id` breaks ties. */
  order?: string;
  /** The field that names a record (default `name`). */
  recName?: string;
  /** The fields name_search matches (any of them), as the reference's `_rec_names_search`; default the display name. */
  recNamesSearch?: string[];
  /** SQL of the display name over table alias `alias` (default: the `recName` column). */
  displayNameSql?: (alias: string) => string;
  /** A model without a table: only its own methods. */
  abstract?: boolean;
  /** Columns of the table that are not fields (never read or written through the API). */
  privateColumns?: string[];
  constraints?: ModelConstraint[];
  /** More schema statements run after the tables exist (for example a relation table). */
  extraSchema?: string[];
  methods?: MethodDefinition[];
  hooks?: ModelHooks;
  /** False when records are made only by the model's own methods (generic create, write and copy refused). */
  genericWrites?: boolean;
  /** Part 2 turns this into `ir.model`'s state. */
  state?: 'base' | 'manual';
}

export interface Model {
  name: string;
  description: string;
  table: string;
  /** Every field, in the order `read` lists them. */
  fields: Map<string, FieldDefinition>;
  order: string;
  recName: string;
  recNamesSearch: string[];
  displayNameSql: (alias: string) => string;
  abstract: boolean;
  privateColumns: string[];
  constraints: ModelConstraint[];
  extraSchema: string[];
  methods: Map<string, MethodDefinition>;
  hooks: ModelHooks;
  genericWrites: boolean;
  state: 'base' | 'manual';
}

/** The SQL table of a model: dots become underscores. */
export function tableName(model: string): string {
  return model.replace(/\./g, '_');
}

const LOG_FIELDS: FieldSpecs = {
  create_uid: f.many2one('res.users', 'Created by', { readonly: true, copy: false, builtin: true }),
  create_date: f.datetime('Created on', { readonly: true, copy: false, builtin: true }),
  write_uid: f.many2one('res.users', 'Last Updated by', { readonly: true, copy: false, builtin: true }),
  write_date: f.datetime('Last Updated on', { readonly: true, copy: false, builtin: true }),
};

export function resolveModel(spec: ModelSpec): Model {
  const table = tableName(spec.name);
  const recName = spec.recName ?? ('name' in spec.fields ? 'name' : 'id');
  const displayNameSql =
    spec.displayNameSql ??
    ((alias: string) =>
      recName === 'id'
        ? `(${quoteLiteral(`${spec.name},`)} || ${alias}.id)`
        : spec.fields[recName]?.translate
          ? translatedSql(alias, recName)
          : `${alias}.${quoteIdentifier(recName)}`);
  const all: FieldSpecs = {
    id: f.integer('ID', { readonly: true, copy: false, builtin: true }),
    ...spec.fields,
    display_name: f.char('Display Name', { readonly: true, store: false, copy: false, builtin: true, computeSql: displayNameSql }),
    ...LOG_FIELDS,
  };
  const fields = new Map<string, FieldDefinition>(Object.entries(all).map(([name, definition]) => [name, { name, ...definition }]));
  return {
    name: spec.name,
    description: spec.description,
    table,
    fields,
    order: spec.order ?? (recName === 'id' ? 'id' : `${recName}`),
    recName,
    recNamesSearch: spec.recNamesSearch ?? ['display_name'],
    displayNameSql,
    abstract: spec.abstract ?? false,
    privateColumns: spec.privateColumns ?? [],
    constraints: spec.constraints ?? [],
    extraSchema: spec.extraSchema ?? [],
    methods: new Map((spec.methods ?? []).map((method) => [method.name, method])),
    hooks: spec.hooks ?? {},
    genericWrites: spec.genericWrites ?? true,
    state: spec.state ?? 'base',
  };
}

/** The field `name` of `model`, or undefined. */
export function fieldOf(model: Model, name: string): FieldDefinition | undefined {
  return model.fields.get(name);
}
