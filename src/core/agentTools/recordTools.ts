// The record tools: reading (search_read with its total count, grouped counts) and calling any method through the guards.
import { isReadOnlyMethod } from '../connections/readOnlyMethods';
import { AgentInputError } from './agentToolInput';
import type { AgentSession } from './agentSession';
import { compactList, compactValue, Omissions, omittedNote } from './compactResult';
import { groupMethodOf, readGroups } from './groupedRead';
import { withServerData } from './serverData';

export interface ReadRecordsInput {
  readonly connection?: string;
  readonly model: string;
  readonly method?: 'search_read' | 'read_group';
  readonly domain?: unknown[];
  readonly fields?: string[];
  readonly groupby?: string[];
  readonly aggregates?: string[];
  readonly limit?: number;
  readonly offset?: number;
  readonly order?: string;
}

const DEFAULT_LIMIT = 20;

/**
 * json2_read_records: search_read with the matching records' total (search_count), or grouped values through
 * formatted_read_group (read_group on servers before release 19); all on the read-only list, so no connection refuses them.
 */
export async function readRecords(session: AgentSession, input: ReadRecordsInput, signal?: AbortSignal): Promise<unknown> {
  const client = await session.client(input.connection);
  const domain = input.domain ?? [];
  const limit = input.limit ?? DEFAULT_LIMIT;
  const omitted = new Omissions();
  const cut = { redact: (text: string) => session.redactor.redact(text), omitted };
  if (input.method === 'read_group') {
    if (!input.groupby || input.groupby.length === 0) throw new AgentInputError('"groupby" is required with read_group.');
    const sent = await groupMethodOf(client, signal);
    const groups = await readGroups(
      client,
      sent,
      { model: input.model, domain, groupby: input.groupby, aggregates: input.aggregates ?? ['__count'], limit: limit + 1 },
      signal,
    );
    const more = groups.length > limit;
    const list = compactList(groups.slice(0, limit), cut);
    return withServerData(['groups'], {
      model: input.model,
      method: sent,
      groups: list.items,
      returned: list.items.length,
      ...(more || list.truncated ? { truncated: true } : {}),
      ...omittedNote(omitted),
    });
  }
  const offset = input.offset ?? 0;
  const [records, total] = await Promise.all([
    client.call<unknown[]>(
      {
        model: input.model,
        method: 'search_read',
        args: {
          domain,
          fields: input.fields ?? ['display_name'],
          limit,
          offset,
          ...(input.order !== undefined ? { order: input.order } : {}),
        },
      },
      signal,
    ),
    client.call<number>({ model: input.model, method: 'search_count', args: { domain } }, signal),
  ]);
  const list = compactList(records, cut);
  const returned = list.items.length;
  return withServerData(['records'], {
    model: input.model,
    records: list.items,
    total,
    returned,
    offset,
    ...(offset + returned < total
      ? {
          next: `${total - offset - returned} more: ask again with "offset": ${offset + returned}${list.truncated ? ' (this page was cut to the size budget)' : ''}`,
        }
      : {}),
    ...omittedNote(omitted),
  });
}

export interface CallMethodInput {
  readonly connection?: string;
  readonly model: string;
  readonly method: string;
  readonly ids?: number[];
  readonly args?: Record<string, unknown>;
  readonly context?: Record<string, unknown>;
}

/** json2_call_method: any method, through the connection's guards (read-only, production confirmation) as the tools apply them. */
export async function callMethod(session: AgentSession, input: CallMethodInput, signal?: AbortSignal): Promise<unknown> {
  const client = await session.client(input.connection);
  const result = await client.call(
    {
      model: input.model,
      method: input.method,
      ...(input.args ? { args: input.args } : {}),
      ...(input.ids ? { ids: input.ids } : {}),
      ...(input.context ? { context: input.context } : {}),
    },
    signal,
  );
  const omitted = new Omissions();
  const compact = compactValue(result, { redact: (text) => session.redactor.redact(text), omitted });
  return withServerData(['result'], {
    model: input.model,
    method: input.method,
    readOnly: isReadOnlyMethod(input.method),
    result: compact.value,
    ...(compact.truncated ? { truncated: true } : {}),
    ...omittedNote(omitted),
  });
}
