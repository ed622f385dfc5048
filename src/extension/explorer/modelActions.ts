// Actions on a model node: a new request file for it, its first 80 records in the response panel, its technical name
// on the clipboard, the server's documentation page of the model and its list in the web client, in the browser.
import * as vscode from 'vscode';
import { webClientUrl } from '../../core/client/webClientUrl';
import { requestDatabaseHeader } from '../../core/client/databaseSelection';
import { documentationUrl, modelRequestText, sampleDomain, usefulFields } from '../../core/explorer/modelRequest';
import { inertLinks } from '../../core/untrustedText/linkedText';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import type { RunSummary } from '../requests/requestRunService';
import type { ModelNode } from './explorerNodes';
import type { ExplorerSchemas } from './explorerSchemas';

const OPEN_RECORDS_LIMIT = 80;
const NEW_FILE_LIMIT = 20;

export class ModelActions {
  /**
   * `storage`: where the request of Open Records is written (a file, so that no unsaved editor is left behind);
   * `openExternal`: how an address is opened in the browser (tests record it instead).
   */
  constructor(
    private readonly connections: ConnectionService,
    private readonly schemas: ExplorerSchemas,
    private readonly storage: vscode.Uri | undefined,
    private readonly openExternal: (uri: vscode.Uri) => Thenable<boolean> = (uri) => vscode.env.openExternal(uri),
  ) {}

  /** Opens an untitled .json2 file with a search_read on the model (useful fields, a sample domain). */
  async newRequestFile(node: ModelNode): Promise<vscode.Uri> {
    const document = await vscode.workspace.openTextDocument({
      language: 'json2',
      content: await this.#requestText(node, NEW_FILE_LIMIT, true),
    });
    await vscode.window.showTextDocument(document);
    return document.uri;
  }

  /** Sends a search_read of the first 80 records through the requests feature, so the answer shows in the panel. */
  async openRecords(node: ModelNode): Promise<RunSummary | undefined> {
    const content = await this.#requestText(node, OPEN_RECORDS_LIMIT, false);
    let uri: vscode.Uri;
    if (this.storage) {
      const folder = vscode.Uri.joinPath(this.storage, 'explorer-requests');
      await vscode.workspace.fs.createDirectory(folder);
      uri = vscode.Uri.joinPath(folder, `${encodeURIComponent(`${node.connectionName}.${node.database}.${node.model}`)}.json2`);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
      // A document already open on this file catches up with the disk asynchronously: send only once it has.
      const document = await vscode.workspace.openTextDocument(uri);
      for (let waited = 0; document.getText() !== content && waited < 2000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } else {
      uri = (await vscode.workspace.openTextDocument({ language: 'json2', content })).uri;
    }
    return vscode.commands.executeCommand<RunSummary | undefined>(CommandIds.sendRequest, uri, 0);
  }

  async copyName(node: ModelNode): Promise<string> {
    await vscode.env.clipboard.writeText(node.model);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}.', node.model), 2000);
    return node.model;
  }

  /**
   * Opens `/doc/<model>` of the connection's server; returns the address. The page uses the browser's session, so
   * unless the server lists the node's database as its only one, the address goes through the login page for that
   * database. A server known to be older than 19.0 has no such page: that is said instead.
   */
  async openDocumentation(node: ModelNode): Promise<string | undefined> {
    const saved = this.connections.find(node.connectionName);
    if (!saved) throw new Error(vscode.l10n.t('No connection named "{0}".', node.connectionName));
    const release = /^(\d+)\./.exec(saved.profile.serverVersion ?? '');
    if (release && Number(release[1]) < 19) {
      void vscode.window.showInformationMessage(
        inertLinks(
          vscode.l10n.t(
            'The server of "{0}" runs version {1}, which has no documentation page (it came with version 19.0).',
            node.connectionName,
            saved.profile.serverVersion ?? '',
          ),
        ),
      );
      return undefined;
    }
    const url = documentationUrl(saved.profile.baseUrl, node.model, await this.#browserDatabase(node));
    await this.openExternal(vscode.Uri.parse(url, true));
    return url;
  }

  /** Opens the model's list in the server's web client (the address form of its release); returns the address. */
  async openInBrowser(node: ModelNode): Promise<string> {
    const saved = this.connections.find(node.connectionName);
    if (!saved) throw new Error(vscode.l10n.t('No connection named "{0}".', node.connectionName));
    const database = await this.#browserDatabase(node);
    const url = webClientUrl({
      baseUrl: saved.profile.baseUrl,
      model: node.model,
      ...(database !== undefined ? { database } : {}),
      ...(saved.profile.serverVersion ? { serverVersion: saved.profile.serverVersion } : {}),
    });
    await this.openExternal(vscode.Uri.parse(url, true));
    return url;
  }

  /** The database the browser must log in to: the node's, unless the server lists it as its only one. */
  async #browserDatabase(node: ModelNode): Promise<string | undefined> {
    if (node.database === '') return undefined;
    const listing = await this.schemas.databases(node.connectionName);
    const onlyOne = listing.listRefused === undefined && listing.databases.length === 1 && listing.databases[0] === node.database;
    return onlyOne ? undefined : node.database;
  }

  async #requestText(node: ModelNode, limit: number, withDomain: boolean): Promise<string> {
    const fields = await (await this.schemas.schema(node.connectionName, node.database)).fields(node.model);
    const saved = this.connections.find(node.connectionName);
    const configured = saved?.profile.database ?? '';
    return modelRequestText({
      connectionName: node.connectionName,
      model: node.model,
      label: node.info.name,
      limit,
      fields: usefulFields(fields),
      domain: withDomain ? sampleDomain(fields) : [],
      ...(node.database !== configured && node.database !== ''
        ? { database: { header: requestDatabaseHeader(saved?.profile.databaseHeader), name: node.database } }
        : {}),
    });
  }
}
