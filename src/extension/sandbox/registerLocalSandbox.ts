// Wires the local sandbox: the Start and Stop commands, their messages, and the service that stops it with the window.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { ConnectionsFeature } from '../connections/registerConnections';
import { MasterPasswordStore } from '../databases/masterPasswordStore';
import type { LocalSandboxDeps, LocalSandboxService, StartOutcome } from './localSandboxService';

type LocalSandboxBundle = { LocalSandboxService: new (deps: LocalSandboxDeps) => LocalSandboxService };

/** What extension tests reach (test mode only): the service, for its state and the process id. */
export interface LocalSandboxTestApi {
  readonly service: LocalSandboxService;
}

export interface LocalSandboxFeature extends vscode.Disposable {
  readonly testApi: LocalSandboxTestApi | undefined;
}

/** Says why a start failed, with the way out: the port setting, the log. */
async function reportFailure(error: { kind: string; message: string }): Promise<void> {
  if (error.kind === 'cancelled') return;
  const showLog = vscode.l10n.t('Show Log');
  const openSettings = vscode.l10n.t('Open Settings');
  const text =
    error.kind === 'install'
      ? vscode.l10n.t('The local sandbox could not be installed: {0}', error.message)
      : error.kind === 'port'
        ? vscode.l10n.t(
            'The local sandbox could not start: {0}. Choose another port in the setting json2.sandbox.port (0 takes any free port).',
            error.message.replace(/; choose another with --port$/, ''),
          )
        : error.kind === 'dataFolder'
          ? vscode.l10n.t(
              "The local sandbox could not start: {0}. It keeps its data in the extension's global storage; free that folder or make it writable.",
              error.message,
            )
          : vscode.l10n.t('The local sandbox could not start: {0}', error.message);
  const actions = error.kind === 'port' ? [openSettings, showLog] : [showLog];
  const chosen = await vscode.window.showErrorMessage(text, ...actions);
  if (chosen === showLog) await vscode.commands.executeCommand(CommandIds.showLog);
  if (chosen === openSettings) await vscode.commands.executeCommand('workbench.action.openSettings', 'json2.sandbox.port');
}

export function registerLocalSandbox(
  context: vscode.ExtensionContext,
  connections: ConnectionsFeature,
  log: vscode.LogOutputChannel,
): LocalSandboxFeature {
  let loaded: LocalSandboxService | undefined;
  // A separate bundle (scripts/build.mjs keeps './localSandbox.js' external): start-up never loads the installer.
  const service = (): LocalSandboxService => {
    if (loaded === undefined) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const bundle = require('./localSandbox.js') as LocalSandboxBundle;
      loaded = new bundle.LocalSandboxService({
        context,
        log,
        service: connections.service,
        settings: connections.settings,
        secrets: connections.secrets,
        masters: new MasterPasswordStore(context.secrets),
      });
    }
    return loaded;
  };
  const disposable = vscode.Disposable.from(
    { dispose: () => loaded?.dispose() },
    vscode.commands.registerCommand(CommandIds.startLocalSandbox, async (): Promise<StartOutcome> => {
      const outcome = await service().start();
      if ('error' in outcome) void reportFailure(outcome.error);
      return outcome;
    }),
    vscode.commands.registerCommand(CommandIds.stopLocalSandbox, async (): Promise<boolean> => {
      const stopped = loaded !== undefined && (await loaded.stop());
      if (!stopped) void vscode.window.showInformationMessage(vscode.l10n.t('The local sandbox is not running in this window.'));
      return stopped;
    }),
  );
  const testApi =
    context.extensionMode === vscode.ExtensionMode.Test
      ? {
          get service() {
            return service();
          },
        }
      : undefined;
  return { testApi, dispose: () => disposable.dispose() };
}
