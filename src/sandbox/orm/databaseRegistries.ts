// The models of each database: the models in code plus the database's custom models and fields, loaded from
// ir.model / ir.model.fields when the database is first used and again after the meta-models change.
import type { MethodDefinition } from './methodDefinition';
import { PerDatabaseLoads } from '../storage/perDatabaseLoads';
import { DatabaseError, type SqlClient } from '../storage/sqlClient';
import { withCustomModels, type FieldRow } from './customFields';
import type { ModelSpec } from './modelDefinition';
import { Registry } from './registry';

/** Models whose changes can change the schema (the registry is loaded again after them). */
const UNDEFINED_TABLE = '42P01';

export const SCHEMA_MODELS = new Set(['ir.model', 'ir.model.fields']);

export class DatabaseRegistries {
  private readonly loads = new PerDatabaseLoads((cr) => this.load(cr));

  constructor(
    readonly base: Registry,
    private readonly specs: readonly ModelSpec[],
    private readonly methods: readonly MethodDefinition[],
  ) {}

  /** The registry of `database`: its loaded one, else the models in code. */
  get(database: string): Registry {
    return this.loads.peek(database) ?? this.base;
  }

  /** Loads the custom models of `database` unless they are loaded already. */
  ensure(database: string, cr: SqlClient): Promise<Registry> {
    return this.loads.ensure(database, cr);
  }

  /** Forgets the registry of `database` (its schema changed, or it was dropped). */
  forget(database: string): void {
    this.loads.forget(database);
  }

  private async load(cr: SqlClient): Promise<Registry> {
    let models: Array<{ model: string; name: string }>;
    let fields: FieldRow[];
    try {
      models = (await cr.query<{ model: string; name: string }>("SELECT model, name FROM ir_model WHERE state = 'manual' ORDER BY id"))
        .rows;
      fields = (
        await cr.query<FieldRow>(
          `SELECT f.model, f.name, f.field_description, f.help, f.ttype, f.required, f.readonly, f.translate, f.selection, f.size, f.on_delete, f.relation,
                f.relation_field, f.relation_table, f.column1, f.column2
           FROM ir_model_fields f JOIN ir_model m ON m.id = f.model_id
          WHERE f.state = 'manual' AND (m.state = 'manual' OR m.state = 'base') ORDER BY f.id`,
        )
      ).rows;
    } catch (error) {
      // A database made before the meta-models existed has no custom models.
      if (error instanceof DatabaseError && error.code === UNDEFINED_TABLE) return this.base;
      throw error;
    }
    if (models.length === 0 && fields.length === 0) return this.base;
    const loadedModels = new Set([...this.specs.map((spec) => spec.name), ...models.map((row) => row.model)]);
    const active = fields.filter((row) => loadedModels.has(row.model));
    return Registry.build(withCustomModels(this.specs, models, active), this.methods);
  }
}
