// The status bar item naming the active connection, its database and user; clicking it switches connections.
import * as vscode from 'vscode';
import { describeConnection, type SavedConnection } from '../../core/connections/connectionProfile';
import { escapeMarkdown } from '../../core/untrustedText/markdownEscape';
import { CommandIds } from '../commandIds';
import { serverMarkdown } from '../serverMarkdown';
import type { AccessIdentity } from '../../core/access/identity';
import type { IdentityService } from '../identity/identityService';
import { identityPairs } from '../identity/identityTooltip';
import type { ConnectionService } from './connectionService';

/** The item's text, tooltip and look for the active connection (or for none), with who its key acts as once read. */
export function statusBarContent(
  active: SavedConnection | undefined,
  identity?: AccessIdentity,
): {
  text: string;
  tooltip: vscode.MarkdownString;
  command: string;
  warning: boolean;
} {
  // Settings and the server (user name, version) fill it: every text is escaped, and the Markdown is untrusted.
  const text = (value: string) => escapeMarkdown(value, 'inline');
  if (!active)
    return {
      text: '$(plug) JSON-2',
      tooltip: serverMarkdown(text(vscode.l10n.t('No JSON-2 connection: click to add one.'))),
      command: CommandIds.addConnection,
      warning: false,
    };
  const { profile } = active;
  const marks = `${profile.readOnly ? ' $(lock)' : ''}${profile.production ? ' $(warning)' : ''}`;
  const lines: Array<[string, string | undefined]> = [
    [vscode.l10n.t('Server'), `${profile.baseUrl}${profile.serverVersion ? ` (${profile.serverVersion})` : ''}`],
    [vscode.l10n.t('Database'), profile.database],
    ...(identity
      ? identityPairs(identity, active)
      : [[vscode.l10n.t('User'), profile.user?.name ?? profile.user?.login ?? profile.login] as [string, string | undefined]]),
    [
      vscode.l10n.t('Protocol'),
      profile.protocol === 'json2' ? 'JSON-2' : vscode.l10n.t('{0} (deprecated)', profile.protocol === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC'),
    ],
    [vscode.l10n.t('Saved in'), active.level === 'workspace' ? vscode.l10n.t('workspace settings') : vscode.l10n.t('user settings')],
  ];
  const body = lines.filter(([, value]) => value).map(([label, value]) => text(`${label}: ${value}`));
  if (profile.readOnly) body.push(text(vscode.l10n.t('Read-only: methods that may write are refused before sending.')));
  if (profile.production) body.push(text(vscode.l10n.t('Production: methods that may write ask first.')));
  if (!identity) body.push(text(vscode.l10n.t('Who the key acts as: hover the connection in the JSON-2 view, or run JSON-2: Who Am I.')));
  const tooltip = serverMarkdown(
    `**${text(profile.name)}**\n\n${body.join('  \n')}\n\n${text(vscode.l10n.t('Click to switch connections.'))}`,
  );
  // The name and user come from settings a workspace may set: codicon syntax in them must not render as icons.
  return {
    text: `$(plug) ${describeConnection(profile).replace(/\$\(/g, '$\u200b(')}${marks}`,
    tooltip,
    command: CommandIds.switchConnection,
    warning: profile.production,
  };
}

export function registerConnectionStatusBar(service: ConnectionService, identities: IdentityService): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('json2.connection', vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('JSON-2 Connection');
  const update = (): void => {
    const active = service.active();
    const content = statusBarContent(active, active && identities.known(active.profile.name));
    item.text = content.text;
    item.tooltip = content.tooltip;
    item.command = content.command;
    item.backgroundColor = content.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.accessibilityInformation = { label: content.text.replace(/\$\([a-z-]+\)\s*/g, '') };
    item.show();
  };
  update();
  return vscode.Disposable.from(item, service.onDidChange(update), identities.onDidChange(update));
}
