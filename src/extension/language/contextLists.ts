// What completion of `context` keys and values knows of a document's connection: the switchers' lists (companies,
// languages, time zones; asked of the server once, as the status bar does) and the connection's default context.
import * as vscode from 'vscode';
import type { ContextChoices } from '../../core/connections/contextChoices';
import type { ContextLists } from '../../core/language';
import type { ConnectionService } from '../connections/connectionService';

export interface ChoicesSource {
  choices(name: string): Promise<ContextChoices>;
}

/** After a failed read, the lists are not asked again for this long (completion must not wait on an offline server). */
const RETRY_AFTER_MS = 60_000;

export class ContextListsOfConnections {
  readonly #failedAt = new Map<string, number>();

  constructor(
    private readonly connections: ConnectionService,
    private readonly source: ChoicesSource,
  ) {}

  /** The lists of a connection; only its default context when the workspace is untrusted, no key is stored, or the server fails. */
  async lists(name: string | undefined): Promise<ContextLists> {
    const saved = name === undefined ? undefined : this.connections.find(name);
    if (!saved || name === undefined) return {};
    const defaults = saved.profile.defaultContext;
    const known = defaults ? { defaults } : {};
    const failed = this.#failedAt.get(name);
    if (failed !== undefined && Date.now() - failed < RETRY_AFTER_MS) return known;
    if (!vscode.workspace.isTrusted || !(await this.connections.hasSecret(name))) return known;
    try {
      return { ...known, choices: await this.source.choices(name) };
    } catch {
      this.#failedAt.set(name, Date.now());
      return known;
    }
  }
}
