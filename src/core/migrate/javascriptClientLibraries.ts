// The npm Odoo client libraries whose objects make deprecated calls (odoo-xmlrpc, odoo-await, odoo-xmlrpc-ts): how each
// builds its server address, and what each method of an instance sends as a common or object call, read from the
// libraries' sources. A method's arguments become the `execute_kw` arguments the library itself would send.
import { type SourceExpr, staticDict, staticList, stringOf } from './legacyCall';

/** What one method call of a library object sends, or why it cannot be read from the source. */
export type LibraryCall =
  | {
      readonly service: 'object' | 'common';
      readonly functionName: 'execute_kw' | 'authenticate' | 'version';
      /** execute_kw's model, method, positional list and keywords (object calls); absent for common calls. */
      readonly model?: SourceExpr;
      readonly method?: SourceExpr;
      readonly positional?: SourceExpr;
      readonly keywords?: SourceExpr;
      /** The node-style callback the library calls with the result, if any. */
      readonly callback?: SourceExpr;
    }
  | { readonly service: 'object' | 'common'; readonly reason: string; readonly model?: SourceExpr; readonly method?: SourceExpr };

export interface ClientLibrary {
  /** The npm package. */
  readonly packageName: string;
  /** The export that is the client class: `default` (the module itself) or a named export. */
  readonly exportName: string;
  /** The options key holding the server's URL (`url`, `baseUrl`); a `port` key is added to it when present. */
  readonly urlKey: string;
  /** Every method of an instance that calls the server; others are not calls. */
  readonly methods: Readonly<Record<string, (args: readonly SourceExpr[], at: number) => LibraryCall>>;
}

/** A list or mapping literal made by the conversion, around expressions of the original. */
export function listExpr(items: readonly SourceExpr[], at: number): SourceExpr {
  return { start: at, end: at, text: `[${items.map((item) => item.text).join(', ')}]`, kind: 'list', items, value: staticList(items) };
}

export function dictExpr(entries: readonly { key: string; value: SourceExpr }[], at: number): SourceExpr {
  const text =
    entries.length === 0 ? '{}' : `{ ${entries.map((entry) => `${JSON.stringify(entry.key)}: ${entry.value.text}`).join(', ')} }`;
  return { start: at, end: at, text, kind: 'dict', entries, value: staticDict(entries) };
}

export function literalExpr(value: string | number, at: number): SourceExpr {
  return { start: at, end: at, text: JSON.stringify(value), kind: typeof value === 'string' ? 'string' : 'number', value };
}

const object = (model: SourceExpr | undefined, method: string | SourceExpr | undefined, at: number) => ({
  service: 'object' as const,
  model,
  method: typeof method === 'string' ? literalExpr(method, at) : method,
});

/** `execute_kw(model, method, positional, keywords)` as the library sends it (odoo-await's `[[vals]]` is `[args]`: positional `[vals]`). */
function sends(
  model: SourceExpr | undefined,
  method: string | SourceExpr | undefined,
  at: number,
  positional: SourceExpr[],
  keywords?: SourceExpr,
  callback?: SourceExpr,
): LibraryCall {
  return { ...object(model, method, at), functionName: 'execute_kw', positional: listExpr(positional, at), keywords, callback };
}

function declines(model: SourceExpr | undefined, method: string | SourceExpr | undefined, at: number, reason: string): LibraryCall {
  return { ...object(model, method, at), reason };
}

/** `params` as odoo-xmlrpc and odoo-await take them: `[args]` or `[args, kwargs]`, a list literal. */
function paramsCall(args: readonly SourceExpr[], at: number, withCallback: boolean): LibraryCall {
  const [model, method, params, callback] = args;
  if (!params?.items || params.items.length > 2)
    return declines(model, method, at, 'the parameters are not an array literal ([args] or [args, kwargs])');
  const [positional, keywords] = params.items;
  if (positional && !positional.items) return declines(model, method, at, 'the positional arguments are not an array literal');
  return sends(model, method, at, [...(positional?.items ?? [])], keywords, withCallback ? callback : undefined);
}

/** odoo-await's domain argument: a list of conditions (or an empty one) is sent as it is; an object's keys become `=` conditions. */
function awaitDomain(domain: SourceExpr | undefined, at: number): SourceExpr | undefined {
  if (!domain) return listExpr([], at);
  if (domain.kind === 'list' && domain.items) {
    const first = domain.items[0];
    if (!first || first.kind === 'list' || ['&', '|', '!'].includes(stringOf(first) ?? '')) return domain;
    if (first.kind === 'string') return listExpr([domain], at);
    return undefined;
  }
  if (domain.kind === 'dict' && domain.entries)
    return listExpr(
      domain.entries.map((entry) => listExpr([literalExpr(entry.key, at), literalExpr('=', at), entry.value], at)),
      at,
    );
  return undefined;
}

/** Ids as a list: a list literal as it is, a number literal in a list; anything else is only known at run time. */
function idsList(ids: SourceExpr | undefined, at: number): SourceExpr | undefined {
  if (ids?.kind === 'list' && ids.items) return ids;
  if (ids?.kind === 'number') return listExpr([ids], at);
  return undefined;
}

const RUN_TIME_IDS = 'the record id is a variable: the library sends a number or a list as it finds it at run time';

/** odoo-await's values: its `{ action: ... }` objects for x2many fields are turned into commands by the library. */
function plainValues(values: SourceExpr | undefined): boolean {
  return (
    values?.kind === 'dict' &&
    values.entries !== undefined &&
    values.entries.every((entry) => entry.value.kind !== 'dict' && entry.value.kind !== 'other')
  );
}

export const CLIENT_LIBRARIES: readonly ClientLibrary[] = [
  {
    packageName: 'odoo-xmlrpc',
    exportName: 'default',
    urlKey: 'url',
    methods: {
      connect: (args) => ({ service: 'common', functionName: 'authenticate', callback: args[0] }),
      execute_kw: (args, at) => paramsCall(args, at, true),
    },
  },
  {
    packageName: 'odoo-await',
    exportName: 'default',
    urlKey: 'baseUrl',
    methods: {
      connect: () => ({ service: 'common', functionName: 'authenticate' }),
      execute_kw: (args, at) => paramsCall(args, at, false),
      create: ([model, values, externalId], at) =>
        externalId
          ? declines(model, 'create', at, 'an external id is created with the record: two calls, convert by hand')
          : plainValues(values)
            ? sends(model, 'create', at, [values!])
            : declines(
                model,
                'create',
                at,
                'the values are not a literal of plain values (odoo-await turns { action } objects into x2many commands)',
              ),
      read: ([model, ids, fields], at) => {
        const list = idsList(ids, at);
        if (!list) return declines(model, 'read', at, RUN_TIME_IDS);
        if (fields && (!fields.items || fields.kind !== 'list')) return declines(model, 'read', at, 'the fields are not an array literal');
        const keywords = fields?.items?.length ? dictExpr([{ key: 'fields', value: fields }], at) : undefined;
        return sends(model, 'read', at, [list], keywords);
      },
      update: ([model, id, values], at) => {
        const list = idsList(id, at);
        if (!list) return declines(model, 'write', at, RUN_TIME_IDS);
        if (!plainValues(values))
          return declines(
            model,
            'write',
            at,
            'the values are not a literal of plain values (odoo-await turns { action } objects into x2many commands)',
          );
        return sends(model, 'write', at, [list, values!]);
      },
      delete: ([model, id], at) => {
        const list = idsList(id, at);
        return list ? sends(model, 'unlink', at, [list]) : declines(model, 'unlink', at, RUN_TIME_IDS);
      },
      search: ([model, domain], at) => {
        const read = awaitDomain(domain, at);
        return read
          ? sends(model, 'search', at, [read])
          : declines(model, 'search', at, 'the domain is only known at run time (odoo-await reshapes it)');
      },
      searchRead: ([model, domain, fields, options], at) => {
        const read = awaitDomain(domain, at);
        if (!read) return declines(model, 'search_read', at, 'the domain is only known at run time (odoo-await reshapes it)');
        if (fields && fields.kind !== 'list') return declines(model, 'search_read', at, 'the fields are not an array literal');
        // Given options are sent key by key, those missing as empty XML-RPC values: only all four read the same.
        const keys = ['offset', 'limit', 'order', 'context'];
        if (
          options &&
          (!options.entries || options.entries.length !== 4 || !keys.every((key) => options.entries?.some((entry) => entry.key === key)))
        )
          return declines(model, 'search_read', at, 'the options are not an object literal of offset, limit, order and context');
        // Without options the library sends its defaults (offset 0, limit 0 for none, order '', an empty context): as none.
        const keywords = [...(fields?.items?.length ? [{ key: 'fields', value: fields }] : []), ...(options?.entries ?? [])];
        return sends(model, 'search_read', at, [read], dictExpr(keywords, at));
      },
      getFields: ([model, attributes], at) =>
        attributes && attributes.kind !== 'list'
          ? declines(model, 'fields_get', at, 'the attributes are not an array literal')
          : sends(
              model,
              'fields_get',
              at,
              [listExpr([], at)],
              dictExpr([{ key: 'attributes', value: attributes ?? listExpr([], at) }], at),
            ),
      action: ([model, action, id], at) => {
        const list = idsList(id, at);
        return list ? sends(model, action, at, [list]) : declines(model, action, at, RUN_TIME_IDS);
      },
      createExternalId: ([model], at) =>
        declines(model, 'create', at, 'odoo-await writes ir.model.data for an external id: convert by hand'),
      searchByExternalId: (_args, at) =>
        declines(literalExpr('ir.model.data', at), 'search_read', at, 'odoo-await reads ir.model.data: convert by hand'),
      readByExternalId: (_args, at) =>
        declines(literalExpr('ir.model.data', at), 'search_read', at, 'odoo-await reads ir.model.data, then the record: convert by hand'),
      updateByExternalId: (_args, at) =>
        declines(
          literalExpr('ir.model.data', at),
          'search_read',
          at,
          'odoo-await reads ir.model.data, then writes the record: convert by hand',
        ),
      deleteByExternalId: (_args, at) =>
        declines(
          literalExpr('ir.model.data', at),
          'search_read',
          at,
          'odoo-await reads ir.model.data, then deletes the record: convert by hand',
        ),
    },
  },
  {
    packageName: 'odoo-xmlrpc-ts',
    exportName: 'OdooClient',
    urlKey: 'url',
    methods: {
      version: () => ({ service: 'common', functionName: 'version' }),
      authenticate: () => ({ service: 'common', functionName: 'authenticate' }),
      execute: ([model, method, args, kwargs], at) =>
        args && !args.items
          ? declines(model, method, at, 'the positional arguments are not an array literal')
          : sends(model, method, at, [...(args?.items ?? [])], kwargs),
      search: ([model, domain, options], at) => sends(model, 'search', at, [domain ?? listExpr([], at)], options),
      searchCount: ([model, domain], at) => sends(model, 'search_count', at, [domain ?? listExpr([], at)]),
      read: ([model, ids, fields], at) =>
        sends(model, 'read', at, [ids ?? listExpr([], at)], dictExpr([{ key: 'fields', value: fields ?? listExpr([], at) }], at)),
      searchRead: ([model, domain, options], at) => sends(model, 'search_read', at, [domain ?? listExpr([], at)], options),
      create: ([model, values], at) =>
        values ? sends(model, 'create', at, [values]) : declines(model, 'create', at, 'create needs its values'),
      write: ([model, ids, values, options], at) =>
        ids && values ? sends(model, 'write', at, [ids, values], options) : declines(model, 'write', at, 'write needs its ids and values'),
      unlink: ([model, ids], at) => (ids ? sends(model, 'unlink', at, [ids]) : declines(model, 'unlink', at, 'unlink needs its ids')),
      fieldsGet: ([model, attributes], at) =>
        sends(
          model,
          'fields_get',
          at,
          [],
          dictExpr(
            [
              {
                key: 'attributes',
                value:
                  attributes ??
                  listExpr(
                    ['string', 'help', 'type'].map((name) => literalExpr(name, at)),
                    at,
                  ),
              },
            ],
            at,
          ),
        ),
    },
  },
];

/** The library an import or require names, if it is one of them. */
export function clientLibrary(packageName: string): ClientLibrary | undefined {
  return CLIENT_LIBRARIES.find((library) => library.packageName === packageName);
}
