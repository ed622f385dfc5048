// Reads and writes the `json2.connections` setting: the list in effect from user and workspace levels, and edits that
// keep every entry the reader could not use.
import type { ConnectionLevel, ConnectionProfile, SavedConnection } from './connectionProfile';
import { apiKeyVariableOf } from './connectionSecretNames';
import { parseConnectionEntry } from './connectionValidation';

/** A reason an entry of the setting is not used, for the log and a warning. */
export interface ConnectionProblem {
  readonly level: ConnectionLevel;
  /** Position in that level's list. */
  readonly index: number;
  readonly name?: string;
  readonly message: string;
}

export interface ConnectionList {
  readonly connections: readonly SavedConnection[];
  readonly problems: readonly ConnectionProblem[];
}

/** Reads one level's `json2.connections` value; bad entries become problems, never exceptions. */
export function readConnectionLevel(value: unknown, level: ConnectionLevel): ConnectionList {
  if (value === undefined || value === null) return { connections: [], problems: [] };
  if (!Array.isArray(value)) return { connections: [], problems: [{ level, index: -1, message: 'json2.connections must be a list.' }] };
  const connections: SavedConnection[] = [];
  const problems: ConnectionProblem[] = [];
  value.forEach((entry: unknown, index) => {
    const rawName = typeof (entry as { name?: unknown } | null)?.name === 'string' ? (entry as { name: string }).name : undefined;
    const parsed = parseConnectionEntry(entry);
    if ('problems' in parsed) {
      for (const message of parsed.problems) problems.push({ level, index, ...(rawName ? { name: rawName } : {}), message });
      return;
    }
    const { profile } = parsed;
    const same = connections.find((c) => c.profile.name.toLowerCase() === profile.name.toLowerCase());
    const sameVariable = connections.find((c) => apiKeyVariableOf(c.profile.name) === apiKeyVariableOf(profile.name));
    if (same) problems.push({ level, index, name: profile.name, message: `Another connection is already named "${same.profile.name}".` });
    else if (sameVariable) {
      problems.push({
        level,
        index,
        name: profile.name,
        message: `"${profile.name}" and "${sameVariable.profile.name}" would share the variable ${apiKeyVariableOf(profile.name)}; rename one.`,
      });
    } else connections.push({ profile, level });
  });
  return { connections, problems };
}

/**
 * The connections in effect. Workspace connections come first and hide user connections of the same name; in an
 * untrusted workspace they are ignored altogether, so a folder someone else wrote cannot point a name at its own host.
 */
export function mergeConnectionLevels(levels: { user?: unknown; workspace?: unknown; workspaceTrusted: boolean }): ConnectionList {
  const user = readConnectionLevel(levels.user, 'user');
  if (!levels.workspaceTrusted) return user;
  const workspace = readConnectionLevel(levels.workspace, 'workspace');
  const hidden = new Set(workspace.connections.map((c) => c.profile.name.toLowerCase()));
  return {
    connections: [...workspace.connections, ...user.connections.filter((c) => !hidden.has(c.profile.name.toLowerCase()))],
    problems: [...workspace.problems, ...user.problems],
  };
}

/** The settings form of a profile: stable key order, defaults left out. */
export function toSettingsEntry(profile: ConnectionProfile): Record<string, unknown> {
  const entry: Record<string, unknown> = { name: profile.name, baseUrl: profile.baseUrl };
  if (profile.database !== undefined) entry.database = profile.database;
  if (profile.databaseHeader !== undefined) entry.databaseHeader = profile.databaseHeader;
  if (profile.protocol !== 'json2') entry.protocol = profile.protocol;
  if (profile.login !== undefined && profile.protocol !== 'json2') entry.login = profile.login;
  if (profile.readOnly) entry.readOnly = true;
  if (profile.production) entry.production = true;
  if (profile.allowInsecureHttp) entry.allowInsecureHttp = true;
  if (profile.keyScope !== undefined) entry.keyScope = profile.keyScope;
  if (profile.keyExpiration !== undefined) entry.keyExpiration = profile.keyExpiration;
  if (profile.serverVersion !== undefined) entry.serverVersion = profile.serverVersion;
  if (profile.user !== undefined) entry.user = { ...profile.user };
  if (profile.variables !== undefined && Object.keys(profile.variables).length > 0) entry.variables = { ...profile.variables };
  if (profile.defaultContext !== undefined && Object.keys(profile.defaultContext).length > 0)
    entry.defaultContext = { ...profile.defaultContext };
  return entry;
}

/**
 * A level's list with the entry named `name` replaced by `profile` (or `profile` appended when there is none).
 * Entries the reader could not use are kept as they are: editing one connection never loses another.
 */
export function withConnectionSaved(list: unknown, name: string | undefined, profile: ConnectionProfile): unknown[] {
  const entries = Array.isArray(list) ? [...(list as unknown[])] : [];
  const index = name === undefined ? -1 : indexOfEntry(entries, name);
  if (index < 0) entries.push(toSettingsEntry(profile));
  else entries[index] = mergedEntry(entries[index], toSettingsEntry(profile));
  return entries;
}

/** A level's list without the entry named `name`. */
export function withConnectionRemoved(list: unknown, name: string): unknown[] {
  const entries = Array.isArray(list) ? [...(list as unknown[])] : [];
  const index = indexOfEntry(entries, name);
  if (index >= 0) entries.splice(index, 1);
  return entries;
}

/** True when the level's list has an entry of that name (valid or not). */
export function hasConnectionEntry(list: unknown, name: string): boolean {
  return Array.isArray(list) && indexOfEntry(list as unknown[], name) >= 0;
}

function indexOfEntry(entries: readonly unknown[], name: string): number {
  return entries.findIndex(
    (entry) =>
      typeof (entry as { name?: unknown } | null)?.name === 'string' &&
      (entry as { name: string }).name.toLowerCase() === name.toLowerCase(),
  );
}

// The new entry over the old one: keys this model does not know (a future version's, a comment-like note) survive,
// known keys the profile no longer has are dropped.
function mergedEntry(previous: unknown, next: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = previous !== null && typeof previous === 'object' ? { ...(previous as object) } : {};
  for (const key of KNOWN_KEYS) delete merged[key];
  return { ...next, ...Object.fromEntries(Object.entries(merged).filter(([key]) => !(key in next))) };
}

const KNOWN_KEYS = [
  'name',
  'baseUrl',
  'database',
  'databaseHeader',
  'protocol',
  'login',
  'readOnly',
  'production',
  'allowInsecureHttp',
  'keyScope',
  'keyExpiration',
  'serverVersion',
  'user',
  'variables',
  'defaultContext',
];
