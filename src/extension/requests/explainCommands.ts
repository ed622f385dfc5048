// "Explain this answer" in the editor: the panel's Explain button and the CodeLens command, both showing the
// explanation in the panel of the request's answer.
import * as vscode from 'vscode';
import type { Explanation } from '../../core/access/explainTypes';
import type { PanelExplanation } from '../../shared/panelMessages';
import { CommandIds } from '../commandIds';
import type { AnswerExplainer } from './answerExplainer';
import type { ResponsePanel } from './responsePanel';
import type { ResponsePanels } from './responsePanels';

function shownOf(explanation: Explanation): PanelExplanation {
  return {
    summary: explanation.summary,
    causes: explanation.causes.map(({ sentence, certain }) => ({ sentence, certain })),
  };
}

/** Explains the answer `panel` shows and shows the explanation under its toolbar. */
export async function explainInPanel(panel: ResponsePanel, explainer: AnswerExplainer): Promise<Explanation | undefined> {
  const origin = panel.origin;
  const response = panel.response;
  if (!origin || !response) return undefined;
  try {
    const explanation = await explainer.explain(origin.uri, origin.index);
    if (!explanation) void vscode.window.showInformationMessage(vscode.l10n.t('Send the request again to explain its answer.'));
    else if (panel.response === response) panel.show({ ...response, explanation: shownOf(explanation) });
    return explanation;
  } catch (error) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('The answer could not be explained: {0}', error instanceof Error ? error.message : String(error)),
    );
    return undefined;
  }
}

/** `json2.explainAnswer(uri, index)` (the CodeLens after such an answer): the explanation in the answer's panel. */
export function registerExplainCommand(explainer: AnswerExplainer, panels: ResponsePanels): vscode.Disposable {
  return vscode.commands.registerCommand(CommandIds.explainAnswer, async (target?: unknown, index?: unknown) => {
    const uri = target instanceof vscode.Uri ? target.toString() : typeof target === 'string' ? target : undefined;
    if (uri === undefined || typeof index !== 'number') return undefined;
    const panel = panels.last;
    if (panel?.origin?.uri === uri && panel.origin.index === index) {
      panel.reveal();
      return explainInPanel(panel, explainer);
    }
    const explanation = await explainer.explain(uri, index);
    if (explanation)
      void vscode.window.showInformationMessage([explanation.summary, ...explanation.causes.map((cause) => cause.sentence)].join('\n'), {
        modal: true,
      });
    return explanation;
  });
}
