// The mapping between a JSON-2 call and the deprecated object service's `execute_kw`, in both directions (pure).
import { type KnownMethod, knownMethod } from './methodCatalog';

/** A JSON-2 call as plain data: the database travels in a header, the key in `Authorization`. */
export interface Json2Call {
  readonly model: string;
  readonly method: string;
  /** Named arguments, without `ids` and `context`. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly ids?: readonly number[];
  readonly context?: Readonly<Record<string, unknown>>;
  /** For the database header; needed only when several databases serve one domain. */
  readonly database?: string;
}

/** `execute_kw(db, uid, password, model, method, args, kw)`. */
export interface ExecuteKwCall {
  readonly db: string;
  readonly uid: number;
  /** The user's password, or an API key used in its place. */
  readonly password: string;
  readonly model: string;
  readonly method: string;
  readonly args: readonly unknown[];
  readonly kw: Readonly<Record<string, unknown>>;
}

export interface LegacyCredentials {
  readonly db: string;
  readonly uid: number;
  readonly password: string;
}

/** How the legacy caller expected the result, so a JSON-2 result can be turned back into it. */
export type LegacyResultShape = 'asIs' | 'singleId' | 'nameGetPairs';

export interface MappedFromLegacy {
  readonly call: Json2Call;
  /** uid and password become an API key in the bearer header: the password works when it is an API key. */
  readonly credentials: { readonly uid: number; readonly password: string };
  readonly legacyResult: LegacyResultShape;
  /** What changed in meaning, for the migration assistant's notes. */
  readonly notes: readonly string[];
}

/** The call cannot be mapped without guessing; `reason` says why. */
export class MappingError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MappingError';
  }
}

export interface ToLegacyOptions {
  /** Put every named argument in `kw` (default: required parameters of known methods go positional, as usually written). */
  readonly allKeywords?: boolean;
}

/**
 * JSON-2 → `execute_kw`. Record methods take the ids as first positional argument; required parameters of known methods
 * follow positionally; everything else, and the context, goes in `kw`. Unknown methods put every named argument in `kw`.
 */
export function toExecuteKw(
  call: Json2Call,
  credentials: Omit<LegacyCredentials, 'db'> & { db?: string },
  options: ToLegacyOptions = {},
): ExecuteKwCall {
  const db = credentials.db ?? call.database;
  if (db === undefined || db === '') throw new MappingError("execute_kw needs a database name: give the connection's database.");
  rejectReservedNames(call.args);
  const known = knownMethod(call.model, call.method);
  const ids = call.ids ?? [];
  if (known?.level === 'model' && ids.length > 0)
    throw new MappingError(`${call.model}.${call.method} is a model method: it takes no ids.`);
  const args: unknown[] = [];
  const kw: Record<string, unknown> = {};
  if (known?.level === 'records' || (!known && ids.length > 0)) args.push([...ids]);
  const remaining = { ...call.args };
  if (known && !options.allKeywords) {
    for (const parameter of known.parameters) {
      if (!parameter.required || !(parameter.name in remaining)) break;
      args.push(remaining[parameter.name]);
      delete remaining[parameter.name];
    }
  }
  Object.assign(kw, remaining);
  if (call.context !== undefined) kw.context = call.context;
  return { db, uid: credentials.uid, password: credentials.password, model: call.model, method: call.method, args, kw };
}

export interface FromLegacyOptions {
  /** How to read positional arguments of a method the table does not know; without it they are refused. */
  readonly unknownMethodLevel?: 'records';
}

/**
 * `execute_kw` → JSON-2. Ids come from the first positional argument of record methods; other positional arguments
 * are named from the method's signature; `context` leaves `kw` for the envelope. `name_get` (gone since 18.0 and Online 17.3: removalTimeline.ts) becomes a
 * `read` of `display_name`.
 */
export function fromExecuteKw(
  call: Omit<ExecuteKwCall, 'uid' | 'password'> & Partial<Pick<ExecuteKwCall, 'uid' | 'password'>>,
  options: FromLegacyOptions = {},
): MappedFromLegacy {
  const notes: string[] = [];
  const positional = [...call.args];
  const { context, ...keywords } = call.kw as Record<string, unknown>;
  if (context !== undefined && (context === null || typeof context !== 'object' || Array.isArray(context))) {
    throw new MappingError('the context keyword must be a mapping.');
  }
  rejectReservedNames(keywords);
  const method = call.method;
  let legacyResult: LegacyResultShape = 'asIs';
  const known = knownMethod(call.model, method);
  let ids: number[] | undefined;

  if (method === 'name_get') {
    ids = idsOf(positional.shift(), call);
    if (positional.length > 0 || Object.keys(keywords).length > 0) throw new MappingError('name_get takes only the ids.');
    notes.push('name_get no longer exists: it becomes a read of display_name, whose records are turned back into [id, name] pairs.');
    return finish('read', { fields: ['display_name'] }, 'nameGetPairs');
  }
  if (!known) {
    if (positional.length > 0 && options.unknownMethodLevel !== 'records') {
      throw new MappingError(
        `${call.model}.${method} is not a known method: its positional arguments cannot be named. Pass them as keywords.`,
      );
    }
    if (positional.length > 0) ids = idsOf(positional.shift(), call);
    if (positional.length > 0) throw new MappingError(`${call.model}.${method} is not a known method: only the ids may be positional.`);
    notes.push(`${call.model}.${method} is not in the method table: keyword arguments were passed on as named arguments unchecked.`);
    return finish(method, { ...keywords }, 'asIs');
  }
  if (known.level === 'records') ids = idsOf(positional.shift(), call);
  const named = bindPositional(known, positional, keywords, call);
  if (method === 'create' && named.vals_list !== null && typeof named.vals_list === 'object' && !Array.isArray(named.vals_list)) {
    legacyResult = 'singleId';
    notes.push('create with one mapping returned an id over execute_kw; JSON-2 always returns a list of ids.');
  }
  return finish(method, named, legacyResult);

  function finish(json2Method: string, args: Record<string, unknown>, shape: LegacyResultShape): MappedFromLegacy {
    const json2: Json2Call = {
      model: call.model,
      method: json2Method,
      args,
      ...(ids !== undefined ? { ids } : {}),
      ...(context !== undefined ? { context: context as Record<string, unknown> } : {}),
      database: call.db,
    };
    return { call: json2, credentials: { uid: call.uid ?? 0, password: call.password ?? '' }, legacyResult: shape, notes };
  }
}

/** `execute(db, uid, password, model, method, *args)`: `execute_kw` with no keywords. */
export function fromExecute(
  db: string,
  uid: number,
  password: string,
  model: string,
  method: string,
  ...args: unknown[]
): MappedFromLegacy {
  return fromExecuteKw({ db, uid, password, model, method, args, kw: {} });
}

/**
 * Normalises `create`'s result, which differs between the interfaces: over JSON-2 always a list of ids; over
 * `execute_kw` an id when one mapping was sent. `target` says which shape the caller wants.
 */
export function normaliseCreateResult(result: unknown, target: 'json2' | 'legacy', sentOneMapping: boolean): unknown {
  if (target === 'json2') return typeof result === 'number' ? [result] : result;
  return sentOneMapping && Array.isArray(result) && result.length === 1 ? result[0] : result;
}

/** Turns a JSON-2 result back into what the legacy call returned (an id for a one-mapping create, name_get pairs). */
export function legacyResultOf(result: unknown, shape: LegacyResultShape): unknown {
  if (shape === 'singleId') return normaliseCreateResult(result, 'legacy', true);
  if (shape === 'nameGetPairs' && Array.isArray(result)) {
    return result.map((record: { id: number; display_name: string }) => [record.id, record.display_name]);
  }
  return result;
}

function bindPositional(
  known: KnownMethod,
  positional: unknown[],
  keywords: Record<string, unknown>,
  call: { model: string; method: string },
): Record<string, unknown> {
  if (positional.length > known.parameters.length) {
    throw new MappingError(
      `${call.model}.${call.method} takes at most ${known.parameters.length} positional arguments after the ids, ${positional.length} given.`,
    );
  }
  const named: Record<string, unknown> = {};
  positional.forEach((value, index) => {
    const name = known.parameters[index].name;
    if (name in keywords) throw new MappingError(`${call.model}.${call.method}: '${name}' given both positionally and as a keyword.`);
    named[name] = value;
  });
  return { ...named, ...keywords };
}

function idsOf(value: unknown, call: { model: string; method: string }): number[] {
  if (Number.isInteger(value)) return [value as number];
  if (Array.isArray(value) && value.every((id) => Number.isInteger(id))) return value as number[];
  throw new MappingError(`${call.model}.${call.method}: the first positional argument must be the record ids (a list of integers).`);
}

function rejectReservedNames(args: Readonly<Record<string, unknown>>): void {
  if ('ids' in args) throw new MappingError("'ids' is reserved in JSON-2: give the record ids as ids, not as a named argument.");
  if ('context' in args) throw new MappingError("'context' is reserved: give it as the call's context.");
}
