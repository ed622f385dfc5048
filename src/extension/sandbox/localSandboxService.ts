// The local sandbox of this window: started on demand as a child process (data under the extension's global storage),
// connected as "Local sandbox", stopped on request or with the window. One at a time; state in a context key.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as vscode from 'vscode';
import { SandboxInstallError } from '../../core/localSandbox/sandboxPackageInstaller';
import { issueSandboxKey, type SandboxProcess, SandboxStartError, startSandboxProcess } from '../../core/localSandbox/sandboxProcess';
import { connectSandbox, SANDBOX_LOGIN, type SandboxConnectionDeps } from './sandboxConnection';
import { sandboxRuntime } from './sandboxRuntime';
import { ensureSampleFile } from './sandboxSample';

export const RUNNING_CONTEXT = 'json2.localSandbox.running';
const LAST_PORT_STATE = 'json2.localSandbox.lastPort';
const KEY_DAYS = 90;

export type SandboxState = 'stopped' | 'starting' | 'running' | 'stopping';

/** What a start gave: the sandbox's address, or why it failed (kind 'port', 'dataFolder', 'install', 'cancelled'...). */
export type StartOutcome =
  | { readonly url: string; readonly connection: string; readonly sampleFile: string; readonly pid: number }
  | { readonly error: { readonly kind: string; readonly message: string } };

export interface LocalSandboxDeps extends Omit<SandboxConnectionDeps, 'newKey'> {
  readonly context: vscode.ExtensionContext;
}

/** True when nothing listens on the loopback port (checked by listening on it for a moment). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export class LocalSandboxService implements vscode.Disposable {
  readonly #deps: LocalSandboxDeps;
  #state: SandboxState = 'stopped';
  #process: SandboxProcess | undefined;
  #starting: Promise<StartOutcome> | undefined;
  readonly #changed = new vscode.EventEmitter<SandboxState>();
  readonly onDidChangeState = this.#changed.event;

  constructor(deps: LocalSandboxDeps) {
    this.#deps = deps;
  }

  get state(): SandboxState {
    return this.#state;
  }

  /** The running sandbox's process id, for tests that check nothing is left behind. */
  get pid(): number | undefined {
    return this.#process?.pid;
  }

  /** Where the sandbox keeps its package, data, template cache and sample file (under global storage). */
  get folder(): string {
    return path.join(this.#deps.context.globalStorageUri.fsPath, 'local-sandbox');
  }

  /** Starts the sandbox (or returns the running one), connects it and opens the sample request file. */
  start(): Promise<StartOutcome> {
    if (this.#process !== undefined && this.#state === 'running') return this.#opened(this.#process);
    this.#starting ??= this.#start().finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  async #start(): Promise<StartOutcome> {
    const { log } = this.#deps;
    this.#setState('starting');
    try {
      const dataDir = path.join(this.folder, 'data');
      const cacheDir = path.join(this.folder, 'cache');
      this.#prepareFolder(dataDir);
      this.#prepareFolder(cacheDir);
      const runtime = await sandboxRuntime(this.#deps.context.extensionPath, path.join(this.folder, 'packages'), log);
      const port = await this.#choosePort();
      log.info(`[sandbox] starting ${runtime.origin} on ${port === 0 ? 'a free port' : `port ${port}`}, data in ${dataDir}`);
      const running = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local sandbox…') },
        () => startSandboxProcess({ cliPath: runtime.cliPath, dataDir, cacheDir, port, onLog: (line) => log.info(`[sandbox] ${line}`) }),
      );
      this.#process = running;
      void running.exited.then((code) => this.#ended(running, code));
      await this.#deps.context.globalState.update(LAST_PORT_STATE, Number(new URL(running.ready.url).port));
      log.info(`[sandbox] running at ${running.ready.url} (pid ${running.pid}), databases: ${running.ready.databases.join(', ')}`);
      await connectSandbox(running.ready, {
        ...this.#deps,
        newKey: () =>
          issueSandboxKey({
            cliPath: runtime.cliPath,
            dataDir,
            cacheDir,
            login: SANDBOX_LOGIN,
            days: KEY_DAYS,
            name: 'VS Code: Start Local Sandbox',
          }),
      });
      this.#setState('running');
      return await this.#opened(running);
    } catch (error) {
      const started = this.#process;
      this.#process = undefined;
      await started?.stop();
      this.#setState('stopped');
      return { error: this.#describe(error) };
    }
  }

  /** Creates the folder (owner-only) and checks it is writable, naming it in the error when not. */
  #prepareFolder(folder: string): void {
    try {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      fs.accessSync(folder, fs.constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      const reasons: Record<string, string> = {
        EEXIST: vscode.l10n.t('a file is in the way'),
        ENOTDIR: vscode.l10n.t('a file is in the way'),
        EACCES: vscode.l10n.t('permission denied'),
        EPERM: vscode.l10n.t('permission denied'),
        EROFS: vscode.l10n.t('the disk is read-only'),
        ENOSPC: vscode.l10n.t('the disk is full'),
      };
      const reason = reasons[code] ?? (code || String(error));
      throw new SandboxStartError(vscode.l10n.t('its data folder {0} cannot be used: {1} ({2})', folder, reason, code), 'dataFolder');
    }
  }

  /** `json2.sandbox.port` when set; else the port of last time when free (the connection keeps its address), else any. */
  async #choosePort(): Promise<number> {
    const configured = vscode.workspace.getConfiguration('json2').get<number>('sandbox.port') ?? 0;
    if (configured !== 0) return configured;
    const last = this.#deps.context.globalState.get<number>(LAST_PORT_STATE);
    return last !== undefined && (await portIsFree(last)) ? last : 0;
  }

  async #opened(running: SandboxProcess): Promise<StartOutcome> {
    const sampleFile = ensureSampleFile(this.folder);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(sampleFile));
    await vscode.window.showTextDocument(document, { preview: false });
    return { url: running.ready.url, connection: 'Local sandbox', sampleFile, pid: running.pid };
  }

  #describe(error: unknown): { kind: string; message: string } {
    const message = error instanceof Error ? error.message : String(error);
    const kind =
      error instanceof SandboxStartError
        ? error.kind
        : error instanceof SandboxInstallError
          ? error.kind === 'cancelled'
            ? 'cancelled'
            : 'install'
          : 'failed';
    this.#deps.log.error(`[sandbox] could not start (${kind}): ${message}`);
    return { kind, message };
  }

  /** Stops the sandbox and waits until its process has ended. */
  async stop(): Promise<boolean> {
    await this.#starting;
    const running = this.#process;
    if (running === undefined) return false;
    this.#setState('stopping');
    this.#deps.log.info(`[sandbox] stopping (pid ${running.pid})`);
    await running.stop();
    return true;
  }

  #ended(running: SandboxProcess, code: number | null): void {
    if (this.#process !== running) return;
    const expected = this.#state === 'stopping';
    this.#process = undefined;
    this.#setState('stopped');
    if (expected) this.#deps.log.info('[sandbox] stopped');
    else {
      this.#deps.log.warn(`[sandbox] ended by itself (exit code ${code ?? 'none'})`);
      void vscode.window.showWarningMessage(
        vscode.l10n.t('The local sandbox stopped by itself (exit code {0}); its messages are in the JSON-2 log.', String(code ?? 'none')),
      );
    }
  }

  #setState(state: SandboxState): void {
    this.#state = state;
    void vscode.commands.executeCommand('setContext', RUNNING_CONTEXT, state === 'running');
    this.#changed.fire(state);
  }

  /** With the window: closing the IPC channel makes the sandbox stop cleanly by itself. */
  dispose(): void {
    const running = this.#process;
    this.#process = undefined;
    if (running !== undefined) void running.stop();
    this.#changed.dispose();
  }
}
