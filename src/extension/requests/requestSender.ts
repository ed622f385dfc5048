// The editor's ports of the core request pipeline: questions through RequestPrompts and the environment consent,
// connections, secrets and clients through ConnectionService. Loaded with import() on the first send.
import type { RequestFile } from '../../core/requestFile';
import { RequestRun } from '../../core/requestRun/requestRun';
import type { RequestSession } from '../../core/requestRun/requestSession';
import { RunFailure } from '../../core/requestRun/runErrors';
import { type RunAsking, type RunReporter, systemClock } from '../../core/requestRun/runPorts';
import type { ConnectionService } from '../connections/connectionService';
import type { EnvironmentConsent } from './environmentConsent';
import type { RequestPrompts } from './requestPrompts';

export interface SendContext {
  readonly uri: string;
  readonly parsed: RequestFile;
  /** Named answers, prompt answers and secrets of this file, kept between runs of the session. */
  readonly session: RequestSession;
  readonly service: ConnectionService;
  readonly prompts: RequestPrompts;
  /** Which environment variables each file may read into its requests. */
  readonly environmentConsent: EnvironmentConsent;
  readonly dotenv: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly reporter: RunReporter;
  /** A connection chosen for the whole run (the Test Explorer's "Run with connection…"): wins over `# @connection`. */
  readonly connectionOverride?: string;
  /** True when the answers go to the panel: JSON answers come as their bytes, parsed in the view (RequestRunInput). */
  readonly answerBytes?: boolean;
}

/** A run of the file's requests with the editor's ports. */
export function editorRequestRun(context: SendContext): RequestRun {
  const { service } = context;
  /** A connection that cannot be used (none, no key) fails the request, not the run. */
  const asFailure = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw error instanceof RunFailure ? error : new RunFailure('connection', (error as Error).message);
    }
  };
  return new RequestRun({
    parsed: context.parsed,
    session: context.session,
    dotenv: context.dotenv,
    environment: process.env,
    timeoutMs: context.timeoutMs,
    ...(context.answerBytes ? { answerBytes: true } : {}),
    ...(context.connectionOverride !== undefined ? { connectionOverride: context.connectionOverride } : {}),
    ports: {
      asking: editorAsking(context),
      secrets: { connection: (name) => asFailure(() => service.withSecret(name)) },
      transport: { client: ({ profile }) => asFailure(() => service.client(profile.name)) },
      clock: systemClock,
      reporter: context.reporter,
    },
  });
}

function editorAsking({ uri, prompts, environmentConsent }: SendContext): RunAsking {
  return {
    prompt: (question) => prompts.ask(question),
    confirm: (question) =>
      prompts.confirmSend(
        question.message,
        question.production
          ? `"${question.connection}" is marked as a production connection. Nothing has been sent yet.`
          : 'The request is marked # @confirm. Nothing has been sent yet.',
      ),
    allowEnvironment: async (names, connection) => {
      const unallowed = environmentConsent.missing(uri, names);
      if (unallowed.length === 0) return true;
      const file = decodeURIComponent(uri.split('/').pop() ?? uri);
      if (!(await prompts.allowEnvironment(file, unallowed, connection))) return false;
      await environmentConsent.allow(uri, unallowed);
      return true;
    },
  };
}
