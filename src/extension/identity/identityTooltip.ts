// What the tree's connection tooltip and the status bar say of who a key acts as: escaped Markdown lines.
import * as vscode from 'vscode';
import type { AccessIdentity } from '../../core/access/identity';
import { userName } from '../../core/access/identityText';
import type { SavedConnection } from '../../core/connections/connectionProfile';
import { escapeMarkdown } from '../../core/untrustedText/markdownEscape';
import { serverMarkdown } from '../serverMarkdown';

const line = (label: string, value: string) => escapeMarkdown(`${label}: ${value}`, 'inline');

/** The company calls of the connection run as: the first of its default context's companies, else the user's own. */
export function callingCompany(identity: AccessIdentity, saved: SavedConnection | undefined): string {
  const ids = saved?.profile.defaultContext?.allowed_company_ids;
  const first = Array.isArray(ids) ? ids[0] : undefined;
  const named = identity.companies.allowed.find((company) => company.id === first);
  return named ? named.name : identity.companies.current.name;
}

/** The user ("Marc Demo (demo, id 6)") and the company, as label and value. */
export function identityPairs(identity: AccessIdentity, saved: SavedConnection | undefined): Array<[string, string]> {
  const { user } = identity;
  return [
    [vscode.l10n.t('User'), user.name ? `${user.name} (${user.login}, id ${user.id})` : userName(identity)],
    [vscode.l10n.t('Company'), callingCompany(identity, saved) || vscode.l10n.t('not readable')],
  ];
}

/** The connection node's tooltip: its name, then who the key acts as, or why that is not known. */
export function connectionTooltip(name: string, state: { identity: AccessIdentity; saved?: SavedConnection } | { problem: string }) {
  const body =
    'identity' in state
      ? [
          ...identityPairs(state.identity, state.saved).map(([label, value]) => line(label, value)),
          escapeMarkdown(vscode.l10n.t('{0} groups; "Who Am I" on this connection lists them.', state.identity.groups.length), 'inline'),
        ]
      : [escapeMarkdown(state.problem, 'inline')];
  return serverMarkdown(`**${escapeMarkdown(name, 'inline')}**\n\n${body.join('  \n')}`);
}
