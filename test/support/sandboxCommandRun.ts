// Runs `json2 sandbox` in the test's process as a person would (options, output, Ctrl+C through an abort signal), on
// PGlite or, with JSON2_SANDBOX_POSTGRES, on PostgreSQL in a namespace of the test file's own, dropped at the end.
import { runSandboxCommand, type CommandIo } from '../../src/sandbox/sandboxCommand';
import { PostgresBackend } from '../../src/sandbox/storage/postgresBackend';
import { testPostgresNamespace, testPostgresUrl } from '../../src/sandbox/testApi';

export interface CommandBackend {
  /** The PostgreSQL namespace of the commands, or null on PGlite. */
  namespace: { url: string; prefix: string } | null;
  /** `--postgres URL --postgres-prefix P`, or nothing on PGlite. */
  args: string[];
  /** Drops the namespace's databases (for an `after` hook). */
  drop(): Promise<void>;
}

export function commandBackend(): CommandBackend {
  const url = testPostgresUrl();
  const namespace = url === null ? null : testPostgresNamespace(url);
  return {
    namespace,
    args: namespace === null ? [] : ['--postgres', namespace.url, '--postgres-prefix', namespace.prefix],
    async drop() {
      if (namespace === null) return;
      const backend = new PostgresBackend(namespace);
      await backend.start();
      await backend.dropAll();
      await backend.release();
    },
  };
}

export interface RunningCommand {
  url: string;
  stdout: string[];
  stderr: string[];
  /** Stops the server as Ctrl+C would; resolves with the exit code. */
  stop(): Promise<number>;
}

/** The command ended before it listened (a refused option or start). */
export class CommandEndedError extends Error {
  constructor(
    readonly code: number,
    readonly stderr: string[],
  ) {
    super(`json2 sandbox ended with ${code}: ${stderr.join('\n')}`);
  }
}

/** Starts `json2 sandbox <args>`; CommandEndedError, with what it printed, when it ends before listening. */
export async function startCommand(args: string[], io: Partial<CommandIo> = {}): Promise<RunningCommand> {
  const abort = new AbortController();
  const stdout: string[] = [];
  const stderr: string[] = [];
  let listening!: (url: string) => void;
  const url = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const exit = runSandboxCommand(args, {
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    signal: abort.signal,
    onListening: (address) => listening(address),
    ...io,
  });
  const first = await Promise.race([url, exit.then((code) => ({ code }))]);
  if (typeof first !== 'string') throw new CommandEndedError(first.code, stderr);
  return {
    url: first,
    stdout,
    stderr,
    stop: () => {
      abort.abort();
      return exit;
    },
  };
}
