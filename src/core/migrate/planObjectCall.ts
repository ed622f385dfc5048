// Plans the JSON-2 call for an object-service `execute_kw`/`execute`, naming its arguments through the core mapping.
import { knownMethod } from '../client/methodCatalog';
import { MappingError, fromExecuteKw } from '../client/rpcMapping';
import type { SourceExpr } from './legacyCall';
import { stringOf } from './legacyCall';
import type { BodyValue, Conversion } from './migrationPlan';

const ARCHIVE_METHODS: ReadonlySet<string> = new Set(['action_archive', 'action_unarchive']);

function idsOnlyNote(model: string, method: string): string {
  if (ARCHIVE_METHODS.has(method)) return `${method} exists on every model with an "active" field; it takes only the ids.`;
  return `${model}.${method} is not in the method table: the ids are sent as "ids". It must be a public method on that server (JSON-2 calls no method whose name starts with _).`;
}

export type ObjectCallPlan =
  | { readonly conversion: Conversion; readonly model: string; readonly method: string }
  | { readonly reason: string; readonly model?: string; readonly method?: string };

/**
 * `execute_kw(db, uid, password, model, method, args, kw)` or `execute(db, uid, password, model, method, *args)` →
 * a JSON-2 plan. The mapping (`fromExecuteKw`) names the positional arguments; it is given stand-in objects for
 * the original expressions, so that variables and calls inside the arguments are carried over as written.
 */
export function planObjectCall(functionName: string, args: readonly SourceExpr[]): ObjectCallPlan {
  if (args.length < 5)
    return { reason: `${functionName} needs at least five arguments (database, uid, password, model, method); ${args.length} given` };
  const [db, , , modelExpr, methodExpr] = args;
  const model = stringOf(modelExpr);
  const method = stringOf(methodExpr);
  if (model === undefined || method === undefined)
    return { reason: 'the model or the method name is not a literal string: it is only known at run time' };
  let positional: readonly SourceExpr[];
  let keywords: readonly { key: string; value: SourceExpr }[] = [];
  if (functionName === 'execute_kw') {
    if (args.length > 7) return { model, method, reason: 'execute_kw takes at most seven arguments' };
    const list = args[5];
    if (list && !list.items)
      return { model, method, reason: 'the positional arguments are built dynamically (not a list literal): they cannot be named' };
    positional = list?.items ?? [];
    const kw = args[6];
    if (kw && !kw.entries)
      return { model, method, reason: 'the keyword arguments are built dynamically (not a mapping literal with literal keys)' };
    keywords = kw?.entries ?? [];
  } else {
    positional = args.slice(5);
  }

  // action_archive/action_unarchive, and button_*/action_* called with only ids: the ids go in "ids".
  const idsOnly =
    !knownMethod(model, method) && positional.length === 1 && (ARCHIVE_METHODS.has(method) || /^(action|button)_\w+$/.test(method));
  const standIns = new Map<unknown, SourceExpr>();
  // Scalars go in as values; lists, mappings and anything else as a marker of the same shape, to be put back as written.
  const standIn = (expr: SourceExpr): unknown => {
    if (expr.kind !== 'list' && expr.kind !== 'dict' && expr.kind !== 'other') return expr.value;
    const marker: unknown = expr.kind === 'list' ? [] : {};
    standIns.set(marker, expr);
    return marker;
  };
  const positionalValues = positional.map(standIn);
  // The mapping checks the ids' shape: it gets their value when static, a stand-in list when they are a variable.
  let idsExpr: SourceExpr | undefined;
  const level = method === 'name_get' ? 'records' : (knownMethod(model, method)?.level ?? 'records');
  if (positional[0] && level === 'records') {
    positionalValues[0] = positional[0].value ?? [0];
    if (positional[0].value === undefined || positional[0].kind === 'list') idsExpr = positional[0];
  }
  const kw = Object.fromEntries(keywords.map((entry) => [entry.key, standIn(entry.value)]));
  let mapped;
  try {
    mapped = fromExecuteKw(
      { db: stringOf(db) ?? 'db', model, method, args: positionalValues, kw },
      idsOnly ? { unknownMethodLevel: 'records' } : {},
    );
  } catch (error) {
    if (error instanceof MappingError) return { model, method, reason: error.reason };
    throw error;
  }
  const call = mapped.call;
  // Each named value goes back to the expression it came from, so that scalars keep their spelling too.
  const byName = new Map(keywords.map((entry) => [entry.key, entry.value]));
  const parameters = knownMethod(model, method)?.parameters ?? [];
  positional.slice(level === 'records' ? 1 : 0).forEach((expr, index) => {
    if (parameters[index]) byName.set(parameters[index].name, expr);
  });
  const back = (value: unknown, name?: string): BodyValue => {
    const expr = standIns.get(value) ?? (name === undefined ? undefined : byName.get(name));
    return expr && (standIns.get(value) === expr || expr.value === value) ? { expr } : { value };
  };
  let ids: BodyValue | undefined;
  const notes = idsOnly ? [idsOnlyNote(model, method)] : [...mapped.notes];
  if (call.ids !== undefined) ids = idsExpr ? { expr: idsExpr } : { value: call.ids };
  if (idsExpr && idsExpr.kind !== 'list')
    notes.push(`JSON-2 takes the ids as a list: \`${idsExpr.text}\` must be a list of ids, not a single id.`);
  const valsList = call.args.vals_list;
  if (method === 'create' && standIns.get(valsList)?.kind === 'other') {
    return {
      model,
      method,
      reason:
        "create's values are a variable: whether it is one mapping (an id comes back) or a list (a list of ids) is only known at run time",
    };
  }
  const conversion: Conversion = {
    plan: {
      kind: 'json2',
      model: call.model,
      method: call.method,
      ids,
      args: Object.entries(call.args).map(([name, value]) => ({ name, value: back(value, name) })),
      context: call.context === undefined ? undefined : back(call.context),
      database: db,
      result: mapped.legacyResult,
    },
    notes,
  };
  return { conversion, model, method };
}
