// n8n's Odoo node (`n8n-nodes-base.odoo`) as the deprecated call it makes: every run logs in with common.login, then
// calls object.execute over JSON-RPC (`<url>/jsonrpc`) with the resource's model and the operation's method. Read
// from n8n's node (packages/nodes-base/nodes/Odoo: GenericFunctions.ts, Odoo.node.ts); written in our own terms.
import type { SourceExpr } from './legacyCall';
import { type NodeSpan, jsonExpr } from './n8nValues';

/** The resources the node names, and their models (a custom resource names its model itself). */
const RESOURCE_MODELS: Readonly<Record<string, string>> = { contact: 'res.partner', opportunity: 'crm.lead', note: 'note.note' };
/** Each operation's ORM method. */
const OPERATION_METHODS: Readonly<Record<string, string>> = {
  create: 'create',
  get: 'read',
  getAll: 'search_read',
  update: 'write',
  delete: 'unlink',
};
/** The filter operators of a custom resource's getAll, as the node turns them into domain operators. */
const FILTER_OPERATORS: Readonly<Record<string, string>> = {
  equal: '=',
  notEqual: '!=',
  greaterThen: '>',
  lesserThen: '<',
  greaterOrEqual: '>=',
  lesserOrEqual: '<=',
  like: 'like',
  in: 'in',
  notIn: 'not in',
  childOf: 'child_of',
};
/** n8n's default page size when "Return All" is off and no limit is set. */
const DEFAULT_LIMIT = 50;

export interface OdooNodeCall {
  /** `contact: getAll`, for the message. */
  readonly what: string;
  readonly model?: string;
  readonly method?: string;
  /** `execute`'s arguments (db, uid, password held by the node's credentials; then model, method and the rest). */
  readonly args?: readonly SourceExpr[];
  /** Why the arguments cannot be read, when `args` is undefined. */
  readonly reason?: string;
}

type Parameters = Readonly<Record<string, unknown>>;

/** What an Odoo node calls, from its parameters (parameters left at n8n's defaults are absent from exports). */
export function odooNodeCall(parameters: Parameters, at: NodeSpan): OdooNodeCall {
  const resource = typeof parameters.resource === 'string' ? parameters.resource : 'contact';
  const operation = typeof parameters.operation === 'string' ? parameters.operation : 'create';
  const what = `${resource}: ${operation}`;
  const method = OPERATION_METHODS[operation];
  const model = resource === 'custom' ? parameters.customResource : RESOURCE_MODELS[resource];
  if (!method) return { what, reason: `the operation '${operation}' is not one the Odoo node has` };
  if (typeof model !== 'string' || model === '' || model.startsWith('='))
    return { what, method, reason: 'the model is chosen by an expression: it is only known when the workflow runs' };
  const held = (name: string): SourceExpr => ({ start: at.start, end: at.start, text: `credentials.${name}`, kind: 'other' });
  const value = (json: unknown): SourceExpr => jsonExpr(json, at);
  const prefix = [held('db'), held('uid'), held('password'), value(model), value(method)];
  const idName = resource === 'custom' ? 'customResourceId' : `${resource}Id`;
  const ids = (): SourceExpr => {
    const id = parameters[idName];
    // The node sends [+id]: a number, whatever the parameter's type.
    return typeof id === 'string' && /^\d+$/.test(id) ? value([Number(id)]) : value([id ?? '={{ $json.id }}']);
  };
  const fields = (): SourceExpr => value(optionFields(parameters));
  const values = (): SourceExpr => value(nodeValues(resource, operation, parameters));
  switch (operation) {
    case 'create':
      return { what, model, method, args: [...prefix, values()] };
    case 'get':
      return { what, model, method, args: [...prefix, ids(), fields()] };
    case 'getAll': {
      const read = [...prefix, value(resource === 'custom' ? domainOf(parameters) : []), fields()];
      // "Return All" sends limit 0 (no limit): the JSON-2 request simply has none.
      if (parameters.returnAll === true) return { what, model, method, args: read };
      return { what, model, method, args: [...read, value(0), value(parameters.limit ?? DEFAULT_LIMIT)] };
    }
    case 'update':
      return { what, model, method, args: [...prefix, ids(), values()] };
    default:
      return { what, model, method, args: [...prefix, ids()] };
  }
}

function optionFields(parameters: Parameters): unknown[] {
  const options = parameters.options as { fieldsList?: unknown } | undefined;
  return Array.isArray(options?.fieldsList) ? options.fieldsList : [];
}

/** The values a create or update sends: name/value pairs for a custom resource, the node's own fields otherwise. */
function nodeValues(resource: string, operation: string, parameters: Parameters): Record<string, unknown> {
  if (resource === 'custom') {
    const pairs = (parameters.fieldsToCreateOrUpdate as { fields?: { fieldName?: string; fieldValue?: unknown }[] } | undefined)?.fields;
    return Object.fromEntries((pairs ?? []).filter((pair) => pair.fieldName).map((pair) => [pair.fieldName, pair.fieldValue ?? '']));
  }
  if (resource === 'note') return { memo: parameters.memo ?? '' };
  const extra = {
    ...((operation === 'create' ? parameters.additionalFields : parameters.updateFields) as Record<string, unknown> | undefined),
  };
  // The address collection is spread into the values, as the node does.
  const address = (extra.address as { value?: Record<string, unknown> } | undefined)?.value;
  delete extra.address;
  if (operation !== 'create') return { ...extra, ...address };
  return { name: parameters[resource === 'contact' ? 'contactName' : 'opportunityName'] ?? '', ...extra, ...address };
}

/** A custom resource's filters as a domain: each (field, operator, value) in order. */
function domainOf(parameters: Parameters): unknown[] {
  const filters = (parameters.filterRequest as { filter?: { fieldName?: string; operator?: string; value?: unknown }[] } | undefined)
    ?.filter;
  return (filters ?? []).map((filter) => [
    filter.fieldName ?? '',
    FILTER_OPERATORS[filter.operator ?? 'equal'] ?? filter.operator,
    filter.value ?? '',
  ]);
}
