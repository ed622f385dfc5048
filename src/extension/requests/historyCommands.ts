// Commands of the request history: browse it (show an answer again), rerun an entry, clear it.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { RequestHistory } from './requestHistory';
import type { RequestRunService } from './requestRunService';
import type { ResponsePanels } from './responsePanels';

/** Whether the history's quick pick is on screen (tests wait for it before pressing keys in it). */
export interface HistoryPickState {
  shown: boolean;
}

export function registerHistoryCommands(
  history: RequestHistory,
  panels: ResponsePanels,
  runs: RequestRunService,
  pickState: HistoryPickState = { shown: false },
): vscode.Disposable {
  const rerun = async (id: unknown) => {
    const entry = typeof id === 'string' ? history.find(id) : undefined;
    if (!entry) return undefined;
    return runs.send(await vscode.workspace.openTextDocument(vscode.Uri.parse(entry.uri)), entry.index);
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.showHistory, async (id?: unknown) => {
      let entry = typeof id === 'string' ? history.find(id) : undefined;
      if (!entry) {
        const rerunButton = { iconPath: new vscode.ThemeIcon('debug-rerun'), tooltip: vscode.l10n.t('Rerun') };
        const quickPick = vscode.window.createQuickPick<vscode.QuickPickItem & { id: string }>();
        quickPick.title = vscode.l10n.t('JSON-2 request history');
        quickPick.items = history.entries().map((item) => ({
          id: item.id,
          label: item.response.title,
          description: `${item.response.request} → ${item.response.status ?? item.response.error?.kind ?? ''}`,
          detail: `${new Date(item.at).toLocaleString()} · ${vscode.Uri.parse(item.uri).path.split('/').pop() ?? ''}`,
          buttons: [rerunButton],
        }));
        const picked = await new Promise<string | undefined>((resolve) => {
          quickPick.onDidAccept(() => resolve(quickPick.selectedItems[0]?.id));
          quickPick.onDidTriggerItemButton((event) => {
            quickPick.hide();
            void rerun(event.item.id);
            resolve(undefined);
          });
          quickPick.onDidHide(() => resolve(undefined));
          quickPick.show();
          pickState.shown = true;
        });
        pickState.shown = false;
        quickPick.dispose();
        entry = picked === undefined ? undefined : history.find(picked);
      }
      if (entry) panels.show(entry.uri, entry.index, entry.response);
      return entry?.id;
    }),
    vscode.commands.registerCommand(CommandIds.rerunHistory, rerun),
    vscode.commands.registerCommand(CommandIds.clearHistory, async () => {
      await history.clear();
      void vscode.window.showInformationMessage(vscode.l10n.t('The JSON-2 request history is cleared.'));
    }),
  );
}
