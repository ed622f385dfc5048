// res.users.identitycheck: the reference's password-check wizard that sensitive key actions answer (keys/identityCheck.ts).
import { fields } from '../orm/fieldDefinition';
import type { MethodDefinition } from '../orm/methodDefinition';
import type { ModelSpec } from '../orm/modelDefinition';
import { runIdentityCheck } from '../keys/identityCheck';

const runCheck: MethodDefinition = {
  name: 'run_check',
  level: 'records',
  parameters: [],
  doc: "Checks the caller's password (the context's `password`), then runs the action that asked for the check and answers its result.",
  run: ({ env, ids }) => runIdentityCheck(env, ids),
};

export const identityCheckModel: ModelSpec = {
  name: 'res.users.identitycheck',
  description: 'Password Check Wizard',
  order: 'id',
  fields: {
    auth_method: fields.selection('Auth Method', [['password', 'Password']], { default: 'password' }),
    password: { type: 'char', string: 'Password', store: false, copy: false, computeSql: () => 'NULL::varchar' },
  },
  // The call the check protects: never readable through the API (the reference's field of no group).
  privateColumns: ['request text'],
  methods: [runCheck],
};
