// Wires the connections feature: stores, service, commands and status bar; hands the service to the other features.
import * as vscode from 'vscode';
import { lazyServerProbe } from '../../core/connections/serverProbe';
import { extensionUserAgent } from '../extensionUserAgent';
import { registerConnectionCommands } from './connectionCommands';
import { type ConnectionPrompts, vscodeConnectionPrompts } from './connectionPrompts';
import { ConnectionSecretStore } from './connectionSecretStore';
import { ConnectionService } from './connectionService';
import { ConnectionSettingsStore } from './connectionSettingsStore';
import { registerConnectionStatusBar } from './connectionStatusBar';
import { ContextSwitcher } from './contextSwitcher';
import { InputAutomation, QuickInputPort } from './quickInputPort';
import { IdentityService } from '../identity/identityService';
import { registerWhoAmI } from '../identity/whoAmIView';

/**
 * What extension tests reach through the extension's exports, in test mode only: the service (never a key: only
 * whether one is stored), the automation of the input boxes, and the answers to the modal dialogs.
 */
export interface ConnectionsTestApi {
  readonly service: ConnectionService;
  readonly inputs: InputAutomation;
  /** The company and language items of the status bar. */
  readonly contextSwitcher: ContextSwitcher;
  /** Who each connection's key acts as, once read (the tree's tooltip, the status bar, "Who Am I"). */
  readonly identities: IdentityService;
  /** The extension's log folder (the "JSON-2" log file is in it), for the test that searches it for keys. */
  readonly logUri: vscode.Uri;
  /** Answers the modal dialogs instead of a person; undefined restores the real dialogs. */
  setPrompts(prompts: ConnectionPrompts | undefined): void;
}

export interface ConnectionsFeature extends vscode.Disposable {
  readonly service: ConnectionService;
  /** The stores behind the service, for features that save a connection themselves (the local sandbox). */
  readonly settings: ConnectionSettingsStore;
  readonly secrets: ConnectionSecretStore;
  readonly testApi: ConnectionsTestApi | undefined;
  /** The company and language switchers, whose lists completion of `context` values offers too. */
  readonly contextSwitcher: ContextSwitcher;
  /** Who each connection's key acts as, read on demand. */
  readonly identities: IdentityService;
}

export function registerConnections(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): ConnectionsFeature {
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const automation = testMode ? new InputAutomation() : undefined;
  let prompts: ConnectionPrompts = vscodeConnectionPrompts;
  const userAgent = extensionUserAgent(context);
  const probe = lazyServerProbe(async () => (await import('../../core/connections/clientServerProbe.js')).clientServerProbe({ userAgent }));
  const settings = new ConnectionSettingsStore();
  const secrets = new ConnectionSecretStore(context.secrets);
  const service = new ConnectionService({ settings, secrets, state: context.workspaceState, log, prompts: () => prompts, userAgent });
  const contextSwitcher = new ContextSwitcher(service, settings, () => new QuickInputPort(automation));
  const identities = new IdentityService(service, [settings.onDidChange, secrets.onDidChange]);
  const disposables = vscode.Disposable.from(
    settings,
    service,
    contextSwitcher,
    identities,
    registerWhoAmI({ service, identities, port: () => new QuickInputPort(automation) }),
    registerConnectionCommands({
      service,
      settings,
      secrets,
      log,
      probe,
      port: () => new QuickInputPort(automation),
      prompts: () => prompts,
    }),
    registerConnectionStatusBar(service, identities),
    ...(automation ? [automation] : []),
  );
  const testApi = automation && {
    service,
    inputs: automation,
    contextSwitcher,
    identities,
    logUri: context.logUri,
    setPrompts: (replacement: ConnectionPrompts | undefined) => {
      prompts = replacement ?? vscodeConnectionPrompts;
    },
  };
  return { service, settings, secrets, testApi, contextSwitcher, identities, dispose: () => disposables.dispose() };
}
