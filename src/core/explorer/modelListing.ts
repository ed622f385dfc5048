// The explorer's model list as plain data: the filter typed by the person, grouping by the name's first segment, and
// which models and fields are custom (made through ir.model / ir.model.fields rather than in code).
import type { FieldInfo, ModelInfo } from '../schema/schemaTypes';

export interface ModelGroup {
  /** The first segment of the technical names (`res` for `res.partner`). */
  readonly name: string;
  readonly models: readonly ModelInfo[];
}

/** A model made as a record: its name starts with `x_`, or `ir.model` says its state is `manual`. */
export function isCustomModel(model: ModelInfo): boolean {
  return model.state === 'manual' || model.model.startsWith('x_');
}

/** A field made through `ir.model.fields`: custom field names must start with `x_`. */
export function isCustomField(field: Pick<FieldInfo, 'name'>): boolean {
  return field.name.startsWith('x_');
}

/** Models whose technical name or label contains every word of the filter (case-insensitive); all when it is blank. */
export function filterModels(models: readonly ModelInfo[], filter: string): ModelInfo[] {
  const words = filter
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return [...models];
  return models.filter((model) => {
    const model_ = model.model.toLowerCase();
    const label = model.name.toLowerCase();
    return words.every((word) => model_.includes(word) || label.includes(word));
  });
}

/** The first segment of a technical name, as the server's documentation page groups models. */
export function groupNameOf(model: string): string {
  const dot = model.indexOf('.');
  return dot < 0 ? model : model.slice(0, dot);
}

/** Models grouped by the first segment of their name, groups and models sorted by name. */
export function groupModels(models: readonly ModelInfo[]): ModelGroup[] {
  const groups = new Map<string, ModelInfo[]>();
  for (const model of models) {
    const name = groupNameOf(model.model);
    let members = groups.get(name);
    if (!members) groups.set(name, (members = []));
    members.push(model);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, members]) => ({ name, models: members.sort((a, b) => a.model.localeCompare(b.model)) }));
}

/** Fields sorted for display: by technical name, `id` first. */
export function sortedFields(fields: Readonly<Record<string, FieldInfo>>): FieldInfo[] {
  return Object.values(fields).sort((a, b) => (a.name === 'id' ? -1 : b.name === 'id' ? 1 : a.name.localeCompare(b.name)));
}
