// Actions on a field node: its name on the clipboard or at the cursor of the active .json2 editor, and its related
// model shown in the tree.
import * as vscode from 'vscode';
import { inertLinks } from '../../core/untrustedText/linkedText';
import type { FieldNode } from './explorerNodes';
import type { ExplorerTreeProvider } from './explorerTreeProvider';

/** The text to insert at a position: the bare name inside a string, else the name quoted. */
export function fieldNameText(document: vscode.TextDocument, position: vscode.Position, name: string): string {
  const before = position.character > 0 ? document.getText(new vscode.Range(position.translate(0, -1), position)) : '';
  return before === '"' ? name : `"${name}"`;
}

export async function copyFieldName(node: FieldNode): Promise<string> {
  await vscode.env.clipboard.writeText(node.field);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}.', node.field), 2000);
  return node.field;
}

/** Inserts the field's name at every cursor of the active .json2 editor; undefined when there is none. */
export async function insertFieldName(node: FieldNode): Promise<string | undefined> {
  const editor =
    vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors.find((visible) => visible.document.languageId === 'json2');
  if (!editor || editor.document.languageId !== 'json2') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a .json2 file and put the cursor where the field name goes.'));
    return undefined;
  }
  const text = fieldNameText(editor.document, editor.selection.active, node.field);
  await editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, fieldNameText(editor.document, selection.start, node.field));
  });
  return text;
}

/** Shows the field's related model in the tree (same database), expanded and selected; its name, or undefined. */
export async function goToRelatedModel(
  node: FieldNode,
  provider: ExplorerTreeProvider,
  view: vscode.TreeView<unknown>,
): Promise<string | undefined> {
  const relation = node.info.relation;
  if (!relation) {
    void vscode.window.showInformationMessage(inertLinks(vscode.l10n.t('{0} is not a relational field.', node.field)));
    return undefined;
  }
  const target = await provider.modelNodeFor(node, relation);
  if (!target) {
    void vscode.window.showWarningMessage(inertLinks(vscode.l10n.t("The model {0} is not in this database's list.", relation)));
    return undefined;
  }
  await view.reveal(target, { select: true, focus: true, expand: true });
  return relation;
}
