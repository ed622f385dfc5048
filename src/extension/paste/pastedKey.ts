// A key found in pasted text: the questions asked about it, and a new connection made for it (its server and database
// from the pasted call, the key straight into SecretStorage, nothing of it in settings or files).
import * as vscode from 'vscode';
import { suggestName } from '../../core/connections/addConnectionFlow';
import { connectionNameProblem, parseConnectionEntry } from '../../core/connections/connectionValidation';
import type { FoundKey } from '../../core/migrate/migrateBundle';
import type { ConnectionsFeature } from '../connections/registerConnections';

export interface PasteQuestions {
  /** Store the key for the matching connection (`store`), for a new connection (`new`), or not at all (undefined). */
  storeKey(found: FoundKey, connection: string | undefined): Promise<'store' | 'new' | undefined>;
  /** The new connection's name (undefined: cancelled). */
  connectionName(suggested: string, validate: (name: string) => string | undefined): Promise<string | undefined>;
}

export const vscodePasteQuestions: PasteQuestions = {
  async storeKey(found, connection) {
    const store = connection ? vscode.l10n.t('Store for "{0}"', connection) : undefined;
    const create = vscode.l10n.t('Save as a New Connection…');
    const where = found.baseUrl ? `${found.baseUrl}${found.database ? ` (${found.database})` : ''}` : vscode.l10n.t('an unnamed server');
    const message = vscode.l10n.t(
      "The pasted text holds an API key for {0}. It was not written into the file. Keep it in the editor's secret storage?",
      where,
    );
    const choice = await vscode.window.showInformationMessage(message, ...(store ? [store] : []), ...(found.baseUrl ? [create] : []));
    return choice === undefined ? undefined : choice === store ? 'store' : 'new';
  },
  connectionName: (suggested, validate) =>
    Promise.resolve(
      vscode.window.showInputBox({
        title: vscode.l10n.t('New connection for the pasted key'),
        prompt: vscode.l10n.t("The connection's name"),
        value: suggested,
        validateInput: validate,
      }),
    ),
};

interface NewConnectionDeps {
  readonly connections: ConnectionsFeature;
  readonly questions: PasteQuestions;
  readonly log: vscode.LogOutputChannel;
}

/** Saves a connection (user settings) for the pasted key's server and database, the key in SecretStorage; its name. */
export async function saveKeyAsConnection(found: FoundKey, deps: NewConnectionDeps): Promise<string | undefined> {
  if (!found.baseUrl) return undefined;
  const existing = deps.connections.service.list().map((saved) => saved.profile.name);
  const validate = (name: string): string | undefined =>
    existing.some((other) => other.toLowerCase() === name.toLowerCase())
      ? vscode.l10n.t('A connection named "{0}" exists already.', name)
      : connectionNameProblem(name);
  const name = await deps.questions.connectionName(suggestName({ baseUrl: found.baseUrl, database: found.database }, existing), validate);
  if (name === undefined || validate(name) !== undefined) return undefined;
  const parsed = parseConnectionEntry({ name, baseUrl: found.baseUrl, ...(found.database ? { database: found.database } : {}) });
  if ('problems' in parsed) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The connection cannot be saved: {0}', parsed.problems.join(' ')));
    return undefined;
  }
  // The key first: when the settings change is seen, the connection is complete.
  await deps.connections.secrets.store(parsed.profile, found.key);
  await deps.connections.settings.save(parsed.profile, 'user');
  deps.log.info(`[${name}] added from a pasted request (${parsed.profile.baseUrl})`);
  void vscode.window.showInformationMessage(vscode.l10n.t('Connection "{0}" saved with the pasted key.', name));
  return name;
}
