// res.users.apikeys: key records (never exposing a key, hash or index), the programmatic generate and revoke, and remove
// (the reference's deletion, behind an identity check).
import { accessError, typeError, userError } from '../errors/serviceErrors';
import type { MethodDefinition } from '../orm/methodDefinition';
import { required } from '../orm/methodDefinition';
import { programmaticKeyLimit, programmaticKeysEnabled } from '../security/systemParameters';
import type { Environment } from '../orm/environment';
import { fields } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';
import { isSystemUser } from '../orm/access/currentUser';
import { countLiveKeys, deleteApiKey, findApiKey, insertApiKey, isLive } from '../keys/apiKeyStore';
import { askIdentity, registerCheckedAction } from '../keys/identityCheck';
import { checkRecords } from '../orm/recordAccess';
import { checkExpiration } from '../keys/expirationRules';

async function requireProgrammaticAccess(env: Environment): Promise<void> {
  if (!isSystemUser(env.user) && !(await programmaticKeysEnabled(env.cr))) throw userError('Programmatic API keys are not enabled');
}

const generate: MethodDefinition = {
  name: 'generate',
  level: 'model',
  parameters: [
    required('key', 'an existing valid API key of the caller'),
    required('scope', 'scope of the new key (null for none); an unscoped key may create a key of any scope'),
    required('name', 'description of the new key'),
    required('expiration_date', 'ISO 8601 date, at most three months ahead'),
  ],
  doc: 'Creates a new API key for the caller and returns it (shown only this once).',
  async run({ env, args }) {
    await requireProgrammaticAccess(env);
    const limit = await programmaticKeyLimit(env.cr);
    if ((await countLiveKeys(env.cr, env.uid, env.now)) >= limit)
      throw userError(`Limit of ${limit} API keys is reached for programmatic creation`);
    const { key, scope, name } = args;
    if (scope !== null && typeof scope !== 'string') throw typeError(`'scope' must be a string or null, got ${JSON.stringify(scope)}`);
    const existing = typeof key === 'string' ? await findApiKey(env.cr, key) : null;
    if (!existing || existing.userId !== env.uid || !isLive(existing, env.now) || (existing.scope !== null && existing.scope !== scope)) {
      throw accessError('The provided API key is invalid or does not belong to the current user.');
    }
    const expiration = checkExpiration(args.expiration_date, env.now);
    if (typeof name !== 'string' || name.trim() === '')
      throw userError('The API key needs a name (a description) so that it can be identified later.');
    const created = await insertApiKey(env.cr, {
      userId: env.uid,
      name,
      scope: scope as string | null,
      expiration,
      creatorId: env.uid,
      now: env.now,
      hashCost: env.services.hashCost,
    });
    return created.key;
  },
};

const revoke: MethodDefinition = {
  name: 'revoke',
  level: 'model',
  parameters: [required('key', 'the API key to revoke (not necessarily the one in the Authorization header)')],
  doc: 'Revokes an API key: it is refused from the next request on. Returns nothing.',
  async run({ env, args }) {
    await requireProgrammaticAccess(env);
    const found = typeof args.key === 'string' ? await findApiKey(env.cr, args.key) : null;
    if (!found || !isLive(found, env.now) || (found.userId !== env.uid && !isSystemUser(env.user))) {
      throw accessError('The provided API key is invalid.');
    }
    await deleteApiKey(env.cr, found.id);
    env.services.forgetApiKeys([found.id]);
    return null;
  },
};

/**
 * What `remove` does once the identity is checked: the keys go when they are all the caller's, or the caller is a
 * settings administrator (reading them first applies the record rules: another user's key is an access error).
 */
async function removeKeys(env: Environment, ids: readonly number[]): Promise<Record<string, unknown>> {
  if (ids.length > 0) {
    const model = env.model('res.users.apikeys');
    await checkRecords(env, model, ids, 'read');
    const owners = await env.cr.query<{ user_id: number }>('SELECT DISTINCT user_id FROM res_users_apikeys WHERE id = ANY($1::int[])', [
      [...ids],
    ]);
    if (!isSystemUser(env.user) && owners.rows.some((row) => row.user_id !== env.uid))
      throw accessError("You can not remove API keys unless they're yours or you are a system user");
    for (const id of ids) await deleteApiKey(env.cr, id);
    env.services.forgetApiKeys(ids);
    env.services.recordsChanged(model.name);
  }
  return { type: 'ir.actions.act_window_close' };
}

registerCheckedAction('res.users.apikeys', 'remove', removeKeys);

/** The reference's way to delete keys (generic unlink is refused to everyone): after an identity check. */
const remove: MethodDefinition = {
  name: 'remove',
  level: 'records',
  parameters: [],
  doc: "Asks for an identity check (answers its wizard action); the check then deletes the keys (the caller's own, or any for a settings administrator).",
  run: ({ env, ids }) => askIdentity(env, 'res.users.apikeys', ids, 'remove'),
};

export const apiKeyModel: ModelSpec = {
  name: 'res.users.apikeys',
  description: 'Users API Keys',
  order: 'id',
  fields: {
    name: fields.char('Description', { required: true, readonly: true }),
    user_id: fields.many2one('res.users', 'User', { required: true, readonly: true, onDelete: 'cascade' }),
    scope: fields.char('Scope', { readonly: true }),
    expiration_date: fields.datetime('Expiration Date', { readonly: true }),
  },
  privateColumns: ['key_hash varchar NOT NULL', 'key_index varchar(8) NOT NULL'],
  extraSchema: ['CREATE INDEX res_users_apikeys_key_index ON res_users_apikeys (key_index)'],
  methods: [generate, revoke, remove],
  hooks: {
    async beforeUnlink(env, ids) {
      env.services.forgetApiKeys(ids);
    },
  },
};
