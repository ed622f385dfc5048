// Open in Browser from the response panel: the answer's record (or a many2one cell's record) in the server's web client.
import * as vscode from 'vscode';
import { webClientUrl } from '../../core/client/webClientUrl';
import type { ConnectionService } from '../connections/connectionService';
import type { ResponsePanel } from './responsePanel';

/** How an address is handed to the browser: `vscode.env.openExternal`, or (tests) a recorder. */
export type OpenExternal = (uri: vscode.Uri) => Thenable<boolean>;

/**
 * Opens the record `id` of the panel's answer, or, for a many2one cell (`field`), the record of the field's relation
 * (asked of the server with `fields_get`); returns the address opened, or undefined when the answer is not a model call.
 */
export async function openRecordInBrowser(
  service: ConnectionService,
  panel: ResponsePanel,
  id: number,
  field: string | undefined,
  openExternal: OpenExternal,
): Promise<string | undefined> {
  const response = panel.response;
  const call = /^POST ([A-Za-z0-9_.]+)\/[A-Za-z0-9_]+$/.exec(response?.request ?? '');
  if (!response || !call) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open in Browser needs the answer of a model call.'));
    return undefined;
  }
  const saved = response.connection === undefined ? service.active() : service.find(response.connection);
  if (!saved) throw new Error(vscode.l10n.t('No connection named "{0}".', response.connection ?? ''));
  let model = call[1];
  if (field !== undefined) {
    const client = await service.client(saved.profile.name);
    const fields = await client.call<Record<string, { relation?: string }>>({
      model,
      method: 'fields_get',
      args: { allfields: [field], attributes: ['relation'] },
    });
    const relation = fields[field]?.relation;
    if (!relation) throw new Error(vscode.l10n.t('The field {0} of {1} is not a link to another model.', field, model));
    model = relation;
  }
  const { profile } = saved;
  const url = webClientUrl({
    baseUrl: profile.baseUrl,
    model,
    id,
    ...(profile.database ? { database: profile.database } : {}),
    ...(profile.serverVersion ? { serverVersion: profile.serverVersion } : {}),
  });
  await openExternal(vscode.Uri.parse(url, true));
  return url;
}
