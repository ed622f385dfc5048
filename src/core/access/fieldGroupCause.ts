// Cause "field restricted to groups": the groups of each field the answer lacks or the server refused, from the
// server's own refusal of a one-record read of that field (a call the user may make), else from ir.model.fields.
import { Json2Error } from '../client/clientErrors';
import { groupNames, quotedList, searchRead } from './accessReads';
import type { AccessCall, ExplainedCause } from './explainTypes';

/** `field` → the groups a field access error lists for it ("- margin (allowed for groups 'A', 'B'; ...)"). */
export function fieldGroupsOfError(message: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of message.matchAll(/^- (\w+) \(allowed for groups ([^;)\n]*)/gm))
    found.set(
      match[1],
      [...match[2].matchAll(/'([^']*)'/g)].map((group) => group[1]),
    );
  return found;
}

/** The groups the server names when the user reads `field` of one record; undefined when it does not refuse. */
async function groupsFromRefusal(call: AccessCall, model: string, field: string): Promise<string[] | undefined> {
  try {
    await call({ model, method: 'search_read', args: { domain: [], fields: [field], limit: 1 } });
    return undefined;
  } catch (error) {
    if (!(error instanceof Json2Error) || error.status !== 403) throw error;
    return fieldGroupsOfError(error.message).get(field) ?? [];
  }
}

/** The groups of ir.model.fields, or undefined when the user may not read them. */
async function groupsFromDefinitions(call: AccessCall, model: string, field: string): Promise<string[] | undefined | null> {
  const rows = await searchRead<{ groups: number[] }>(
    call,
    'ir.model.fields',
    [
      ['model', '=', model],
      ['name', '=', field],
    ],
    ['groups'],
  );
  if (rows.denied) return undefined;
  if (rows.rows.length === 0) return null;
  const names = await groupNames(call, rows.rows[0].groups);
  return [...names.values()];
}

/** One sentence per field: the groups it is restricted to, or that it does not exist. */
export async function fieldGroupCauses(
  call: AccessCall,
  model: string,
  fields: readonly string[],
  known: Readonly<Record<string, unknown>>,
  refusal?: string,
): Promise<ExplainedCause[]> {
  const fromRefusal = refusal ? fieldGroupsOfError(refusal) : new Map<string, string[]>();
  const causes: ExplainedCause[] = [];
  for (const field of fields) {
    let groups = fromRefusal.get(field);
    if (!groups || groups.length === 0) groups = (await groupsFromRefusal(call, model, field)) ?? groups;
    if (!groups || groups.length === 0) {
      const defined = await groupsFromDefinitions(call, model, field);
      if (defined === null && !(field in known)) {
        causes.push({
          kind: 'fieldGroup',
          certain: true,
          sentence: `Field '${field}' does not exist on ${model}: check its name (fields_get lists the fields).`,
          names: [field],
          change: { withoutFields: [field] },
        });
        continue;
      }
      if (defined === undefined && !(field in known)) {
        causes.push({
          kind: 'unreadable',
          certain: false,
          sentence: `Field '${field}' is not among the fields of ${model} you may see, and you may not read the fields' definitions (ir.model.fields): an administrator would look at the field's groups (Settings > Technical > Database Structure > Fields).`,
          names: [field],
          change: { withoutFields: [field] },
        });
        continue;
      }
      groups = defined ?? [];
    }
    if (groups.length === 0) {
      causes.push({
        kind: 'fieldGroup',
        certain: false,
        sentence: `Field '${field}' of ${model} is not restricted to a group you lack; it may be left out for another reason (a method that answers only some fields).`,
        names: [field],
      });
      continue;
    }
    causes.push({
      kind: 'fieldGroup',
      certain: true,
      sentence: `Field '${field}' of ${model} is restricted to group${groups.length === 1 ? '' : 's'} ${quotedList(groups)}: an administrator can add you to ${groups.length === 1 ? 'it' : 'one of them'}, or leave the field out of the request.`,
      names: [field, ...groups],
      change: { withoutFields: [field] },
    });
  }
  return causes;
}
