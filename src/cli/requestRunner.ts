// Runs the requests of one parsed .json2 file for `json2 run`: the core pipeline with the CLI's ports, its results as outcomes.
import type { DefaultContext } from '../core/connections/defaultContext';
import type { RequestFile } from '../core/requestFile';
import { RequestRun } from '../core/requestRun/requestRun';
import { RequestSession } from '../core/requestRun/requestSession';
import { systemClock } from '../core/requestRun/runPorts';
import { cliAsking } from './cliAsking';
import type { CliConnections } from './cliConnections';
import { outcomeOf, type FileOutcome, type RequestOutcome } from './runResults';

/** What running one file needs from the command around it. */
export interface FileRunContext {
  /** The file as given on the command line (used in every message). */
  readonly file: string;
  readonly parsed: RequestFile;
  readonly connections: CliConnections;
  /** `--connection NAME`: wins over the file's `# @connection`. */
  readonly connection?: string;
  /** `--context JSON`: wins over the connection's default context. */
  readonly context?: DefaultContext;
  readonly dotenv: Readonly<Record<string, string>>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly timeoutMs: number;
  /** Whether answers are kept in the outcomes (they are redacted first, which costs time when nothing prints them). */
  readonly keepBodies: boolean;
  /** `--yes`: send requests that need confirmation without asking. */
  readonly yes: boolean;
  /** `--explain`: explain 401/403 answers, empty lists and records lacking a field. */
  readonly explain?: boolean;
  /** Told before each request is sent (for the progress line). */
  readonly onStart: (label: string) => void;
  /** Told after each request, in run order. */
  readonly onOutcome: (outcome: RequestOutcome) => void;
  /** True once the run must stop (--bail after a failure): the rest is reported as skipped. */
  readonly shouldStop: () => boolean;
}

/** The run of a file: `plan(selected)` says what will run, `run(selected)` runs it. */
export function fileRun(context: FileRunContext): {
  plan(selected: readonly number[]): number[];
  run(selected: readonly number[]): Promise<FileOutcome>;
} {
  const { connections, file } = context;
  const outcomes: RequestOutcome[] = [];
  const pipeline = new RequestRun({
    parsed: context.parsed,
    session: new RequestSession(connections.redactor),
    ports: {
      asking: cliAsking(context.env, context.yes),
      secrets: connections.secretsFor(file),
      transport: connections.transport,
      clock: systemClock,
      reporter: {
        started: (_index, label) => {
          context.onStart(label);
          return undefined;
        },
        finished: (result) => {
          const outcome = outcomeOf(file, result);
          outcomes.push(outcome);
          context.onOutcome(outcome);
        },
      },
    },
    dotenv: context.dotenv,
    environment: context.env,
    timeoutMs: context.timeoutMs,
    keepAnswers: context.keepBodies,
    explainAnswers: context.explain === true,
    ...(context.connection !== undefined ? { connectionOverride: context.connection } : {}),
    ...(context.context !== undefined ? { contextOverride: context.context } : {}),
  });
  return {
    plan: (selected) => pipeline.plan(selected),
    run: async (selected) => {
      const started = performance.now();
      await pipeline.run(selected, {
        skipReason: () => (context.shouldStop() ? 'not run: --bail stopped the run after a failure' : undefined),
      });
      return { file, requests: outcomes, durationMs: performance.now() - started };
    },
  };
}
