// Runs `json2 sandbox --json` as a child process of the caller: started with node's fork (an IPC channel, so that the
// sandbox stops when its parent goes, however it ends), ready when it prints its JSON line, stopped on request.
import { type ChildProcess, execFile, fork } from 'node:child_process';
import readline from 'node:readline';

/** The sandbox's ready line (src/sandbox/sandboxCommand.ts `ReadyLine`; the sandbox never imports core, so repeated). */
export interface SandboxReady {
  readonly url: string;
  readonly databases: readonly string[];
  readonly dataDir: string;
  readonly apiKey?: { readonly key: string; readonly login: string; readonly database: string; readonly expiration: string };
  readonly masterPassword?: string;
}

/** Why a start failed: the port, the data folder, or the sandbox ending for another reason (its message says). */
export type SandboxStartErrorKind = 'port' | 'dataFolder' | 'exited';

export class SandboxStartError extends Error {
  constructor(
    message: string,
    readonly kind: SandboxStartErrorKind,
  ) {
    super(message);
  }
}

export interface SandboxProcessOptions {
  /** The CLI's bundle (`dist/cli.js` of the json2-cli package, or of a development build). */
  readonly cliPath: string;
  readonly dataDir: string;
  /** Where the sandbox keeps its database templates (JSON2_SANDBOX_CACHE). */
  readonly cacheDir: string;
  /** 0 for any free port. */
  readonly port: number;
  /** The sandbox's own messages (stderr, and stdout after the ready line), one line at a time. */
  readonly onLog: (line: string) => void;
}

export interface SandboxProcess {
  readonly ready: SandboxReady;
  readonly pid: number;
  /** Resolves when the process has ended, with its exit code (null after a signal). */
  readonly exited: Promise<number | null>;
  /** Stops it cleanly (its databases closed), forcing it after a while; resolves once it has ended. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 15_000;
const KILL_GRACE_MS = 5_000;

/** What the sandbox's last error line says about the cause (its messages are in src/sandbox/sandboxCommand.ts). */
export function startFailureKind(message: string): SandboxStartErrorKind {
  if (/\bport\b|not allowed to listen|is not an address of this machine/i.test(message)) return 'port';
  if (
    /data folder|owned by another user|permission denied|read-only file system|no space left|EACCES|EROFS|ENOSPC|ENOTDIR|EEXIST/i.test(
      message,
    )
  )
    return 'dataFolder';
  return 'exited';
}

/**
 * Settings of glibc's allocator for the sandbox's process (other C libraries ignore them). Fixed thresholds turn off
 * glibc's own raising of them after each large block freed, which otherwise ends with the per-thread arenas of the
 * PGlite workers never giving freed memory back (docs/sandbox.md "Memory"). The sandbox reads them at process start
 * only, so they are given here, by whoever starts it; ones already in the environment are kept.
 */
export const SANDBOX_ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** The environment of the sandbox's processes: plain Node even under Electron, its allocator settings, its cache folder. */
function sandboxEnv(cacheDir: string): NodeJS.ProcessEnv {
  return { ...SANDBOX_ALLOCATOR_ENV, ...process.env, ELECTRON_RUN_AS_NODE: '1', JSON2_SANDBOX_CACHE: cacheDir };
}

export interface SandboxKeyOptions {
  readonly cliPath: string;
  readonly dataDir: string;
  readonly cacheDir: string;
  readonly login: string;
  readonly days: number;
  /** The key's description, shown on the sandbox's Account Security page. */
  readonly name: string;
}

/** A new key from `json2 sandbox key` (which asks the sandbox running on `dataDir` through its control endpoint). */
export function issueSandboxKey(options: SandboxKeyOptions): Promise<string> {
  const args = [
    options.cliPath,
    'sandbox',
    'key',
    '--db',
    'demo',
    '--user',
    options.login,
    '--days',
    String(options.days),
    '--name',
    options.name,
    '--data',
    options.dataDir,
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env: sandboxEnv(options.cacheDir), encoding: 'utf8' }, (error, stdout, stderr) => {
      const key = stdout.trim();
      if (error || !/^[0-9a-f]{40}$/.test(key)) {
        reject(
          new SandboxStartError(
            `no key from the sandbox: ${stderr.trim().replace(/^json2 sandbox: /, '') || error?.message || 'no answer'}`,
            'exited',
          ),
        );
      } else resolve(key);
    });
  });
}

/** Starts the sandbox and resolves once it listens; rejects with SandboxStartError when it ends before. */
export function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const child = fork(options.cliPath, ['sandbox', '--port', String(options.port), '--data', options.dataDir, '--json'], {
    env: sandboxEnv(options.cacheDir),
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(child.exitCode));
  });
  const errors: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    if (line.trim() === '') return;
    errors.push(line);
    options.onLog(line);
  });
  return new Promise<SandboxProcess>((resolve, reject) => {
    let ready: SandboxReady | undefined;
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (ready !== undefined) {
        if (line.trim() !== '') options.onLog(line);
        return;
      }
      try {
        ready = JSON.parse(line) as SandboxReady;
      } catch {
        options.onLog(line);
        return;
      }
      resolve({ ready, pid: child.pid ?? 0, exited, stop: () => stopChild(child, exited) });
    });
    child.once('error', (error) => reject(new SandboxStartError(`the sandbox could not be started: ${error.message}`, 'exited')));
    void exited.then((code) => {
      if (ready !== undefined) return;
      const said = errors
        .filter((line) => line.startsWith('json2 sandbox: '))
        .at(-1)
        ?.slice('json2 sandbox: '.length);
      const message = said ?? errors.at(-1) ?? `the sandbox ended (exit code ${code ?? 'none'}) before it was ready`;
      reject(new SandboxStartError(message, startFailureKind(message)));
    });
  });
}

/** Closes the IPC channel (the sandbox's signal to stop cleanly), then SIGTERM, then SIGKILL if it still runs. */
async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const within = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  if (child.connected) child.disconnect();
  else child.kill('SIGTERM');
  if (await within(STOP_GRACE_MS)) return;
  child.kill('SIGTERM');
  if (await within(KILL_GRACE_MS)) return;
  child.kill('SIGKILL');
  await exited;
}
