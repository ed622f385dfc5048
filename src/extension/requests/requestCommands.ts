// The requests feature's commands: send, send all, cancel, rerun last, export, new file, and the panel's buttons.
import { explainInPanel } from './explainCommands';
import * as vscode from 'vscode';
import { requestAt } from '../../core/requestFile';
import { inertLinks } from '../../core/untrustedText/linkedText';
import type { CommandMessage } from '../../shared/panelMessages';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import { parsedDocument } from '../parsedDocuments';
import { type ExportFormat, exportRequest } from './requestExport';
import type { RequestPrompts } from './requestPrompts';
import type { RequestRunService, RunSummary } from './requestRunService';
import { REQUEST_FILE_TEMPLATE } from './requestTemplate';
import type { PanelAnswer } from './panelAnswer';
import type { ResponsePanel } from './responsePanel';

export interface RequestCommandDeps {
  readonly runs: RequestRunService;
  readonly service: ConnectionService;
  readonly prompts: () => RequestPrompts;
}

/** The document of a command's argument (a Uri or its text), else the active json2 editor's. */
async function documentOf(target: unknown): Promise<vscode.TextDocument | undefined> {
  if (target instanceof vscode.Uri) return vscode.workspace.openTextDocument(target);
  if (typeof target === 'string') return vscode.workspace.openTextDocument(vscode.Uri.parse(target));
  const editor = vscode.window.activeTextEditor;
  return editor?.document.languageId === 'json2' ? editor.document : undefined;
}

/** The request index given, else the one under the cursor of the document's editor. */
function indexOf(document: vscode.TextDocument, index: unknown): number | undefined {
  if (typeof index === 'number') return index;
  const editor = vscode.window.visibleTextEditors.find((visible) => visible.document === document);
  if (!editor) return undefined;
  return requestAt(parsedDocument(document), document.offsetAt(editor.selection.active))?.index;
}

const EXPORTS: ReadonlyArray<[string, ExportFormat]> = [
  [CommandIds.exportCurl, 'curl'],
  [CommandIds.exportPython, 'python'],
  [CommandIds.exportJavaScript, 'javascript'],
  [CommandIds.exportExecuteKw, 'executeKw'],
];

export function registerRequestCommands(deps: RequestCommandDeps): vscode.Disposable {
  const { runs } = deps;
  const noRequest = (): undefined => {
    void vscode.window.showInformationMessage(vscode.l10n.t('Put the cursor in a request of a .json2 file first.'));
    return undefined;
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.sendRequest, async (target?: unknown, index?: unknown): Promise<RunSummary | undefined> => {
      const document = await documentOf(target);
      const at = document && indexOf(document, index);
      if (!document || at === undefined) return noRequest();
      return runs.send(document, at);
    }),
    vscode.commands.registerCommand(CommandIds.sendAllRequests, async (target?: unknown): Promise<RunSummary | undefined> => {
      const document = await documentOf(target);
      if (!document) return noRequest();
      return runs.sendAll(document);
    }),
    vscode.commands.registerCommand(CommandIds.cancelRequest, async (target?: unknown, index?: unknown): Promise<number> => {
      const document = target === undefined ? undefined : await documentOf(target);
      return runs.cancel(document?.uri, typeof index === 'number' ? index : undefined);
    }),
    vscode.commands.registerCommand(CommandIds.rerunLastRequest, async () => (await runs.rerunLast()) ?? noRequest()),
    ...EXPORTS.map(([command, format]) =>
      vscode.commands.registerCommand(command, async (target?: unknown, index?: unknown): Promise<string | undefined> => {
        const document = await documentOf(target);
        const at = document && indexOf(document, index);
        if (!document || at === undefined) return noRequest();
        const exported = await exportRequest(document, at, format, deps.service, deps.prompts(), runs.sessionOf(document.uri));
        if ('problem' in exported) {
          void vscode.window.showErrorMessage(inertLinks(exported.problem));
          return undefined;
        }
        await vscode.env.clipboard.writeText(exported.code);
        void vscode.window.showInformationMessage(vscode.l10n.t('The request is on the clipboard as {0}.', format));
        return exported.code;
      }),
    ),
    vscode.commands.registerCommand(CommandIds.newRequestFile, async () => {
      const document = await vscode.workspace.openTextDocument({ language: 'json2', content: REQUEST_FILE_TEMPLATE });
      await vscode.window.showTextDocument(document);
      return document.uri;
    }),
  );
}

/** Carries out a button of the panel on the request its answer came from. */
export async function panelCommand(
  panel: ResponsePanel,
  command: CommandMessage['command'],
  runs: RequestRunService,
  prompts: RequestPrompts,
): Promise<void> {
  if (command === 'cancel') {
    runs.cancelShownIn(panel);
    return;
  }
  if (command === 'explain') {
    await explainInPanel(panel, runs.explainer);
    return;
  }
  const origin = panel.origin;
  if (!origin) return;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(origin.uri));
  const page = panel.response?.page;
  switch (command) {
    case 'rerun':
      await runs.send(document, origin.index);
      break;
    case 'previousPage':
      if (page) await runs.send(document, origin.index, Math.max(0, page.offset - page.limit));
      break;
    case 'nextPage':
      if (page) await runs.send(document, origin.index, page.offset + page.limit);
      break;
    case 'goToRequest': {
      const line = parsedDocument(document).requests[origin.index]?.requestLine.range.start.line ?? 0;
      const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
      editor.selection = new vscode.Selection(line, 0, line, 0);
      editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.InCenter);
      break;
    }
    case 'save': {
      const response = panel.response;
      const suggested = response ? vscode.Uri.joinPath(document.uri, '..', `${response.title.replace(/[^\w.-]+/g, '-')}.json`) : undefined;
      const target = await prompts.saveTarget(suggested);
      if (target && response) await vscode.workspace.fs.writeFile(target, savedAnswer(response));
      break;
    }
    default: {
      const format = {
        exportCurl: CommandIds.exportCurl,
        exportPython: CommandIds.exportPython,
        exportJavaScript: CommandIds.exportJavaScript,
        exportExecuteKw: CommandIds.exportExecuteKw,
      }[command];
      await vscode.commands.executeCommand(format, document.uri, origin.index);
    }
  }
}

/** What Save writes: the answer's bytes (without secrets) as received, else its text, else its value as JSON. */
function savedAnswer(response: PanelAnswer): Uint8Array {
  if (response.answer) return response.answer.redacted();
  return new TextEncoder().encode(response.rawText ?? JSON.stringify(response.body, null, 2));
}
