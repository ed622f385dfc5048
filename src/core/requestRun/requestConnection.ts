// Which saved connection a request uses: the command line's choice, the request's `# @connection`, the file's, or the default.
import type { MetadataNode, RequestFile } from '../requestFile';

/** Where a request's connection comes from. */
export type ConnectionChoice =
  /** No `# @connection` applies: the default connection (the active one in the editor, the only one in the CLI). */
  | { readonly kind: 'default' }
  /** A name: `--connection` (override), the request's own line, or the file's. */
  | { readonly kind: 'named'; readonly name: string; readonly from: 'override' | 'request' | 'file' }
  /** A name written with placeholders: known once the request's values are resolved. */
  | { readonly kind: 'placeholders'; readonly line: MetadataNode };

/**
 * The connection a request of `parsed` uses (`index` undefined: the file's own choice), the one rule for the editor's
 * features, its sending and `json2 run`: `override` (`--connection`) wins; then the request's `# @connection`, then
 * the file's; without any, the default connection.
 */
export function chooseRequestConnection(parsed: RequestFile, index: number | undefined, override?: string): ConnectionChoice {
  if (override !== undefined) return { kind: 'named', name: override, from: 'override' };
  const own = index === undefined ? undefined : parsed.requests[index]?.connection;
  const line = own?.value ? own : parsed.fileMeta.connection;
  if (!line?.value) return { kind: 'default' };
  if (line.placeholders.length > 0) return { kind: 'placeholders', line };
  return { kind: 'named', name: line.value.text, from: line === own ? 'request' : 'file' };
}

/**
 * The name a choice gives without resolving anything; undefined for the default connection. A name written with
 * placeholders counts as the default where nothing may be resolved (while typing: no prompt may open).
 */
export function chosenName(choice: ConnectionChoice): string | undefined {
  return choice.kind === 'named' ? choice.name : undefined;
}
