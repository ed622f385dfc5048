// Which model methods a server lets a client call: the one place that decides (completion, the method table, the
// read-only list, diagnostics and the agents' tools all ask here).
//
// Followed: the 19.0 server's `get_public_method` (odoo/service/model.py; odoo/orm/models.py in the 19.0 tree), which
// every remote call (JSON-2, XML-RPC, JSON-RPC) goes through. It refuses, with 403 "Private methods (such as
// '<model>.<method>') cannot be called remotely.", a name that starts with `_`, a name on safe_eval's list of unsafe
// attributes, and a method decorated `@api.private` in any class of the model. Its documentation pages
// (`/doc-bearer/<model>.json`) list exactly the methods that pass that test and are not deprecated.

/** Python attribute names the server never lets a call reach (safe_eval's unsafe attributes, 19.0). */
const UNSAFE_ATTRIBUTES: ReadonlySet<string> = new Set([
  'f_builtins',
  'f_code',
  'f_globals',
  'f_locals',
  'f_generator',
  'func_code',
  'func_globals',
  'co_code',
  'mro',
  'tb_frame',
  'gi_code',
  'gi_frame',
  'gi_yieldfrom',
  'cr_await',
  'cr_code',
  'cr_frame',
  'ag_await',
  'ag_code',
  'ag_frame',
]);

/**
 * Methods every model has under a public-looking name that 19.0 decorates `@api.private`, so a real server refuses
 * them: `check_access` (its callers are told to use `has_access`; a recorded 19.0 server answers 403).
 */
const PRIVATE_ORM_METHODS: ReadonlySet<string> = new Set(['check_access']);

/** True when a real server refuses the method as private, whatever the model. */
export function isPrivateMethod(method: string): boolean {
  return method.startsWith('_') || UNSAFE_ATTRIBUTES.has(method) || PRIVATE_ORM_METHODS.has(method);
}

/** True when the method may be offered to a person or an agent: not private. */
export function isCallableMethod(method: string): boolean {
  return !isPrivateMethod(method);
}

/** The sentence a real server answers (403) when a private method is called. */
export function privateMethodMessage(model: string, method: string): string {
  return `Private methods (such as '${model}.${method}') cannot be called remotely.`;
}
