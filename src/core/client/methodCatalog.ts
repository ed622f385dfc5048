// The methods every model offers (19.0), with their level and named parameters, as the notes' table gives them; which of
// them a server lets a client call is methodVisibility.ts's to say.
import { isCallableMethod } from './methodVisibility';

/** `model`: decorated as a model method, takes no ids. `records`: runs on the ids given. */
export type MethodLevel = 'model' | 'records';

export interface MethodParameter {
  readonly name: string;
  /** True when the method has no default for it. */
  readonly required: boolean;
  /** The default, when the notes give one (JSON value). */
  readonly default?: unknown;
  readonly doc?: string;
}

export interface KnownMethod {
  readonly name: string;
  readonly level: MethodLevel;
  /** Named parameters in signature order (after the ids, for record methods). */
  readonly parameters: readonly MethodParameter[];
  readonly returns: string;
  /** The models that have it; undefined means every model. */
  readonly models?: readonly string[];
  /** Still callable but deprecated. */
  readonly deprecated?: boolean;
  /** Safe on a read-only connection. */
  readonly readOnly: boolean;
}

const req = (name: string, doc?: string): MethodParameter => ({ name, required: true, ...(doc ? { doc } : {}) });
const opt = (name: string, defaultValue: unknown, doc?: string): MethodParameter => ({
  name,
  required: false,
  default: defaultValue,
  ...(doc ? { doc } : {}),
});

/** The notes' method table. */
export const KNOWN_METHODS: readonly KnownMethod[] = [
  {
    name: 'search',
    level: 'model',
    readOnly: true,
    returns: 'ids',
    parameters: [req('domain'), opt('offset', 0), opt('limit', null), opt('order', null)],
  },
  { name: 'search_count', level: 'model', readOnly: true, returns: 'integer', parameters: [req('domain'), opt('limit', null)] },
  { name: 'read', level: 'records', readOnly: true, returns: 'records', parameters: [opt('fields', null), opt('load', '_classic_read')] },
  {
    name: 'search_read',
    level: 'model',
    readOnly: true,
    returns: 'records',
    parameters: [opt('domain', null), opt('fields', null), opt('offset', 0), opt('limit', null), opt('order', null)],
  },
  {
    name: 'fields_get',
    level: 'model',
    readOnly: true,
    returns: '{field: {attribute: value}}',
    parameters: [opt('allfields', null), opt('attributes', null)],
  },
  {
    name: 'create',
    level: 'model',
    readOnly: false,
    returns: 'list of new ids',
    parameters: [req('vals_list', 'one object or a list of objects')],
  },
  { name: 'write', level: 'records', readOnly: false, returns: 'true', parameters: [req('vals')] },
  { name: 'unlink', level: 'records', readOnly: false, returns: 'true', parameters: [] },
  {
    name: 'name_search',
    level: 'model',
    readOnly: true,
    returns: '[[id, display_name], ...]',
    parameters: [opt('name', ''), opt('domain', null), opt('operator', 'ilike'), opt('limit', 100)],
  },
  { name: 'name_create', level: 'model', readOnly: false, returns: '[id, display_name]', parameters: [req('name')] },
  { name: 'default_get', level: 'model', readOnly: true, returns: '{field: default}', parameters: [req('fields')] },
  { name: 'copy', level: 'records', readOnly: false, returns: 'list of new ids', parameters: [opt('default', null)] },
  {
    name: 'read_group',
    level: 'model',
    readOnly: true,
    returns: 'groups',
    deprecated: true,
    parameters: [
      req('domain'),
      req('fields'),
      req('groupby'),
      opt('offset', 0),
      opt('limit', null),
      opt('orderby', false),
      opt('lazy', true),
    ],
  },
  {
    name: 'formatted_read_group',
    level: 'model',
    readOnly: true,
    returns: 'groups',
    parameters: [
      req('domain'),
      opt('groupby', []),
      opt('aggregates', []),
      opt('having', []),
      opt('offset', 0),
      opt('limit', null),
      opt('order', null),
    ],
  },
  // Private on 19.0 (a real server refuses it: methodVisibility.ts); kept so that calls of the deprecated interfaces
  // that name it are still read and converted, never offered.
  {
    name: 'check_access',
    level: 'records',
    readOnly: false,
    returns: 'null',
    parameters: [req('operation', 'create, read, write or unlink')],
  },
  {
    name: 'has_access',
    level: 'records',
    readOnly: true,
    returns: 'boolean',
    parameters: [req('operation', 'create, read, write or unlink')],
  },
  { name: 'context_get', level: 'model', readOnly: true, returns: '{lang, tz, uid, ...}', parameters: [], models: ['res.users'] },
  {
    name: 'has_group',
    level: 'records',
    readOnly: true,
    returns: 'boolean',
    models: ['res.users'],
    parameters: [req('group_ext_id', "the group's external id, e.g. base.group_system")],
  },
  {
    name: 'generate',
    level: 'model',
    readOnly: false,
    returns: 'the new key',
    models: ['res.users.apikeys'],
    parameters: [req('key', 'an existing valid key'), req('scope'), req('name'), req('expiration_date', 'YYYY-MM-DD')],
  },
  { name: 'revoke', level: 'model', readOnly: false, returns: 'null', models: ['res.users.apikeys'], parameters: [req('key')] },
];

const BY_NAME = new Map(KNOWN_METHODS.map((method) => [method.name, method]));

/** The known method of that name on that model, or undefined (model-specific methods only on their models). */
export function knownMethod(model: string, method: string): KnownMethod | undefined {
  const known = BY_NAME.get(method);
  if (!known) return undefined;
  return known.models === undefined || known.models.includes(model) ? known : undefined;
}

/** Every known method a model offers to callers, in table order (private ones left out). */
export function knownMethodsOf(model: string): KnownMethod[] {
  return KNOWN_METHODS.filter((method) => (method.models === undefined || method.models.includes(model)) && isCallableMethod(method.name));
}
