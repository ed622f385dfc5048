// The connection a key or database command works on: the one its tree node or argument names, else one picked.
import * as vscode from 'vscode';
import type { SavedConnection } from '../../core/connections/connectionProfile';
import { BACK, type InputPort } from '../../core/connections/inputPort';
import type { ConnectionService } from './connectionService';
import { CommandIds } from '../commandIds';

/** A command's argument: a connection's name, or a tree node (`json2.connection`, `json2.database`) carrying one. */
export type NodeArgument = string | { readonly connectionName?: string; readonly database?: string } | undefined;

export function connectionNameOf(argument: NodeArgument): string | undefined {
  return typeof argument === 'string' ? argument : argument?.connectionName;
}

export function databaseOf(argument: NodeArgument): string | undefined {
  return typeof argument === 'object' ? argument.database : undefined;
}

/**
 * The connection the argument names, else one the person picks (the active one first): the one way every command
 * (connections, keys, databases) finds its connection. `json2Only` keeps the connections of the deprecated interfaces
 * out (keys are managed through JSON-2).
 */
export async function chooseConnection(
  service: ConnectionService,
  port: InputPort,
  argument: NodeArgument,
  title: string,
  json2Only = false,
): Promise<SavedConnection | undefined> {
  const name = connectionNameOf(argument);
  if (name !== undefined) {
    const found = service.find(name);
    if (!found) void vscode.window.showErrorMessage(vscode.l10n.t('No connection named "{0}".', name));
    else if (json2Only && found.profile.protocol !== 'json2') {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('"{0}" uses a deprecated RPC interface: API keys are managed through JSON-2 connections.', name),
      );
      return undefined;
    }
    return found;
  }
  const connections = service.list().filter((saved) => !json2Only || saved.profile.protocol === 'json2');
  if (connections.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No JSON-2 connection yet: add one first.'));
    return undefined;
  }
  const picked = await port.pick({
    id: 'connection',
    title,
    step: 1,
    totalSteps: 1,
    placeholder: vscode.l10n.t('Which connection?'),
    active: service.active()?.profile.name,
    items: connections.map((saved) => ({
      label: saved.profile.name,
      description: [saved.profile.baseUrl, saved.profile.database].filter(Boolean).join(' · '),
      detail: saved.level === 'workspace' ? vscode.l10n.t('workspace settings') : vscode.l10n.t('user settings'),
      value: saved.profile.name,
    })),
  });
  return picked === undefined || picked === BACK ? undefined : service.find(picked);
}

/** Runs CommandIds.explorerRefresh when the explorer registered it; a missing command is not an error. */
export async function refreshExplorer(): Promise<void> {
  const commands = await vscode.commands.getCommands(true);
  if (commands.includes(CommandIds.explorerRefresh)) await vscode.commands.executeCommand(CommandIds.explorerRefresh);
}
