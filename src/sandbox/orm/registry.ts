// All models of one database and their methods: the models' own methods, then the generic ones every model has.
import type { MethodDefinition } from './methodDefinition';
import { resolveModel, type Model, type ModelSpec } from './modelDefinition';
import { orderToSql } from './orderClause';
import { quoteIdentifier } from '../storage/sqlQuoting';

export class Registry {
  private constructor(
    readonly models: ReadonlyMap<string, Model>,
    private readonly genericMethods: ReadonlyMap<string, MethodDefinition>,
  ) {}

  static build(specs: readonly ModelSpec[], genericMethods: readonly MethodDefinition[]): Registry {
    const models = new Map(specs.map((spec) => [spec.name, resolveModel(spec)]));
    for (const model of models.values()) {
      for (const field of model.fields.values()) {
        if (field.relation && !models.has(field.relation))
          throw new Error(`${model.name}.${field.name} refers to the unknown model ${field.relation}`);
      }
    }
    return new Registry(models, new Map(genericMethods.map((method) => [method.name, method]))).withOrderedOne2many();
  }

  /**
   * Makes each one2many read its ids in its related model's order (the reference reads a one2many as a search of the
   * related model), once every model is known.
   */
  private withOrderedOne2many(): Registry {
    for (const model of this.models.values()) {
      for (const field of model.fields.values()) {
        if (field.type !== 'one2many' || !field.relation || !field.relationField) continue;
        const related = this.require(field.relation);
        // Only a one2many over a many2one back to this model (others, such as ir.model's views, read their own way).
        const inverseField = related.fields.get(field.relationField);
        if (inverseField?.type !== 'many2one' || inverseField.relation !== model.name || !inverseField.store) continue;
        const order = orderToSql(this, related, related.order, 'c');
        const [table, inverse] = [quoteIdentifier(related.table), quoteIdentifier(field.relationField)];
        field.computeSql = (alias) =>
          `COALESCE((SELECT json_agg(c.id ORDER BY ${order}) FROM ${table} c WHERE c.${inverse} = ${alias}.id), '[]'::json)`;
      }
    }
    return this;
  }

  /** This registry with `specs` added (a custom model created in the running call, before the registry is reloaded). */
  extended(specs: readonly ModelSpec[]): Registry {
    const models = new Map(this.models);
    for (const spec of specs) models.set(spec.name, resolveModel(spec));
    return new Registry(models, this.genericMethods).withOrderedOne2many();
  }

  model(name: string): Model | undefined {
    return this.models.get(name);
  }

  /** The model `name`; a programming error when it does not exist. */
  require(name: string): Model {
    const model = this.models.get(name);
    if (!model) throw new Error(`unknown model ${name}`);
    return model;
  }

  /** The method `name` of `model`: its own, else a generic one (abstract models have no generic methods). */
  method(model: Model, name: string): MethodDefinition | undefined {
    return model.methods.get(name) ?? (model.abstract ? undefined : this.genericMethods.get(name));
  }

  /** Every method callable on `model`, sorted by name. */
  methodNames(model: Model): string[] {
    const names = new Set([...model.methods.keys(), ...(model.abstract ? [] : this.genericMethods.keys())]);
    return [...names].sort();
  }

  /** Models that have a table, in a stable order. */
  storedModels(): Model[] {
    return [...this.models.values()].filter((model) => !model.abstract);
  }
}
