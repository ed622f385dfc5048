// Cause "field restricted to groups": the groups of ir.model.fields for each field the answer lacks or the server refused.
import { groupNames, quotedList, searchRead } from './accessReads';
import type { AccessCall, CallerIdentity, ExplainedCause } from './explainTypes';

interface FieldRow {
  name: string;
  field_description: string;
  groups: number[];
}

/** One sentence per field: the groups it is restricted to, or that it does not exist. */
export async function fieldGroupCauses(
  call: AccessCall,
  identity: CallerIdentity,
  model: string,
  fields: readonly string[],
): Promise<ExplainedCause[]> {
  if (fields.length === 0) return [];
  const rows = await searchRead<FieldRow>(
    call,
    'ir.model.fields',
    [
      ['model', '=', model],
      ['name', 'in', [...fields]],
    ],
    ['name', 'field_description', 'groups'],
  );
  if (rows.denied)
    return [
      {
        kind: 'unreadable',
        certain: true,
        sentence: `You may not read the fields' definitions (ir.model.fields), so the groups of ${quotedList(fields)} on ${model} cannot be named here; an administrator would look at their groups (Settings > Technical > Database Structure > Fields).`,
      },
    ];
  const names = await groupNames(call, [...new Set(rows.rows.flatMap((row) => row.groups))]);
  const mine = new Set(identity.groups.map((group) => group.id));
  return fields.map((field): ExplainedCause => {
    const row = rows.rows.find((candidate) => candidate.name === field);
    if (!row)
      return {
        kind: 'fieldGroup',
        certain: true,
        sentence: `Field '${field}' does not exist on ${model}: check its name (fields_get lists the fields).`,
        change: { withoutFields: [field] },
      };
    if (row.groups.length === 0 || row.groups.some((id) => mine.has(id)))
      return {
        kind: 'fieldGroup',
        certain: false,
        sentence: `Field '${field}' (${row.field_description}) of ${model} is not restricted to groups you are not in; it may be absent for another reason (a computed field the method leaves out).`,
      };
    const groups = row.groups.map((id) => names.get(id) ?? `group #${id}`);
    return {
      kind: 'fieldGroup',
      certain: true,
      sentence: `Field '${field}' (${row.field_description}) of ${model} is restricted to group${groups.length === 1 ? '' : 's'} ${quotedList(groups)}: an administrator can add you to ${groups.length === 1 ? 'it' : 'one of them'}, or leave the field out of the request.`,
      names: [field, ...groups],
      change: { withoutFields: [field] },
    };
  });
}
