// Parses the words after `json2 sandbox`: the server's options, or the `key` subcommand's.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { allowedOrigin } from '../http/originCheck';
import type { MasterPasswordSource } from './masterPasswordSource';

export const USAGE = `Usage:
  json2 sandbox [--port N] [--host ADDR] [--data DIR] [--reset] [--master-password-file FILE | --master-password-prompt]
                [--no-list-db] [--legacy-only] [--db-filter RE] [--database-header both|real]
                [--postgres URL [--postgres-prefix P]] [--no-answer-cache] [--no-key-methods]
                [--max-upload-mb N] [--idle-close-seconds N] [--allow-origin ORIGIN]... [--json]
      Starts the local sandbox server (the demo database is created on first start).
  json2 sandbox key --db DB --user LOGIN --days N [--name TEXT] [--data DIR] [--postgres URL [--postgres-prefix P]]
      Prints a new API key for user LOGIN of database DB, valid N days (three months at most).

Options:
  --port N      port to listen on (default 8069)
  --host ADDR   address to listen on (default 127.0.0.1; another address only when you ask for it)
  --data DIR    data folder (default: the user's cache folder, for example ~/.cache/json2-explorer/sandbox)
  --reset       delete the data folder's databases and start from scratch
  --master-password-file FILE  set the master password of the db service and database manager (stored hashed)
                to the first line of FILE; or from the environment variable JSON2_SANDBOX_MASTER_PASSWORD
  --master-password-prompt  ask for the master password on the terminal (typed twice, not shown)
  --master-password PW  deprecated: other users see it in the process list, and the shell keeps it in its history
  --no-list-db  refuse to list the databases
  --legacy-only behave as a server of an older release: no /json/2, version 18.0
  --db-filter RE  choose the database of a JSON-2 call from the Host header (%d: first label of the host name)
  --database-header MODE  the headers a request names its database in: both (default: X-Odoo-Database, then
                X-Service-Database) or real (only X-Odoo-Database, as a real Odoo server: a request without it
                gets the "No database is selected" page once there are several databases)
  --postgres URL  keep the databases on this PostgreSQL server instead of PGlite, for example
                postgres://user@127.0.0.1:5432/postgres (the password from PGPASSWORD or ~/.pgpass, or in the URL)
  --postgres-prefix P  PostgreSQL databases are named <P><name> (default sandbox_)
  --no-answer-cache  answer every read-only call from the database (when something else writes to the
                PostgreSQL databases behind the sandbox's back)
  --no-key-methods  behave as a 19.0 build before programmatic key management: res.users.apikeys has no
                generate or revoke (404, and absent from /doc-bearer/res.users.apikeys.json); keys are then made and
                removed on the key page in the browser (/web/security)
  --allow-origin ORIGIN  let the pages of ORIGIN (http://localhost:3000) change data; by default a request that may
                change data from a web page is taken only from the sandbox's own pages (repeat for several)
  --json        once listening, print one line of JSON on stdout instead of the banner: url, databases, dataDir,
                and on first start apiKey (key, login, database, expiration) and masterPassword, for scripts
  --max-upload-mb N  largest backup file /web/database/restore accepts, in MiB (default 1024)
  --idle-close-seconds N  close a database unused for N seconds, giving its memory back; the next call opens it
                again (default 120; 0: never)
  -h, --help    show this help`;

export class UsageError extends Error {}

/** `--postgres URL` and `--postgres-prefix P`: the databases live on that server as `<prefix><name>`. */
export interface PostgresOption {
  url: string;
  prefix: string;
}

export const DEFAULT_POSTGRES_PREFIX = 'sandbox_';

export interface ServeOptions {
  command: 'serve';
  postgres?: PostgresOption;
  port: number;
  host: string;
  dataDir: string | null;
  reset: boolean;
  /** Present only when given: the options of several-database and older-release setups. */
  masterPasswordSource?: MasterPasswordSource;
  listDb?: false;
  legacyOnly?: true;
  databaseFilter?: string;
  /** --database-header real: only X-Odoo-Database names the database. */
  databaseHeader?: 'real';
  answerCache?: false;
  /** --no-key-methods: res.users.apikeys has no generate or revoke. */
  keyMethods?: false;
  /** One JSON line on stdout once listening (for scripts and the extension), in place of the banner. */
  json?: true;
  maxUploadBytes?: number;
  /** --idle-close-seconds, in milliseconds (0: never). */
  idleCloseMs?: number;
  /** --allow-origin, each as `allowedOrigin` writes it. */
  allowOrigins?: string[];
}

export interface KeyOptions {
  command: 'key';
  database: string;
  login: string;
  days: number;
  name: string | null;
  dataDir: string | null;
  postgres?: PostgresOption;
}

export type SandboxOptions = ServeOptions | KeyOptions | { command: 'help' };

function parse(argv: string[], options: NonNullable<ParseArgsConfig['options']>): Record<string, string | boolean | undefined> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    return values as Record<string, string | boolean | undefined>;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

function integer(name: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} needs a whole number from ${min} to ${max}${text === undefined ? '' : `, got '${text}'`}`);
  }
  return Number(text);
}

function postgresOption(values: Record<string, string | boolean | undefined>): { postgres?: PostgresOption } {
  if (values.postgres === undefined) {
    if (values['postgres-prefix'] !== undefined) throw new UsageError('--postgres-prefix needs --postgres');
    return {};
  }
  const url = required('postgres', values.postgres);
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new UsageError(`--postgres needs a URL like postgres://user@host:5432/postgres, got '${url.replace(/:[^:@/]*@/, ':***@')}'`);
  const prefix = values['postgres-prefix'] === undefined ? DEFAULT_POSTGRES_PREFIX : required('postgres-prefix', values['postgres-prefix']);
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(prefix))
    throw new UsageError(`--postgres-prefix needs lowercase letters, digits and '_' (31 at most, a letter first), got '${prefix}'`);
  return { postgres: { url, prefix } };
}

function masterPasswordOption(values: Record<string, string | boolean | undefined>): { masterPasswordSource?: MasterPasswordSource } {
  const given = ['master-password', 'master-password-file', 'master-password-prompt'].filter((name) => values[name] !== undefined);
  if (given.length > 1) throw new UsageError(`choose one of ${given.map((name) => `--${name}`).join(' and ')}`);
  if (values['master-password'] !== undefined)
    return { masterPasswordSource: { from: 'argument', value: required('master-password', values['master-password']) } };
  if (values['master-password-file'] !== undefined)
    return { masterPasswordSource: { from: 'file', path: required('master-password-file', values['master-password-file']) } };
  if (values['master-password-prompt'] === true) return { masterPasswordSource: { from: 'prompt' } };
  return {};
}

/** The values of a repeatable option (`--allow-origin A --allow-origin=B`), and the other words. */
function takeRepeated(argv: string[], name: string): { values: string[]; rest: string[] } {
  const values: string[] = [];
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index];
    if (word === name) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
      values.push(value);
      index++;
    } else if (word.startsWith(`${name}=`)) values.push(word.slice(name.length + 1));
    else rest.push(word);
  }
  return { values, rest };
}

/** --allow-origin: each an origin (scheme, host, port), as the Origin header writes it. */
function allowOriginsOption(given: readonly string[]): { allowOrigins?: string[] } {
  if (given.length === 0) return {};
  return {
    allowOrigins: given.map((text) => {
      const origin = allowedOrigin(text);
      if (origin === null)
        throw new UsageError(`--allow-origin needs an origin such as http://localhost:3000 (scheme, host, port; no path), got '${text}'`);
      return origin;
    }),
  };
}

function required(name: string, value: string | boolean | undefined): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** The command and its options; UsageError with a clear message for anything wrong. */
export function parseSandboxArguments(argv: string[]): SandboxOptions {
  if (argv.includes('-h') || argv.includes('--help')) return { command: 'help' };
  if (argv[0] === 'key') {
    const values = parse(argv.slice(1), {
      db: { type: 'string' },
      user: { type: 'string' },
      days: { type: 'string' },
      name: { type: 'string' },
      data: { type: 'string' },
      postgres: { type: 'string' },
      'postgres-prefix': { type: 'string' },
    });
    return {
      command: 'key',
      database: required('db', values.db),
      login: required('user', values.user),
      days: integer('days', required('days', values.days), 1, 92),
      name: typeof values.name === 'string' ? values.name : null,
      dataDir: typeof values.data === 'string' ? values.data : null,
      ...postgresOption(values),
    };
  }
  const origins = takeRepeated(argv, '--allow-origin');
  const values = parse(origins.rest, {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    reset: { type: 'boolean' },
    'master-password': { type: 'string' },
    'master-password-file': { type: 'string' },
    'master-password-prompt': { type: 'boolean' },
    'max-upload-mb': { type: 'string' },
    'idle-close-seconds': { type: 'string' },
    'no-list-db': { type: 'boolean' },
    'legacy-only': { type: 'boolean' },
    'db-filter': { type: 'string' },
    'database-header': { type: 'string' },
    postgres: { type: 'string' },
    'postgres-prefix': { type: 'string' },
    'no-answer-cache': { type: 'boolean' },
    'no-key-methods': { type: 'boolean' },
    json: { type: 'boolean' },
  });
  const host = values.host === undefined ? '127.0.0.1' : required('host', values.host);
  return {
    command: 'serve',
    port: values.port === undefined ? 8069 : integer('port', values.port as string, 0, 65535),
    host,
    dataDir: typeof values.data === 'string' ? values.data : null,
    reset: values.reset === true,
    ...masterPasswordOption(values),
    ...(values['no-list-db'] === true ? { listDb: false as const } : {}),
    ...(values['legacy-only'] === true ? { legacyOnly: true as const } : {}),
    ...(values['db-filter'] === undefined ? {} : { databaseFilter: required('db-filter', values['db-filter']) }),
    ...databaseHeaderOption(values['database-header']),
    ...postgresOption(values),
    ...(values['no-answer-cache'] === true ? { answerCache: false as const } : {}),
    ...(values['no-key-methods'] === true ? { keyMethods: false as const } : {}),
    ...allowOriginsOption(origins.values),
    ...(values.json === true ? { json: true as const } : {}),
    ...(values['max-upload-mb'] === undefined
      ? {}
      : { maxUploadBytes: integer('max-upload-mb', values['max-upload-mb'] as string, 1, 1024 * 1024) * 1024 * 1024 }),
    ...(values['idle-close-seconds'] === undefined
      ? {}
      : { idleCloseMs: integer('idle-close-seconds', values['idle-close-seconds'] as string, 0, 7 * 24 * 3600) * 1000 }),
  };
}

function databaseHeaderOption(value: string | boolean | undefined): { databaseHeader?: 'real' } {
  if (value === undefined || value === 'both') return {};
  if (value === 'real') return { databaseHeader: 'real' };
  throw new UsageError(`--database-header must be both or real, not "${String(value)}"`);
}
