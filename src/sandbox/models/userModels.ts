// res.users, res.groups (with their privileges and applications) and res.company: who may log in, what groups they
// are in, and the company they work for.
import { hashSecret } from '../security/secretHashing';
import type { Environment } from '../orm/environment';
import { fields } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';
import { createRecords } from '../orm/recordWrite';
import { accessError, typeError, valueError } from '../errors/serviceErrors';
import { required, type MethodDefinition } from '../orm/methodDefinition';
import { GROUP_USER } from '../orm/access/currentUser';

/** Moves a `password` value into the private hash column (a password is never stored or read back as text). */
async function passwordColumn(env: Environment, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!Object.hasOwn(values, 'password')) return {};
  const password = values.password;
  delete values.password;
  if (password === false || password === null || password === '') return { password_hash: null };
  if (typeof password !== 'string') throw typeError('the password must be a string');
  return { password_hash: await hashSecret(password, env.services.hashCost) };
}

const contextGet: MethodDefinition = {
  name: 'context_get',
  level: 'model',
  parameters: [],
  transactional: false,
  doc: 'The context of the current user (the user of the API key): lang, tz and uid.',
  run: async ({ env }) => ({ lang: env.user.lang, tz: env.user.tz ?? false, uid: env.uid }),
};

/** Whether user `id` is in the group of external id `xmlId` (the technical-features group only in debug mode, never here). */
async function userInGroup(env: Environment, id: number, xmlId: string): Promise<boolean> {
  if (xmlId === 'base.group_no_one') return false;
  const [module, name] = xmlId.includes('.') ? [xmlId.slice(0, xmlId.indexOf('.')), xmlId.slice(xmlId.indexOf('.') + 1)] : ['', xmlId];
  const found = await env.cr.query(
    `SELECT 1 FROM res_groups_users_rel r JOIN ir_model_data d ON d.model = 'res.groups' AND d.res_id = r.gid
      WHERE r.uid = $1 AND d.module = $2 AND d.name = $3`,
    [id, module, name],
  );
  return found.rows.length > 0;
}

/** The one user of `ids` has_group asks about: internal users may ask about anyone, others about themselves only. */
function groupQuestionUser(env: Environment, ids: readonly number[]): number {
  if (ids.length !== 1) throw valueError(`Expected singleton: res.users(${ids.join(', ')}${ids.length === 1 ? ',' : ''})`);
  if (!env.su && ids[0] !== env.uid && !env.user.groups.has(GROUP_USER))
    throw accessError('You can ony call user.has_group() with your current user.');
  return ids[0];
}

const hasGroup: MethodDefinition = {
  name: 'has_group',
  level: 'records',
  parameters: [required('group_ext_id', "the group's external id, for example base.group_system")],
  doc: 'Whether the user belongs to the group.',
  run: async ({ env, ids, args }) => userInGroup(env, groupQuestionUser(env, ids), String(args.group_ext_id)),
};

const hasGroups: MethodDefinition = {
  name: 'has_groups',
  level: 'records',
  parameters: [required('group_spec', 'external ids separated by commas; a leading ! excludes the group')],
  doc: 'Whether the user is in one of the groups and in none of the excluded ones (!) of the comma-separated list.',
  async run({ env, ids, args }) {
    const spec = String(args.group_spec);
    if (spec === '.') return false;
    const user = groupQuestionUser(env, ids);
    const names = spec.split(',').map((name) => name.trim());
    const negatives = names.filter((name) => name.startsWith('!')).map((name) => name.slice(1));
    const positives = names.filter((name) => !name.startsWith('!'));
    for (const name of negatives) if (await userInGroup(env, user, name)) return false;
    for (const name of positives) if (await userInGroup(env, user, name)) return true;
    return positives.length === 0;
  },
};

export const usersModel: ModelSpec = {
  name: 'res.users',
  description: 'User',
  order: 'name, login',
  fields: {
    name: fields.char('Name', { required: true }),
    login: fields.char('Login', { required: true, help: 'Used to log into the system' }),
    password: {
      type: 'char',
      string: 'Password',
      store: false,
      copy: false,
      // Reads as an empty string, as on the reference (the hash stays in a private column).
      computeSql: () => "''::varchar",
      help: "Keep empty if you don't want the user to be able to connect on the system.",
    },
    partner_id: fields.many2one('res.partner', 'Related Partner', { required: true, onDelete: 'restrict' }),
    company_id: fields.many2one('res.company', 'Company', { required: true, default: (source) => source.companyId, onDelete: 'restrict' }),
    company_ids: fields.many2many('res.company', 'res_company_users_rel', 'user_id', 'cid', 'Companies', {
      help: 'The companies the user may work in (record rules read them)',
    }),
    email: fields.char('Email'),
    lang: fields.char('Language', { default: 'en_US' }),
    tz: fields.char('Timezone'),
    share: fields.boolean('Share User', {
      readonly: true,
      default: false,
      help: 'External user with limited access, created only for the purpose of sharing data.',
    }),
    login_date: fields.datetime('Latest authentication', { readonly: true, copy: false }),
    active: fields.boolean('Active', { default: true }),
    group_ids: fields.many2many('res.groups', 'res_groups_users_rel', 'uid', 'gid', 'Groups', { copy: false }),
    // The sandbox's groups imply no others (every demo user is given each group), so these are the same ids.
    all_group_ids: fields.many2many('res.groups', 'res_groups_users_rel', 'uid', 'gid', 'Groups and implied groups', {
      readonly: true,
      copy: false,
    }),
  },
  privateColumns: ['password_hash varchar'],
  methods: [contextGet, hasGroup, hasGroups],
  constraints: [{ name: 'login_key', definition: 'UNIQUE (login)', message: 'You can not have two users with the same login!' }],
  extraSchema: [
    'CREATE TABLE res_company_users_rel (cid integer NOT NULL REFERENCES res_company (id) ON DELETE CASCADE, user_id integer NOT NULL REFERENCES res_users (id) ON DELETE CASCADE, PRIMARY KEY (cid, user_id))',
    'CREATE TABLE res_groups_users_rel (gid integer NOT NULL REFERENCES res_groups (id) ON DELETE CASCADE, uid integer NOT NULL REFERENCES res_users (id) ON DELETE CASCADE, PRIMARY KEY (gid, uid))',
  ],
  hooks: {
    privateValues: passwordColumn,
    async beforeCreate(env, values) {
      if (values.partner_id) return;
      const name = typeof values.name === 'string' ? values.name : '';
      const [partnerId] = await createRecords(env.sudo(), env.model('res.partner'), [
        { name, email: values.email ?? false, company_id: values.company_id ?? false },
      ]);
      values.partner_id = partnerId;
    },
    copyDefaults: (record) => ({
      login: `${String(record.login ?? '')} (copy)`,
      name: `${String(record.name ?? '')} (copy)`,
      partner_id: false,
    }),
  },
};

export const groupsModel: ModelSpec = {
  name: 'res.groups',
  description: 'Access Groups',
  order: 'name',
  fields: {
    name: fields.char('Name', { required: true }),
    // As the reference names a group: `<privilege> / <name>`, or the name alone when the group has no privilege.
    full_name: {
      type: 'char',
      string: 'Group Name',
      store: false,
      readonly: true,
      copy: false,
      computeSql: (alias) =>
        `COALESCE((SELECT p.name || ' / ' || ${alias}.name FROM res_groups_privilege p WHERE p.id = ${alias}.privilege_id), ${alias}.name)`,
    },
    privilege_id: fields.many2one('res.groups.privilege', 'Privilege', { onDelete: 'set null' }),
    user_ids: fields.many2many('res.users', 'res_groups_users_rel', 'gid', 'uid', 'User', { copy: false }),
    comment: fields.text('Comment'),
    share: fields.boolean('Share Group', { default: false, help: 'Group created to set access rights for sharing data with some users.' }),
    api_key_duration: fields.float('API Keys maximum duration days', {
      help: 'The longest API key (in days) its users may make in the key wizard; the longest of their groups counts.',
    }),
  },
};

/** The reference's privileges (19.0): a set of groups of one application, e.g. Sales's three levels. */
export const groupPrivilegeModel: ModelSpec = {
  name: 'res.groups.privilege',
  description: 'Privileges',
  order: 'sequence, name, id',
  fields: {
    name: fields.char('Name', { required: true }),
    description: fields.text('Description'),
    sequence: fields.integer('Sequence', { default: 100 }),
    category_id: fields.many2one('ir.module.category', 'Category'),
    group_ids: fields.one2many('res.groups', 'privilege_id', 'Groups'),
  },
};

/** Applications (ir.module.category): what a privilege belongs to, e.g. Sales or Accounting. */
export const moduleCategoryModel: ModelSpec = {
  name: 'ir.module.category',
  description: 'Application',
  order: 'name',
  fields: {
    name: fields.char('Name', { required: true }),
    description: fields.text('Description'),
    sequence: fields.integer('Sequence'),
    parent_id: fields.many2one('ir.module.category', 'Parent Application'),
    privilege_ids: fields.one2many('res.groups.privilege', 'category_id', 'Privileges'),
  },
};

export const companyModel: ModelSpec = {
  name: 'res.company',
  description: 'Companies',
  order: 'name',
  fields: {
    name: fields.char('Company Name', { required: true }),
    partner_id: fields.many2one('res.partner', 'Partner', { onDelete: 'restrict' }),
    email: fields.char('Email'),
    phone: fields.char('Phone'),
    country_id: fields.many2one('res.country', 'Country'),
    currency_id: fields.many2one('res.currency', 'Currency', { help: "The currency of the company's amounts (USD when not given)" }),
    account_sale_tax_id: fields.many2one('account.tax', 'Default Sale Tax', { help: 'The sales tax new products get' }),
    active: fields.boolean('Active', { default: true }),
  },
  constraints: [{ name: 'name_uniq', definition: 'UNIQUE (name)', message: 'The company name must be unique!' }],
  hooks: {
    async beforeCreate(env, values) {
      if (values.currency_id) return;
      values.currency_id = (await env.cr.query<{ id: number }>("SELECT id FROM res_currency WHERE name = 'USD'")).rows[0]?.id ?? false;
    },
  },
};
