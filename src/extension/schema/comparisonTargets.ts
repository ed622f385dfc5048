// Which two databases `Compare Schemas…` compares: the two database (or connection) nodes selected in the tree, one node
// and a second database picked from a list, or two picked from the list (command palette).
import * as vscode from 'vscode';
import { BACK, type InputPort, type PickItem } from '../../core/connections/inputPort';
import type { ConnectionService } from '../connections/connectionService';
import type { ExplorerNode } from '../explorer/explorerNodes';
import type { ExplorerSchemas } from '../explorer/explorerSchemas';

/** One side of a comparison: a connection's database ('' for the one the server picks). */
export interface ComparisonTarget {
  readonly connectionName: string;
  readonly database: string;
}

/** How a side is named in the view, the export and the pick lists (`production / prod`). */
export const targetLabel = (target: ComparisonTarget): string =>
  `${target.connectionName} / ${target.database || vscode.l10n.t('(server default)')}`;

/** The side a database node, or a connection node (its configured database), stands for. */
export function targetOfNode(node: ExplorerNode, connections: ConnectionService): ComparisonTarget | undefined {
  if (node.kind === 'database') return { connectionName: node.connectionName, database: node.database };
  if (node.kind === 'connection')
    return { connectionName: node.connectionName, database: connections.find(node.connectionName)?.profile.database ?? '' };
  return undefined;
}

/** Every connection's databases (the server's list where it gives one), each keyed by its label. */
export async function candidates(connections: ConnectionService, schemas: ExplorerSchemas): Promise<Map<string, ComparisonTarget>> {
  const listed = await Promise.all(
    connections.list().map(async (saved) => {
      const listing = await schemas.databases(saved.profile.name).catch(() => ({ databases: [saved.profile.database ?? ''] }));
      return listing.databases.map((database): ComparisonTarget => ({ connectionName: saved.profile.name, database }));
    }),
  );
  return new Map(listed.flat().map((target) => [targetLabel(target), target]));
}

const pickItem = (target: ComparisonTarget): PickItem<string> => ({
  label: target.database || vscode.l10n.t('(server default)'),
  description: target.connectionName,
  value: targetLabel(target),
});

export interface TargetPicking {
  readonly port: InputPort;
  readonly connections: ConnectionService;
  readonly schemas: ExplorerSchemas;
}

/** The two sides from the nodes given (0, 1 or 2 usable ones), asking for what is missing; undefined when cancelled. */
export async function chooseTargets(
  picking: TargetPicking,
  given: readonly ComparisonTarget[],
): Promise<[ComparisonTarget, ComparisonTarget] | undefined> {
  if (given.length >= 2) return [given[0], given[1]];
  const byLabel = await candidates(picking.connections, picking.schemas);
  const items = [...byLabel.values()].map(pickItem);
  const title = vscode.l10n.t('Compare Schemas');
  const ask = (id: string, step: number, totalSteps: number, placeholder: string, without?: string) =>
    picking.port.pick({ id, title, step, totalSteps, placeholder, items: items.filter((item) => item.value !== without) });
  if (given.length === 1) {
    const second = await ask('compareWith', 1, 1, vscode.l10n.t('Compare {0} with…', targetLabel(given[0])), targetLabel(given[0]));
    return typeof second === 'string' && byLabel.has(second) ? [given[0], byLabel.get(second) as ComparisonTarget] : undefined;
  }
  for (;;) {
    const first = await ask('compareFrom', 1, 2, vscode.l10n.t('The database to compare from (the older schema)'));
    if (typeof first !== 'string' || !byLabel.has(first)) return undefined;
    const second = await ask('compareTo', 2, 2, vscode.l10n.t('Compare {0} with…', first), first);
    if (second === BACK) continue;
    if (typeof second !== 'string' || !byLabel.has(second)) return undefined;
    return [byLabel.get(first) as ComparisonTarget, byLabel.get(second) as ComparisonTarget];
  }
}
