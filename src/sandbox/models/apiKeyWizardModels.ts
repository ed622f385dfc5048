// The reference's key wizard: res.users.apikeys.description (a name and a duration; make_key, after an identity check,
// makes the key) and res.users.apikeys.show (the action that shows the new key, in its context's `default_key`).
import { accessError, valueError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import { fields } from '../orm/fieldDefinition';
import { formatDate, parseDatetime } from '../orm/fieldValues';
import type { MethodDefinition } from '../orm/methodDefinition';
import type { ModelSpec } from '../orm/modelDefinition';
import { checkRecords } from '../orm/recordAccess';
import { isSystemUser } from '../orm/access/currentUser';
import { insertApiKey } from '../keys/apiKeyStore';
import { checkWizardExpiration } from '../keys/expirationRules';
import { askIdentity, registerCheckedAction } from '../keys/identityCheck';

const DESCRIPTION = 'res.users.apikeys.description';

const DURATIONS: Array<[string, string]> = [
  ['1', '1 Day'],
  ['7', '1 Week'],
  ['30', '1 Month'],
  ['90', '3 Months'],
  ['180', '6 Months'],
  ['365', '1 Year'],
  ['0', 'Persistent Key'],
  ['-1', 'Custom Date'],
];

const asDate = (text: string | null) => (text === null ? null : new Date(`${text.replace(' ', 'T')}Z`));

/** The longest key the caller may make (the longest api_key_duration of their groups, else one day); null: no limit. */
async function maxKeyDays(env: Environment): Promise<number | null> {
  if (isSystemUser(env.user)) return null;
  const result = await env.cr.query<{ days: number | null }>(
    'SELECT max(api_key_duration)::float AS days FROM res_groups WHERE id = ANY($1::int[])',
    [[...env.user.groupIds]],
  );
  return Number(result.rows[0]?.days ?? 0) || 1;
}

/** The expiry a duration gives: today (UTC) plus its days, none for a persistent key, the given date for a custom one. */
function expiryOf(duration: unknown, given: unknown, now: Date): unknown {
  if (duration === '-1') return given;
  const days = Number(duration);
  if (!Number.isInteger(days) || days === 0) return false;
  return `${formatDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)))} 00:00:00`;
}

async function checkExpiry(env: Environment, expiration: unknown): Promise<void> {
  const text = typeof expiration === 'string' ? parseDatetime(expiration) : null;
  checkWizardExpiration(asDate(text), env.now, await maxKeyDays(env));
}

/** What make_key does once the identity is checked: the key, for internal users only; the wizard record goes. */
async function makeKey(env: Environment, ids: readonly number[]): Promise<Record<string, unknown>> {
  if (ids.length !== 1) throw valueError(`Expected singleton: ${DESCRIPTION}(${ids.join(', ')})`);
  await checkRecords(env, env.model(DESCRIPTION), ids, 'read');
  const share = await env.cr.query<{ share: boolean }>('SELECT share FROM res_users WHERE id = $1', [env.uid]);
  if (share.rows[0]?.share !== false) throw accessError('Only internal users can create API keys');
  const row = (
    await env.cr.query<{ name: string; expiration_date: string | null }>(
      `SELECT name, to_char(expiration_date, 'YYYY-MM-DD HH24:MI:SS') AS expiration_date FROM res_users_apikeys_description WHERE id = $1`,
      [ids[0]],
    )
  ).rows[0];
  await checkExpiry(env, row.expiration_date);
  const created = await insertApiKey(env.cr, {
    userId: env.uid,
    name: row.name,
    scope: null,
    expiration: asDate(row.expiration_date) as Date,
    creatorId: env.uid,
    now: env.now,
    hashCost: env.services.hashCost,
  });
  await env.cr.query('DELETE FROM res_users_apikeys_description WHERE id = $1', [ids[0]]);
  return {
    type: 'ir.actions.act_window',
    res_model: 'res.users.apikeys.show',
    name: 'API Key Ready',
    views: [[false, 'form']],
    target: 'new',
    context: { default_key: created.key },
  };
}

registerCheckedAction(DESCRIPTION, 'make_key', makeKey);

const makeKeyMethod: MethodDefinition = {
  name: 'make_key',
  level: 'records',
  parameters: [],
  doc: 'Asks for an identity check (answers its wizard action); the check then makes the key and answers the action that shows it.',
  run: ({ env, ids }) => askIdentity(env, DESCRIPTION, ids, 'make_key'),
};

export const apiKeyDescriptionModel: ModelSpec = {
  name: DESCRIPTION,
  description: 'API Key Description',
  order: 'id',
  fields: {
    name: fields.char('Description', { required: true }),
    duration: fields.selection('Duration', DURATIONS, { required: true, default: '1' }),
    expiration_date: fields.datetime('Expiration Date'),
  },
  methods: [makeKeyMethod],
  hooks: {
    async beforeCreate(env, values) {
      values.expiration_date = expiryOf(values.duration, values.expiration_date, env.now);
      await checkExpiry(env, values.expiration_date);
    },
  },
};

export const apiKeyShowModel: ModelSpec = {
  name: 'res.users.apikeys.show',
  description: 'Show API Key',
  abstract: true,
  fields: { key: fields.char('Key', { readonly: true }) },
};
