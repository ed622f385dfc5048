// The release the migration diagnostics and the workspace scan judge calls against: the setting
// `json2.migration.targetRelease`, else the active connection's server (`/web/version`, saved with it), else the newest.
import * as vscode from 'vscode';
import { NEWEST_RELEASE, type Release, parseRelease, releaseText } from '../../core/migrate/removalTimeline';

export interface MigrationTarget {
  readonly release: Release;
  /** Where it came from, for the report: `the setting`, `connection "local"`, `the newest release`. */
  readonly from: string;
}

/** The active connection's saved server release, if any (`19.0`, `saas~19.1`). */
export type ActiveServerRelease = () => { readonly connection: string; readonly serverVersion?: string } | undefined;

export function migrationTarget(activeServer: ActiveServerRelease, log?: vscode.LogOutputChannel): MigrationTarget {
  const setting = vscode.workspace.getConfiguration('json2').get<string>('migration.targetRelease', '').trim();
  if (setting !== '') {
    const release = parseRelease(setting);
    if (release) return { release, from: vscode.l10n.t('the setting json2.migration.targetRelease') };
    log?.warn(`json2.migration.targetRelease: '${setting}' is not a release (20.0, 19.0, 19.1); the newest release is assumed`);
  }
  const active = activeServer();
  const served = active?.serverVersion ? parseRelease(active.serverVersion) : undefined;
  if (active && served) return { release: served, from: vscode.l10n.t('the server of connection "{0}"', active.connection) };
  return { release: NEWEST_RELEASE, from: vscode.l10n.t('the newest release ({0})', releaseText(NEWEST_RELEASE)) };
}
