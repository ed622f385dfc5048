// Turns explorer nodes into tree items: labels, icons per field type, descriptions, escaped Markdown tooltips and the
// context values the menus use.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import { fieldDescription, fieldIconId, fieldTooltipLines, type TooltipKey } from '../../core/explorer/fieldPresentation';
import { isCustomField, isCustomModel } from '../../core/explorer/modelListing';
import { docstringMarkdown } from '../../core/untrustedText/docstringMarkdown';
import { escapeMarkdown, type MarkdownLayout } from '../../core/untrustedText/markdownEscape';
import { serverMarkdown } from '../serverMarkdown';
import type { ErrorNode, ExplorerNode, FieldNode, ModelNode } from './explorerNodes';

const CUSTOM_COLOR = new vscode.ThemeColor('charts.purple');

function tooltipLabel(key: TooltipKey): string {
  switch (key) {
    case 'label':
      return vscode.l10n.t('Label');
    case 'name':
      return vscode.l10n.t('Technical name');
    case 'type':
      return vscode.l10n.t('Type');
    case 'relation':
      return vscode.l10n.t('Relation');
    case 'required':
      return vscode.l10n.t('Required');
    case 'readonly':
      return vscode.l10n.t('Read-only');
    case 'values':
      return vscode.l10n.t('Values');
    case 'help':
      return vscode.l10n.t('Help');
  }
}

function fieldTooltip(node: FieldNode): vscode.MarkdownString {
  const lines = fieldTooltipLines(node.info).map((line) => {
    const value = typeof line.value === 'boolean' ? (line.value ? vscode.l10n.t('yes') : vscode.l10n.t('no')) : line.value;
    return tooltipLine(tooltipLabel(line.key), value, line.key === 'help' ? 'block' : 'inline');
  });
  if (isCustomField(node.info)) lines.push(`*${escapeMarkdown(vscode.l10n.t('Custom field'), 'inline')}*`);
  return serverMarkdown(lines.join('  \n'));
}

function modelTooltip(node: ModelNode): vscode.MarkdownString {
  const lines = [
    tooltipLine(vscode.l10n.t('Label'), node.info.name),
    tooltipLine(vscode.l10n.t('Technical name'), node.model),
    tooltipLine(vscode.l10n.t('Database'), node.database || vscode.l10n.t("the server's default")),
  ];
  if (isCustomModel(node.info)) lines.push(`*${escapeMarkdown(vscode.l10n.t('Custom model'), 'inline')}*`);
  return serverMarkdown(lines.join('  \n'));
}

/** `**Label:** value`, the value (from the server) escaped; a help text (`block`) may be an HTML docstring, converted. */
function tooltipLine(label: string, value: string, layout: MarkdownLayout = 'inline'): string {
  const shown = layout === 'block' ? docstringMarkdown(value) : escapeMarkdown(value, layout);
  return `**${escapeMarkdown(label, 'inline')}:** ${shown}`;
}

export function treeItemOf(node: ExplorerNode, options: { filtering: boolean }): vscode.TreeItem {
  const collapsed = vscode.TreeItemCollapsibleState.Collapsed;
  switch (node.kind) {
    case 'connection': {
      const item = new vscode.TreeItem(node.connectionName, collapsed);
      item.iconPath = new vscode.ThemeIcon('server-environment');
      item.contextValue = 'json2.connection';
      return withId(item, node);
    }
    case 'database': {
      const item = new vscode.TreeItem(
        node.database || vscode.l10n.t('(server default)'),
        options.filtering ? vscode.TreeItemCollapsibleState.Expanded : collapsed,
      );
      item.iconPath = new vscode.ThemeIcon('database');
      item.description = node.configured ? vscode.l10n.t('configured') : undefined;
      if (node.listRefused) item.tooltip = vscode.l10n.t('The server did not list its databases: {0}', node.listRefused);
      item.contextValue = 'json2.database';
      return withId(item, node);
    }
    case 'group': {
      const item = new vscode.TreeItem(node.group, options.filtering ? vscode.TreeItemCollapsibleState.Expanded : collapsed);
      item.iconPath = new vscode.ThemeIcon('symbol-namespace');
      item.description = String(node.models.length);
      item.contextValue = 'json2.modelGroup';
      return withId(item, node);
    }
    case 'model':
      return withId(modelItem(node), node);
    case 'field':
      return withId(fieldItem(node), node);
    case 'error':
      return withId(errorItem(node), node);
    case 'info': {
      const item = new vscode.TreeItem(node.message, vscode.TreeItemCollapsibleState.None);
      item.iconPath = new vscode.ThemeIcon('info');
      item.contextValue = 'json2.info';
      if (node.command) item.command = { command: node.command.id, title: node.message, arguments: [...node.command.args] };
      return withId(item, node);
    }
  }
}

function modelItem(node: ModelNode): vscode.TreeItem {
  const custom = isCustomModel(node.info);
  const item = new vscode.TreeItem(node.model, vscode.TreeItemCollapsibleState.Collapsed);
  item.iconPath = custom ? new vscode.ThemeIcon('tools', CUSTOM_COLOR) : new vscode.ThemeIcon('symbol-class');
  item.description = custom ? `${node.info.name} · ${vscode.l10n.t('custom')}` : node.info.name;
  item.tooltip = modelTooltip(node);
  item.contextValue = custom ? 'json2.model.custom' : 'json2.model';
  return item;
}

function fieldItem(node: FieldNode): vscode.TreeItem {
  const custom = isCustomField(node.info);
  const item = new vscode.TreeItem(node.field, vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon(fieldIconId(node.info.type), custom ? CUSTOM_COLOR : undefined);
  item.description = custom ? `${fieldDescription(node.info)} · ${vscode.l10n.t('custom')}` : fieldDescription(node.info);
  item.tooltip = fieldTooltip(node);
  item.contextValue = custom ? 'json2.field.custom' : 'json2.field';
  return item;
}

/** A failed load: clicking it (or Retry) loads again. */
function errorItem(node: ErrorNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.message, vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
  item.tooltip = vscode.l10n.t('{0}\nClick to try again.', node.message);
  item.contextValue = 'json2.error';
  item.command = { command: CommandIds.explorerRetry, title: vscode.l10n.t('Retry'), arguments: [node] };
  return item;
}

function withId(item: vscode.TreeItem, node: ExplorerNode): vscode.TreeItem {
  item.id = node.id;
  return item;
}
