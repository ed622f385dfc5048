// Ports for the request pipeline's tests: saved connections with their secrets on the core clients, scripted answers.
import { ConnectionClient } from '../../../src/core/connections/connectionClient';
import type { ConnectionProfile } from '../../../src/core/connections/connectionProfile';
import type { PromptQuestion, RequestFile } from '../../../src/core/requestFile';
import { parseRequestFile } from '../../../src/core/requestFile';
import { RequestRun, type RequestRunInput } from '../../../src/core/requestRun/requestRun';
import { RequestSession } from '../../../src/core/requestRun/requestSession';
import { RunFailure } from '../../../src/core/requestRun/runErrors';
import { type RequestRunPorts, type RunAsking, type SendQuestion, systemClock } from '../../../src/core/requestRun/runPorts';
import type { RequestRunResult } from '../../../src/core/requestRun/runResult';

/** A profile on `url` with the defaults of a saved connection. */
export function profileOf(name: string, url: string, database: string, extra: Partial<ConnectionProfile> = {}): ConnectionProfile {
  return {
    name,
    baseUrl: url,
    database,
    protocol: 'json2',
    readOnly: false,
    production: false,
    allowInsecureHttp: false,
    ...extra,
  };
}

/** What a scripted run heard: questions, started requests, finished results. */
export interface RunRecord {
  readonly prompts: PromptQuestion[];
  readonly confirmations: SendQuestion[];
  readonly environment: string[][];
  readonly started: number[];
  readonly finished: RequestRunResult[];
}

export interface HarnessOptions {
  /** Saved connections with their secrets; the first is the default. */
  readonly connections: readonly { readonly profile: ConnectionProfile; readonly secret: string }[];
  readonly answers?: Readonly<Record<string, string>>;
  readonly confirm?: boolean;
  readonly allowEnvironment?: boolean;
  readonly asking?: Partial<RunAsking>;
}

/** Ports over real clients (closed by `close()`), answering questions from a script and recording everything. */
export function scriptedPorts(options: HarnessOptions): { ports: RequestRunPorts; record: RunRecord; close(): Promise<void> } {
  const record: RunRecord = { prompts: [], confirmations: [], environment: [], started: [], finished: [] };
  const clients: ConnectionClient[] = [];
  const ports: RequestRunPorts = {
    asking: {
      prompt: async (question) => {
        record.prompts.push(question);
        return options.answers?.[question.name];
      },
      confirm: async (question) => {
        record.confirmations.push(question);
        return options.confirm ?? false;
      },
      allowEnvironment: async (names) => {
        record.environment.push([...names]);
        return options.allowEnvironment ?? false;
      },
      ...options.asking,
    },
    secrets: {
      connection: async (name) => {
        const found = name === undefined ? options.connections[0] : options.connections.find((saved) => saved.profile.name === name);
        if (!found) throw new RunFailure('connection', `No connection named "${name ?? ''}".`);
        return found;
      },
    },
    transport: {
      client: async ({ profile, secret }) => {
        const client = new ConnectionClient(profile, secret, { userAgent: 'json2-pipeline-test' });
        clients.push(client);
        return client;
      },
    },
    clock: systemClock,
    reporter: {
      started: (index) => {
        record.started.push(index);
        return undefined;
      },
      finished: (result) => {
        record.finished.push(result);
      },
    },
  };
  return {
    ports,
    record,
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}

/** A run of `text` on a fresh session (or the one given). */
export function runOf(
  text: string,
  ports: RequestRunPorts,
  extra: Partial<RequestRunInput> = {},
): { run: RequestRun; parsed: RequestFile; session: RequestSession } {
  const parsed = parseRequestFile(text);
  const session = extra.session ?? new RequestSession();
  return { run: new RequestRun({ parsed, session, ports, ...extra }), parsed, session };
}

/** Every text a result would show anywhere (its stored answer aside, which stays in memory). */
export function shownText(results: readonly RequestRunResult[]): string {
  return JSON.stringify(results.map(({ stored: _stored, ...shown }) => shown));
}
