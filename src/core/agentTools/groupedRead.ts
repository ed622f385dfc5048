// Grouped reads for json2_read_records: formatted_read_group from release 19 on, read_group on older servers.
import type { ConnectionClient } from '../connections/connectionClient';
import { isLegacyProtocol } from '../connections/connectionProfile';

export interface GroupedReadInput {
  readonly model: string;
  readonly domain: unknown[];
  readonly groupby: string[];
  /** `field:aggregator` or `__count`. */
  readonly aggregates: string[];
  readonly limit: number;
}

export type GroupMethod = 'formatted_read_group' | 'read_group';

/** The release's major number (`18.0`, `saas~18.4`, `19.0+e`); undefined when none can be read. */
function majorOf(version: string | undefined): number | undefined {
  const match = version === undefined ? null : /(\d+)/.exec(version);
  return match ? Number(match[1]) : undefined;
}

/**
 * The method that groups on this connection: formatted_read_group came with release 19, with JSON-2, so a JSON-2
 * connection always has it; a connection on the deprecated interfaces uses read_group below 19 (the release saved with
 * the connection, else the one the server tells).
 */
export async function groupMethodOf(client: ConnectionClient, signal?: AbortSignal): Promise<GroupMethod> {
  if (!isLegacyProtocol(client.profile.protocol)) return 'formatted_read_group';
  const major = majorOf(client.profile.serverVersion) ?? majorOf(await client.serverVersion(signal));
  return major !== undefined && major < 19 ? 'read_group' : 'formatted_read_group';
}

/**
 * Groups through `method`, answered in formatted_read_group's shape either way (each groupby, each aggregate under
 * the name asked, `__count`), so an agent reads the same keys from every release; read_group's `__domain` is kept.
 */
export async function readGroups(
  client: ConnectionClient,
  method: GroupMethod,
  input: GroupedReadInput,
  signal?: AbortSignal,
): Promise<unknown[]> {
  const { model, domain, groupby, aggregates, limit } = input;
  if (method === 'formatted_read_group') {
    return client.call<unknown[]>({ model, method, args: { domain, groupby, aggregates, limit } }, signal);
  }
  // read_group: aggregates as `fields` (`field:aggregator`), every groupby at once (not lazy), `__count` always there.
  const fields = aggregates.filter((spec) => spec !== '__count');
  const rows = await client.call<Array<Record<string, unknown>>>(
    { model, method, args: { domain, fields, groupby, limit, lazy: false } },
    signal,
  );
  // Names come from the agent's input: read as own members only, written as members (even `__proto__`).
  const member = (row: Record<string, unknown>, name: string): unknown => (Object.hasOwn(row, name) ? row[name] : undefined);
  return rows.map((row) =>
    Object.fromEntries([
      ...groupby.map((spec) => [spec, member(row, spec)]),
      ...aggregates.map((spec) => [spec, member(row, spec === '__count' ? '__count' : spec.split(':')[0])]),
      ['__domain', member(row, '__domain')],
    ]),
  );
}
