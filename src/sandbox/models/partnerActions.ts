// res.partner's own methods: the archive actions (several steps in one call, one transaction, as the spec's rule 7
// describes) and name_create, which reads an e-mail address in the name.
import { typeError, userError } from '../errors/serviceErrors';
import { setActive } from '../methods/archiveMethods';
import { required, type MethodDefinition } from '../orm/methodDefinition';
import { displayNames } from '../orm/recordRead';
import { createRecords } from '../orm/recordWrite';
import { parseNameAndEmail } from './partnerNames';

export const partnerArchive: MethodDefinition = {
  name: 'action_archive',
  level: 'records',
  parameters: [],
  doc: 'Archives the contacts and their own contacts (child_ids) in one transaction; refused for a contact of an active user.',
  async run({ env, model, ids }) {
    const users = await env.cr.query<{ login: string; name: string }>(
      'SELECT u.login, p.name FROM res_users u JOIN res_partner p ON p.id = u.partner_id WHERE u.active AND u.partner_id = ANY($1::bigint[]) ORDER BY u.id',
      [[...ids]],
    );
    if (users.rows.length > 0) {
      throw userError(
        `You cannot archive contacts linked to an active user. Archive the user first:\n${users.rows.map((row) => `- ${row.name} (${row.login})`).join('\n')}`,
      );
    }
    const children = await env.cr.query<{ id: number }>('SELECT id FROM res_partner WHERE parent_id = ANY($1::bigint[]) AND active', [
      [...ids],
    ]);
    await setActive(env, model, [...ids, ...children.rows.map((row) => row.id)], false);
    return null;
  },
};

export const partnerUnarchive: MethodDefinition = {
  name: 'action_unarchive',
  level: 'records',
  parameters: [],
  doc: 'Restores the contacts and their archived own contacts in one transaction.',
  async run({ env, model, ids }) {
    const children = await env.cr.query<{ id: number }>('SELECT id FROM res_partner WHERE parent_id = ANY($1::bigint[]) AND NOT active', [
      [...ids],
    ]);
    await setActive(env, model, [...ids, ...children.rows.map((row) => row.id)], true);
    return null;
  },
};

export const partnerNameCreate: MethodDefinition = {
  name: 'name_create',
  level: 'model',
  parameters: [required('name')],
  doc: 'Creates a contact from "Name <email>" (or a bare address): the name, and the e-mail when there is one; returns [id, display_name].',
  async run({ env, model, args }) {
    if (typeof args.name !== 'string') throw typeError(`'name' must be a string, got ${JSON.stringify(args.name)}`);
    const { name, email } = parseNameAndEmail(args.name);
    const [id] = await createRecords(env, model, [{ name: name || email, ...(email ? { email } : {}) }]);
    const names = await displayNames(env, model, [id]);
    return [id, names.get(id) ?? name];
  },
};
