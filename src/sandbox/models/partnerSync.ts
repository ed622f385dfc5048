// res.partner's hooks, and its address synchronisation as the reference's _fields_sync does it: a contact (type `contact`) under a
// parent takes the parent's address when it gets the parent (or becomes a contact) and the parent has an address;
// a changed address goes down to the contacts under the partner. A parent that does not exist is a missing record.
import { missingError, validationError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import type { Model, ModelHooks } from '../orm/modelDefinition';
import { missingRecordMessage } from '../orm/recordAccess';
import { writeRecords } from '../orm/recordWrite';
import { NAME_DEPENDENCIES, storePartnerNames } from './partnerNames';

/** The reference's address fields, those of them the sandbox's res.partner has. */
const ADDRESS_FIELDS = ['street', 'street2', 'zip', 'city', 'state_id', 'country_id'];

type Row = Record<string, unknown> & { id: number; parent_id: number | null; type: string | null };

function addressFields(model: Model): string[] {
  return ADDRESS_FIELDS.filter((name) => model.fields.get(name)?.store);
}

async function partnerRows(env: Environment, model: Model, ids: readonly number[]): Promise<Map<number, Row>> {
  const columns = ['id', 'parent_id', 'type', ...addressFields(model)].map((name) => `"${name}"`).join(', ');
  const result = await env.cr.query<Row>(`SELECT ${columns} FROM res_partner WHERE id = ANY($1::bigint[])`, [[...ids]]);
  return new Map(result.rows.map((row) => [Number(row.id), row]));
}

/** A parent given by id must exist: the reference reads it (its address) before it stores anything. */
async function checkParent(env: Environment, model: Model, values: Record<string, unknown>): Promise<void> {
  const parent = values.parent_id;
  if (typeof parent !== 'number' || parent <= 0) return;
  const found = await env.cr.query('SELECT 1 FROM res_partner WHERE id = $1', [parent]);
  if (found.rows.length === 0) throw missingError(missingRecordMessage(env, model, [parent]));
}

/** The reference's constraint on parent_id: no partner is its own ancestor. */
async function checkNoCycle(env: Environment, ids: readonly number[]): Promise<void> {
  const cycle = await env.cr.query(
    `WITH RECURSIVE up(start, id, depth) AS (
       SELECT p.id, p.parent_id, 1 FROM res_partner p WHERE p.id = ANY($1::bigint[]) AND p.parent_id IS NOT NULL
       UNION ALL SELECT up.start, q.parent_id, up.depth + 1 FROM up JOIN res_partner q ON q.id = up.id
        WHERE q.parent_id IS NOT NULL AND up.id <> up.start AND up.depth < 1000)
     SELECT 1 FROM up WHERE id = start LIMIT 1`,
    [[...ids]],
  );
  if (cycle.rows.length > 0) throw validationError('You cannot create recursive Partner hierarchies.');
}

/** The address of `row` as values to write, or null when none of its address fields is set. */
function addressValues(model: Model, row: Row | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const values = Object.fromEntries(addressFields(model).map((name) => [name, row[name] ?? false]));
  return Object.values(values).some((value) => value !== false && value !== '') ? values : null;
}

/** Gives each contact of `ids` that has a parent the parent's address (when the parent has one). */
async function takeParentAddress(env: Environment, model: Model, ids: readonly number[]): Promise<void> {
  const rows = await partnerRows(env, model, ids);
  const contacts = [...rows.values()].filter((row) => row.parent_id !== null && row.type === 'contact');
  const parents = await partnerRows(
    env,
    model,
    contacts.map((row) => Number(row.parent_id)),
  );
  for (const contact of contacts) {
    const address = addressValues(model, parents.get(Number(contact.parent_id)));
    if (address) await writeRecords(env, model, [contact.id], address);
  }
}

/** Gives the contacts directly under `ids` the address values among `values` (they pass them on in turn). */
async function passAddressDown(
  env: Environment,
  model: Model,
  ids: readonly number[],
  values: Readonly<Record<string, unknown>>,
): Promise<void> {
  const address = Object.fromEntries(addressFields(model).flatMap((name) => (Object.hasOwn(values, name) ? [[name, values[name]]] : [])));
  if (Object.keys(address).length === 0) return;
  const children = await env.cr.query<{ id: number }>(
    "SELECT id FROM res_partner WHERE parent_id = ANY($1::bigint[]) AND type = 'contact' AND NOT (id = ANY($1::bigint[])) ORDER BY id",
    [[...ids]],
  );
  if (children.rows.length > 0)
    await writeRecords(
      env,
      model,
      children.rows.map((row) => Number(row.id)),
      address,
    );
}

/** Whether the written `values` change the field `name` of `before` (a value written again is no change). */
function changes(before: Row | undefined, values: Readonly<Record<string, unknown>>, name: string): boolean {
  if (!Object.hasOwn(values, name)) return false;
  const old = before?.[name] ?? false;
  const given = values[name] === null ? false : values[name];
  return old !== given;
}

/** res.partner's hooks: the parent checked, addresses synchronised, names stored (partnerNames.ts). */
export const partnerHooks: Pick<
  ModelHooks,
  'beforeCreate' | 'beforeCreateReads' | 'afterCreate' | 'beforeWrite' | 'afterWrite' | 'beforeUnlink'
> = {
  async beforeCreate(env, values) {
    await checkParent(env, env.model('res.partner'), values);
  },
  beforeCreateReads: (values) => typeof values.parent_id === 'number' && values.parent_id > 0,
  async afterCreate(env, ids, valuesList) {
    const model = env.model('res.partner');
    await storePartnerNames(env, ids);
    const pulling = ids.filter((_id, index) => Boolean(valuesList[index].parent_id) || valuesList[index].type === 'contact');
    if (pulling.length > 0) await takeParentAddress(env, model, pulling);
  },
  async beforeUnlink(env, ids) {
    // The contacts of a deleted partner lose their parent (ON DELETE SET NULL): their names are computed again.
    const orphans = await env.cr.query<{ id: number }>(
      'SELECT id FROM res_partner WHERE parent_id = ANY($1::bigint[]) AND NOT (id = ANY($1::bigint[]))',
      [[...ids]],
    );
    const children = orphans.rows.map((row) => Number(row.id));
    return children.length > 0 ? () => storePartnerNames(env, children) : undefined;
  },
  async beforeWrite(env, ids, values) {
    const model = env.model('res.partner');
    await checkParent(env, model, values);
    return partnerRows(env, model, ids);
  },
  async afterWrite(env, ids, values, before) {
    const model = env.model('res.partner');
    const old = before as Map<number, Row>;
    if (Object.hasOwn(values, 'parent_id')) await checkNoCycle(env, ids);
    if (NAME_DEPENDENCIES.some((name) => Object.hasOwn(values, name))) await storePartnerNames(env, ids);
    const pulling = ids.filter(
      (id) =>
        (changes(old.get(id), values, 'parent_id') && Boolean(values.parent_id)) ||
        (changes(old.get(id), values, 'type') && values.type === 'contact'),
    );
    if (pulling.length > 0) await takeParentAddress(env, model, pulling);
    const moved = ids.filter((id) => addressFields(model).some((name) => changes(old.get(id), values, name)));
    if (moved.length > 0) await passAddressDown(env, model, moved, values);
  },
};
