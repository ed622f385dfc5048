// Reads connections outside the editor: a workspace's `.vscode/settings.json` (JSONC) or a file given to the CLI.
import fs from 'node:fs';
import path from 'node:path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { ConnectionLevel } from './connectionProfile';
import { type ConnectionList, readConnectionLevel } from './connectionSettings';

/** A connection or secret could not be found or read; `message` says where it looked (never a secret). */
export class ConnectionLookupError extends Error {
  /**
   * `usage`: the options contradict each other; `file`: a file is unreadable or malformed; `missing`: nothing found;
   * `changed`: the connection is no longer where (or as) its key was given for (`ConnectionPins`, `JSON2_ORIGIN_<NAME>`).
   */
  readonly reason: 'usage' | 'file' | 'missing' | 'changed';

  constructor(reason: ConnectionLookupError['reason'], message: string) {
    super(message);
    this.name = 'ConnectionLookupError';
    this.reason = reason;
  }
}

/** The connections of one file and where they came from. */
export interface ConnectionSource extends ConnectionList {
  readonly file: string;
}

/**
 * The nearest `.vscode/settings.json` at or above `startDir`, or undefined. This is the workspace the CLI runs in,
 * the same file the editor reads for workspace-level connections.
 */
export function findWorkspaceSettings(startDir: string): string | undefined {
  for (let dir = path.resolve(startDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, '.vscode', 'settings.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Reads the connections of a JSONC file: a settings file (`{"json2.connections": [...]}`) or a bare list. Comments and
 * trailing commas are allowed, as in VS Code's settings. A file without the setting has no connections.
 */
export function readConnectionsFile(file: string, level: ConnectionLevel): ConnectionSource {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConnectionLookupError('file', `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return { file, ...connectionsOfText(text, file, level) };
}

/** The connections in a JSONC text; `file` only names it in messages. */
export function connectionsOfText(text: string, file: string, level: ConnectionLevel): ConnectionList {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0];
    const { line, column } = lineAndColumn(text, first.offset);
    throw new ConnectionLookupError('file', `${file}:${line}:${column}: ${printParseErrorCode(first.error)}`);
  }
  if (Array.isArray(value)) return readConnectionLevel(value, level);
  if (value !== null && typeof value === 'object')
    return readConnectionLevel((value as Record<string, unknown>)['json2.connections'], level);
  throw new ConnectionLookupError('file', `${file}: expected a settings object or a list of connections.`);
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
