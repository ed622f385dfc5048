// Checks each part of a connection (name, URL, database, login, variables) and reads one settings entry into a profile.
import { parseConnectionTarget } from '../client/connectionTarget';
import { databaseHeaderProblem } from '../client/databaseSelection';
import { isSecretName } from '../redaction/secretRedactor';
import { CONNECTION_PROTOCOLS, type ConnectionProfile, type ConnectionProtocol, type ConnectionUser } from './connectionProfile';
import { readDefaultContext } from './defaultContext';

const NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ._-]{0,62}[A-Za-z0-9._-])?$/;
// The server's own rule for database names.
const DATABASE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;
const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A message when the connection name is not usable, else undefined. */
export function connectionNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'A connection needs a name.';
  if (!NAME_PATTERN.test(name)) {
    return `"${name}" is not a connection name: use up to 64 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit.`;
  }
  return undefined;
}

/** The base URL in its saved form (no trailing slash), or a message saying why it cannot be used. */
export function normaliseBaseUrl(baseUrl: string, allowInsecureHttp = false): { url: string } | { problem: string } {
  const trimmed = baseUrl.trim();
  try {
    const target = parseConnectionTarget(trimmed, allowInsecureHttp);
    return { url: `${target.origin}${target.basePath}` };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** A message when the database name is not one the server could have, else undefined. */
export function databaseNameProblem(database: string): string | undefined {
  if (!DATABASE_PATTERN.test(database)) {
    return `"${database}" is not a database name: letters, digits, dots, dashes and underscores, starting with a letter or digit.`;
  }
  return undefined;
}

export function loginProblem(login: string): string | undefined {
  if (login.trim() === '') return 'The deprecated RPC interfaces need a login.';
  if (CONTROL_CHARACTERS.test(login)) return 'The login contains control characters.';
  return undefined;
}

/** Reads one entry of `json2.connections`; returns the profile, or the reasons it cannot be used. */
export function parseConnectionEntry(value: unknown): { profile: ConnectionProfile } | { problems: string[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problems: ['A connection must be an object.'] };
  const entry = value as Record<string, unknown>;
  const problems: string[] = [];
  const text = (key: string, required = false): string | undefined => {
    const item = entry[key];
    if (item === undefined || item === null || item === '') {
      if (required) problems.push(`"${key}" is missing.`);
      return undefined;
    }
    if (typeof item !== 'string') problems.push(`"${key}" must be a string.`);
    return typeof item === 'string' ? item : undefined;
  };
  const flag = (key: string): boolean => {
    const item = entry[key];
    if (item !== undefined && typeof item !== 'boolean') problems.push(`"${key}" must be true or false.`);
    return item === true;
  };

  const name = text('name', true);
  const nameProblem = name === undefined ? undefined : connectionNameProblem(name);
  if (nameProblem) problems.push(nameProblem);
  for (const key of Object.keys(entry)) {
    if (isSecretName(key) || key === 'apiKey' || key === 'secret') {
      problems.push(`"${key}" looks like a secret: secrets are never kept in settings (use "JSON-2: Update API Key").`);
    }
  }
  const allowInsecureHttp = flag('allowInsecureHttp');
  const readOnly = flag('readOnly');
  const production = flag('production');
  const rawUrl = text('baseUrl', true);
  const url = rawUrl === undefined ? undefined : normaliseBaseUrl(rawUrl, allowInsecureHttp);
  if (url && 'problem' in url) problems.push(url.problem);
  const database = text('database');
  const databaseProblem = database === undefined ? undefined : databaseNameProblem(database);
  if (databaseProblem) problems.push(databaseProblem);
  const databaseHeader = text('databaseHeader');
  const headerProblem = databaseHeader === undefined ? undefined : databaseHeaderProblem(databaseHeader);
  if (headerProblem) problems.push(headerProblem);
  const protocol = (text('protocol') ?? 'json2') as ConnectionProtocol;
  if (!CONNECTION_PROTOCOLS.includes(protocol)) problems.push(`"protocol" must be one of ${CONNECTION_PROTOCOLS.join(', ')}.`);
  const login = text('login');
  if (protocol !== 'json2') {
    const problem = loginProblem(login ?? '');
    if (problem) problems.push(problem);
  }
  const keyScope = readKeyScope(entry.keyScope, problems);
  const keyExpiration = text('keyExpiration');
  if (keyExpiration !== undefined && !isCalendarDate(keyExpiration)) problems.push(`"keyExpiration" must be a date (YYYY-MM-DD).`);
  const serverVersion = text('serverVersion');
  const variables = readVariables(entry.variables, problems);
  const user = readUser(entry.user, problems);
  const defaultContext = readDefaultContext(entry.defaultContext, problems);

  if (problems.length > 0 || name === undefined || url === undefined || 'problem' in url) return { problems };
  return {
    profile: {
      name,
      baseUrl: url.url,
      ...(databaseHeader !== undefined ? { databaseHeader } : {}),
      protocol,
      readOnly,
      production,
      allowInsecureHttp,
      ...(database !== undefined ? { database } : {}),
      ...(login !== undefined && protocol !== 'json2' ? { login } : {}),
      ...(keyScope !== undefined ? { keyScope } : {}),
      ...(keyExpiration !== undefined ? { keyExpiration } : {}),
      ...(serverVersion !== undefined ? { serverVersion } : {}),
      ...(user !== undefined ? { user } : {}),
      ...(variables !== undefined ? { variables } : {}),
      ...(defaultContext !== undefined && Object.keys(defaultContext).length > 0 ? { defaultContext } : {}),
    },
  };
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function readKeyScope(value: unknown, problems: string[]): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  problems.push('"keyScope" must be a string or null.');
  return undefined;
}

function readVariables(value: unknown, problems: string[]): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push('"variables" must be an object of names and text values.');
    return undefined;
  }
  const variables: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    if (!VARIABLE_NAME_PATTERN.test(name)) problems.push(`"${name}" is not a variable name.`);
    else if (isSecretName(name))
      problems.push(`The variable "${name}" looks like a secret: use a prompted value (# @prompt ${name}) instead.`);
    else if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean')
      problems.push(`The variable "${name}" must be text, a number or true/false.`);
    else variables[name] = String(item);
  }
  return variables;
}

function readUser(value: unknown, problems: string[]): ConnectionUser | undefined {
  if (value === undefined) return undefined;
  const user = value as Partial<Record<keyof ConnectionUser, unknown>> | null;
  if (user === null || typeof user !== 'object' || !Number.isInteger(user.id)) {
    problems.push('"user" must be an object with an integer "id".');
    return undefined;
  }
  return {
    id: user.id as number,
    ...(typeof user.name === 'string' ? { name: user.name } : {}),
    ...(typeof user.login === 'string' ? { login: user.login } : {}),
  };
}
