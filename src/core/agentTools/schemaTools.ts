// The exploring tools: the saved connections (and their servers' databases), models by name or label, a model's fields.
import { DatabaseManagerClient } from '../client/databaseManagerClient';
import type { ConnectionProfile } from '../connections/connectionProfile';
import { filterModels } from '../explorer/modelListing';
import type { FieldInfo } from '../schema/schemaTypes';
import type { AgentSession } from './agentSession';
import { compactList, Omissions, omittedNote } from './compactResult';
import { withServerData } from './serverData';

interface ConnectionSummary {
  readonly name: string;
  readonly url: string;
  readonly database?: string;
  readonly interface: string;
  readonly readOnly: boolean;
  readonly production: boolean;
  readonly databases?: readonly string[];
  readonly databasesError?: string;
}

/** json2_list_connections: every saved connection as the tools apply it; with `databases`, each server's list. */
export async function listConnections(session: AgentSession, input: { databases?: boolean }, signal?: AbortSignal): Promise<unknown> {
  const profiles = await session.profiles();
  const summaries = await Promise.all(
    profiles.map(async (profile): Promise<ConnectionSummary> => {
      const applied = session.effectiveProfile(profile);
      const summary: ConnectionSummary = {
        name: profile.name,
        url: profile.baseUrl,
        ...(profile.database !== undefined ? { database: profile.database } : {}),
        interface: profile.protocol === 'json2' ? 'JSON-2' : profile.protocol === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC',
        readOnly: applied.readOnly,
        production: profile.production,
      };
      return input.databases ? { ...summary, ...(await databasesOf(profile, signal)) } : summary;
    }),
  );
  return withServerData(['connections'], {
    connections: summaries,
    writes: session.allowWrites
      ? 'allowed on connections that are not read-only (production connections ask first)'
      : `off: every connection is read-only for agents (${session.allowWritesHint})`,
  });
}

async function databasesOf(
  profile: ConnectionProfile,
  signal: AbortSignal | undefined,
): Promise<Pick<ConnectionSummary, 'databases' | 'databasesError'>> {
  // The database list needs no key: nothing secret travels with this request.
  const manager = new DatabaseManagerClient({ baseUrl: profile.baseUrl, allowInsecureHttp: profile.allowInsecureHttp });
  try {
    return { databases: await manager.list(signal) };
  } catch (error) {
    return { databasesError: (error as Error).message };
  } finally {
    await manager.close();
  }
}

/**
 * json2_find_models: the models the explorer's filter keeps (every word of the query in the technical name or the
 * label, so "sale order" finds "Sales Order"), exact matches first, then those the query starts, then those where
 * each word starts a word of the name or label.
 */
export async function findModels(
  session: AgentSession,
  input: { connection?: string; query?: string; limit?: number },
  signal?: AbortSignal,
): Promise<unknown> {
  const schema = await session.schema(input.connection);
  const models = await schema.models({ ...(signal ? { signal } : {}) });
  const query = (input.query ?? '').trim().toLowerCase();
  const matches = filterModels(models, query)
    .map((info) => ({ info, rank: matchRank(query, info.model.toLowerCase(), info.name.toLowerCase()) }))
    .sort((a, b) => a.rank - b.rank || a.info.model.localeCompare(b.info.model))
    .map(({ info }) => ({ model: info.model, label: info.name }));
  const limited = matches.slice(0, input.limit ?? 50);
  const omitted = new Omissions();
  const list = compactList(limited, { total: matches.length, redact: (text) => session.redactor.redact(text), omitted });
  return withServerData(['models'], {
    models: list.items,
    total: list.total,
    ...(list.truncated ? { truncated: true, hint: 'Give a more precise query to see the others.' } : {}),
    ...omittedNote(omitted),
  });
}

/** 0 exact, 1 the name or label starts with the query, 2 each word of the query starts one of theirs, 3 the rest. */
function matchRank(query: string, model: string, label: string): number {
  if (query === '' || model === query || label === query) return 0;
  if (model.startsWith(query) || label.startsWith(query)) return 1;
  const words = [...model.split(/[._\s]+/), ...label.split(/[^\p{L}\p{N}]+/u)];
  const wanted = query.split(/[\s.]+/).filter((word) => word !== '');
  return wanted.every((word) => words.some((candidate) => candidate.startsWith(word))) ? 2 : 3;
}

function describeField(field: FieldInfo): Record<string, unknown> {
  return {
    name: field.name,
    type: field.type,
    ...(field.string !== undefined ? { label: field.string } : {}),
    ...(field.relation ? { relation: field.relation } : {}),
    ...(field.required ? { required: true } : {}),
    ...(field.readonly ? { readonly: true } : {}),
    ...(field.selection && field.selection.length > 0 ? { selection: field.selection.map(([value, label]) => ({ value, label })) } : {}),
  };
}

/** json2_describe_model: the fields (all, some by name, or those matching a query) and the method names. */
export async function describeModel(
  session: AgentSession,
  input: { connection?: string; model: string; fields?: string[]; query?: string },
  signal?: AbortSignal,
): Promise<unknown> {
  const schema = await session.schema(input.connection);
  const options = signal ? { signal } : {};
  const fields = await schema.fields(input.model, options);
  const methods = await schema.methods(input.model, options);
  let chosen = Object.values(fields);
  const unknown: string[] = [];
  if (input.fields) {
    // Own members only: `constructor` or `__proto__` is no field of any model.
    const known = (name: string) => Object.hasOwn(fields, name);
    for (const name of input.fields) if (!known(name)) unknown.push(name);
    chosen = input.fields.filter(known).map((name) => fields[name]);
  }
  const query = input.query?.trim().toLowerCase();
  if (query)
    chosen = chosen.filter((field) => field.name.toLowerCase().includes(query) || (field.string ?? '').toLowerCase().includes(query));
  chosen.sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)) || a.name.localeCompare(b.name));
  const omitted = new Omissions();
  const cut = { redact: (text: string) => session.redactor.redact(text), omitted };
  const list = compactList(chosen.map(describeField), { ...cut, budget: 10_000 });
  const names = compactList(
    methods
      .map((method) => method.name)
      .sort()
      .slice(0, 200),
    { ...cut, budget: 3_000 },
  );
  return withServerData(['fields', 'methods'], {
    model: input.model,
    fields: list.items,
    fieldCount: list.total,
    ...(list.truncated ? { truncated: true, hint: 'Ask for fewer fields with "fields" or "query".' } : {}),
    ...(unknown.length > 0 ? { unknownFields: compactList(unknown, { ...cut, budget: 1_000 }).items } : {}),
    methods: names.items,
    methodCount: methods.length,
    ...omittedNote(omitted),
  });
}
