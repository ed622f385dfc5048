// The "Who Am I" view of a connection: a read-only Markdown document (previewed) of who its key acts as — groups by
// application, companies, language, time zone, the key's scope and expiry — made by the core's identityMarkdown.
import * as vscode from 'vscode';
import { identityMarkdown } from '../../core/access/identityText';
import type { InputPort } from '../../core/connections/inputPort';
import { CommandIds } from '../commandIds';
import { chooseConnection, type NodeArgument } from '../connections/connectionChoice';
import type { ConnectionService } from '../connections/connectionService';
import type { IdentityService } from './identityService';

export const WHO_AM_I_SCHEME = 'json2-whoami';

/** The documents' text by URI, filled before each is opened. */
class WhoAmIDocuments implements vscode.TextDocumentContentProvider {
  readonly #texts = new Map<string, string>();
  readonly #changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.#changed.event;

  set(uri: vscode.Uri, text: string): void {
    this.#texts.set(uri.toString(), text);
    this.#changed.fire(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.#texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.#changed.dispose();
  }
}

const documentUri = (name: string) => vscode.Uri.from({ scheme: WHO_AM_I_SCHEME, path: `/${encodeURIComponent(name)}.md` });

/** Reads the chosen connection's identity (with progress) and shows it; resolves with the document's URI, if shown. */
async function showWhoAmI(deps: WhoAmIDeps, documents: WhoAmIDocuments, argument: NodeArgument): Promise<string | undefined> {
  const saved = await chooseConnection(deps.service, deps.port(), argument, vscode.l10n.t('Who am I on…'));
  if (!saved) return undefined;
  const name = saved.profile.name;
  try {
    const identity = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading who the key of {0} acts as…', name) },
      () => deps.identities.load(name),
    );
    const uri = documentUri(name);
    documents.set(uri, identityMarkdown(identity, name));
    await openPreview(uri);
    return uri.toString();
  } catch (error) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Who the key of {0} acts as could not be read: {1}', name, error instanceof Error ? error.message : String(error)),
    );
    return undefined;
  }
}

/** The Markdown preview of the document; its source when the preview is not available. */
async function openPreview(uri: vscode.Uri): Promise<void> {
  try {
    await vscode.commands.executeCommand('markdown.showPreview', uri);
  } catch {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }
}

export interface WhoAmIDeps {
  readonly service: ConnectionService;
  readonly identities: IdentityService;
  readonly port: () => InputPort;
}

/** The `json2.whoAmI` command (palette and the connection node's menu) and its documents. */
export function registerWhoAmI(deps: WhoAmIDeps): vscode.Disposable {
  const documents = new WhoAmIDocuments();
  return vscode.Disposable.from(
    documents,
    vscode.workspace.registerTextDocumentContentProvider(WHO_AM_I_SCHEME, documents),
    vscode.commands.registerCommand(CommandIds.whoAmI, (argument?: NodeArgument) => showWhoAmI(deps, documents, argument)),
  );
}
