// `json2 sandbox`: starts the long-running local server (creating the demo database on first start and printing a
// fresh administrator key then), or `json2 sandbox key` prints a new key for scripts.
import fs from 'node:fs';
import path from 'node:path';
import { addCalendarMonths } from './keys/keyLifetime';
import { formatDate } from './orm/fieldValues';
import { parseSandboxArguments, UsageError, USAGE, type KeyOptions, type ServeOptions } from './command/commandOptions';
import { MasterPasswordSourceError, processTerminal, readMasterPassword, type PasswordTerminal } from './command/masterPasswordSource';
import { newControlToken, removeServerInfo, runningServer, writeServerInfo } from './command/serverInfo';
import { databasesDir, defaultDataDir } from './storage/sandboxPaths';
import { SandboxServer } from './sandboxServer';
import { DatabaseCatalog, type StartReport } from './catalog/databaseCatalog';
import { expiryAfterDays, issueApiKey, KeyIssueError } from './keys/keyIssuer';
import { directoryOwner, DirectoryBusyError } from './storage/directoryClaim';
import { ForeignFilesError, makePrivateFolder } from './storage/ownerOnlyFiles';
import { describeServer, NamespaceBusyError } from './storage/postgresBackend';
import { systemClock } from './orm/clock';
import { templateCacheDir } from './storage/sandboxPaths';
import { sharedPgliteModule } from './storage/pgliteModule';

export { tuneSandboxProcess } from './command/processMemory';
export { writeDemoTemplateArchive } from './catalog/templateRequests';

export const DEMO_DATABASE = 'demo';

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Stops the server (in place of Ctrl+C), for tests. */
  signal?: AbortSignal;
  /** Called once the server listens (for tests). */
  onListening?(url: string): void;
  /** Where --master-password-prompt asks (default: the process's terminal). */
  terminal?: PasswordTerminal;
}

const consoleIo: CommandIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

class CommandError extends Error {}

/** What `json2 sandbox --json` prints once listening: one line, for scripts and the extension. */
export interface ReadyLine {
  url: string;
  databases: string[];
  dataDir: string;
  /** The administrator's key made on first start (never again). */
  apiKey?: { key: string; login: string; database: string; expiration: string };
  /** The master password made on first start, when none was given (stored hashed; never shown again). */
  masterPassword?: string;
}

function describeStartFailure(error: unknown, options: ServeOptions, dataDir: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new CommandError(`port ${options.port} on ${options.host} is already in use (another sandbox?); choose another with --port`);
  if (code === 'EACCES')
    return new CommandError(`not allowed to listen on ${options.host}:${options.port}; choose a port above 1023 with --port`);
  if (code === 'EADDRNOTAVAIL') return new CommandError(`${options.host} is not an address of this machine`);
  if (error instanceof DirectoryBusyError)
    return new CommandError(`the data folder ${dataDir} is in use by another sandbox (pid ${error.ownerPid}); stop it or use --data`);
  if (error instanceof NamespaceBusyError) return new CommandError(`${error.message} (--postgres-prefix)`);
  if (error instanceof ForeignFilesError) return new CommandError(error.message);
  if (options.postgres && error instanceof Error) return new CommandError(error.message);
  return error instanceof Error ? error : new Error(String(error));
}

function waitForStop(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const stop = (name: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(name);
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
    // Started by another process with an IPC channel (the extension's fork): that process going away stops the server,
    // however it ended, so no sandbox outlives the window that started it.
    if (process.connected) process.once('disconnect', () => stop('disconnect'));
    if (signal?.aborted) stop('abort');
    signal?.addEventListener('abort', () => stop('abort'), { once: true });
  });
}

async function serve(options: ServeOptions, io: CommandIo): Promise<number> {
  // PGlite's module compiles on V8's threads while the data folder is checked and the template copied.
  if (!options.postgres) void sharedPgliteModule();
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir());
  makePrivateFolder(dataDir);
  const owner = directoryOwner(databasesDir(dataDir));
  if (owner !== null && owner !== process.pid)
    throw new CommandError(`the data folder ${dataDir} is in use by another sandbox (pid ${owner}); stop it or use --data`);
  if (options.reset && !options.postgres) fs.rmSync(databasesDir(dataDir), { recursive: true, force: true });
  let masterPassword: string | undefined;
  try {
    masterPassword = await readMasterPassword(options.masterPasswordSource, process.env, io.terminal ?? processTerminal, (line) =>
      io.err(line),
    );
  } catch (error) {
    if (error instanceof MasterPasswordSourceError) throw new CommandError(error.message);
    throw error;
  }
  const token = newControlToken();
  let server: SandboxServer;
  try {
    server = await SandboxServer.start({
      dataDir,
      host: options.host,
      port: options.port,
      masterPassword,
      maxUploadBytes: options.maxUploadBytes,
      idleCloseMs: options.idleCloseMs,
      listDb: options.listDb,
      legacyOnly: options.legacyOnly,
      databaseFilter: options.databaseFilter,
      allowOrigins: options.allowOrigins,
      databaseHeader: options.databaseHeader,
      postgres: options.postgres,
      reset: options.reset && options.postgres !== undefined,
      answerCache: options.answerCache,
      keyMethods: options.keyMethods,
      webPages: true,
      controlToken: token,
    });
  } catch (error) {
    throw describeStartFailure(error, options, dataDir);
  }
  try {
    reportStart(server.startReport, io);
    let keyLine = `  API key:   not shown again; make one with: json2 sandbox key --db ${DEMO_DATABASE} --user admin --days 7`;
    let firstKey: ReadyLine['apiKey'];
    if (!server.catalog.exists(DEMO_DATABASE)) {
      io.err(`Creating the ${DEMO_DATABASE} database (first start: a few seconds)...`);
      await server.catalog.createDatabase(DEMO_DATABASE);
      const expiration = addCalendarMonths(systemClock.now(), 3);
      const issued = await issueApiKey(server.catalog, DEMO_DATABASE, { login: 'admin', name: 'json2 sandbox first start', expiration });
      keyLine = `  API key:   ${issued.key}\n             (user admin, expires ${formatDate(expiration)}; shown only now)`;
      firstKey = { key: issued.key, login: 'admin', database: DEMO_DATABASE, expiration: formatDate(expiration) };
    }
    writeServerInfo(dataDir, { pid: process.pid, url: server.url, token });
    if (!['127.0.0.1', 'localhost', '::1'].includes(options.host)) {
      io.err(`Warning: listening on ${options.host}: other machines may reach this sandbox and its demo passwords.`);
    }
    const ready: ReadyLine = {
      url: server.url,
      databases: server.catalog.list(),
      dataDir,
      ...(firstKey ? { apiKey: firstKey } : {}),
      ...(server.createdMasterPassword ? { masterPassword: server.createdMasterPassword } : {}),
    };
    io.out(
      options.json
        ? JSON.stringify(ready)
        : [
            `JSON-2 sandbox running at ${server.url}`,
            `  database:  ${ready.databases.join(', ')}`,
            keyLine,
            ...(ready.masterPassword
              ? [
                  `  master password: ${ready.masterPassword}\n             (db service and /web/database/manager; stored hashed in ${dataDir}/config.json; shown only now)`,
                ]
              : []),
            `  web login: ${server.url}/web/login (admin / admin, demo / demo)`,
            `  data:      ${dataDir}`,
            ...(options.postgres
              ? [`  postgres:  ${describeServer(options.postgres.url)}, databases named ${options.postgres.prefix}<name>`]
              : []),
            'Press Ctrl+C to stop.',
          ].join('\n'),
    );
    io.onListening?.(server.url);
    // The demo database opens now rather than on the first call, which then finds it open (or opening).
    if (server.catalog.exists(DEMO_DATABASE)) void server.catalog.use(DEMO_DATABASE, async () => undefined).catch(() => undefined);
    const reason = await waitForStop(io.signal);
    if (reason !== 'abort') io.err(`\nStopping (${reason})...`);
  } finally {
    removeServerInfo(dataDir, process.pid);
    await server.stop();
  }
  return 0;
}

/** Says what the start repaired: files other users could read, made owner-only; unfinished databases, removed. */
function reportStart(report: StartReport, io: CommandIo): void {
  if (report.removedUnfinished.length > 0) {
    io.err(
      `Removed ${report.removedUnfinished.length} unfinished database${report.removedUnfinished.length === 1 ? '' : 's'} left by a sandbox stopped while restoring or copying: ${report.removedUnfinished.join(', ')}`,
    );
  }
  if (report.madePrivate.length === 0) return;
  const shown = report.madePrivate.slice(0, 5).map((file) => `    ${file}`);
  io.err(
    [
      `Warning: ${report.madePrivate.length} of the sandbox's files and folders were readable or writable by other users; they are now owner-only:`,
      ...shown,
      ...(report.madePrivate.length > shown.length ? [`    ... and ${report.madePrivate.length - shown.length} more`] : []),
    ].join('\n'),
  );
}

async function printKey(options: KeyOptions, io: CommandIo): Promise<number> {
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir());
  const running = runningServer(dataDir);
  let key: string;
  let expiration: Date;
  if (running) {
    const response = await fetch(`${running.url}/sandbox/control/key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Control': running.token },
      body: JSON.stringify({ db: options.database, login: options.login, days: options.days, name: options.name }),
    });
    const answer = (await response.json()) as { key?: string; expiration?: string; error?: string };
    if (!response.ok || !answer.key || !answer.expiration)
      throw new CommandError(answer.error ?? `the running sandbox answered ${response.status}`);
    key = answer.key;
    expiration = new Date(answer.expiration);
  } else {
    if (!options.postgres && !fs.existsSync(databasesDir(dataDir)))
      throw new CommandError(`no sandbox data in ${dataDir}; start one first with: json2 sandbox`);
    let catalog: DatabaseCatalog;
    try {
      catalog = new DatabaseCatalog({ dataDir, templateCacheDir: templateCacheDir(), clock: systemClock, postgres: options.postgres });
      reportStart(await catalog.start(), io);
    } catch (error) {
      if (error instanceof DirectoryBusyError)
        throw new CommandError(`the data folder ${dataDir} is in use by another process (pid ${error.ownerPid})`);
      if (error instanceof NamespaceBusyError) throw new CommandError(`${error.message} (--postgres-prefix)`);
      if (error instanceof ForeignFilesError) throw new CommandError(error.message);
      if (options.postgres && error instanceof Error) throw new CommandError(error.message);
      throw error;
    }
    try {
      const issued = await issueApiKey(catalog, options.database, {
        login: options.login,
        name: options.name ?? `json2 sandbox key (${options.days} days)`,
        expiration: expiryAfterDays(options.days, systemClock.now()),
      });
      key = issued.key;
      expiration = issued.expiration;
    } finally {
      await catalog.close();
    }
  }
  io.out(key);
  io.err(`API key for ${options.login} on ${options.database}, expires ${formatDate(expiration)} (shown only now).`);
  return 0;
}

/** Runs `json2 sandbox <argv>`; resolves with the exit code (the server resolves when stopped). */
export async function runSandboxCommand(argv: string[], io: CommandIo = consoleIo): Promise<number> {
  try {
    const options = parseSandboxArguments(argv);
    if (options.command === 'help') {
      io.out(USAGE);
      return 0;
    }
    return options.command === 'key' ? await printKey(options, io) : await serve(options, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`json2 sandbox: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof CommandError || error instanceof KeyIssueError) {
      io.err(`json2 sandbox: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
