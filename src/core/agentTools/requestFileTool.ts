// json2_run_request: one named request of a workspace .json2 file through the request pipeline, as the tools apply the guards.
import fs from 'node:fs';
import path from 'node:path';
import { parseRequestFile } from '../requestFile';
import { RequestRun } from '../requestRun/requestRun';
import { RequestSession } from '../requestRun/requestSession';
import { systemClock, type RunAsking } from '../requestRun/runPorts';
import type { RequestRunResult } from '../requestRun/runResult';
import type { AgentSession } from './agentSession';
import { compactValue, Omissions, omittedNote } from './compactResult';
import { withServerData } from './serverData';

export interface RunRequestInput {
  readonly file: string;
  readonly name: string;
  readonly connection?: string;
}

/** A request the tool could not run; the message says why (the file, the name). */
export class RequestFileToolError extends Error {}

const isInside = (root: string, full: string): boolean => {
  const relative = path.relative(root, full);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/**
 * The text of a .json2 file inside the workspace folder, or a RequestFileToolError: agents read no file outside it,
 * also through a symbolic link (the path is checked as given and again once every link in it is resolved), and only
 * .json2 files. The file is opened without following a link at its last step, so it cannot be swapped for one.
 */
function readWorkspaceFile(root: string, file: string): string {
  const outside = () => new RequestFileToolError(`${file} is outside the workspace folder ${root}.`);
  const unreadable = (error: unknown) =>
    new RequestFileToolError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  const full = path.resolve(root, file);
  if (!isInside(root, full)) throw outside();
  if (path.extname(full) !== '.json2') throw new RequestFileToolError(`${file} is not a .json2 request file.`);
  let real: string;
  let realRoot: string;
  try {
    real = fs.realpathSync(full);
    realRoot = fs.realpathSync(root);
  } catch (error) {
    throw unreadable(error);
  }
  if (!isInside(realRoot, real)) throw outside();
  if (path.extname(real) !== '.json2') throw new RequestFileToolError(`${file} is not a .json2 request file.`);
  let descriptor: number;
  try {
    descriptor = fs.openSync(real, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    throw unreadable(error);
  }
  try {
    return fs.readFileSync(descriptor, 'utf8');
  } catch (error) {
    throw unreadable(error);
  } finally {
    fs.closeSync(descriptor);
  }
}

/**
 * Nobody answers a prompt or reads the environment for an agent: a request that needs either is not sent. A request
 * marked `# @confirm`, or a write on a production connection, goes only when the session's person says yes.
 */
function agentAsking(session: AgentSession): RunAsking {
  return {
    prompt: () => Promise.resolve(undefined),
    confirm: (question) => session.confirm({ connection: question.connection, message: question.message }),
    allowEnvironment: () => Promise.resolve(false),
    notConfirmed: (question) => `Not sent: "${question.message}" was not confirmed by a person.`,
    unansweredHint: () => '; agents cannot answer prompts: run this request from the editor or json2 run instead',
  };
}

function summary(result: RequestRunResult, session: AgentSession): Record<string, unknown> {
  const error =
    result.error &&
    (result.error.kind === 'refused' ? { ...result.error, message: session.explainRefusal(result.error.message) } : result.error);
  return {
    request: result.label,
    verdict: result.verdict,
    ...(result.request !== undefined ? { sent: result.request } : {}),
    ...(result.connection !== undefined ? { connection: result.connection } : {}),
    ...(result.status !== undefined ? { status: result.status } : {}),
    ...(error ? { error: session.redactor.redactValue(error) } : {}),
  };
}

/** Runs the named request (and the named requests it uses, first); returns its answer cut to the budget and the assertions. */
export async function runRequest(
  session: AgentSession,
  workspaceRoot: string,
  input: RunRequestInput,
  signal?: AbortSignal,
): Promise<unknown> {
  const text = readWorkspaceFile(workspaceRoot, input.file);
  const parsed = parseRequestFile(text);
  const errors = parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) {
    throw new RequestFileToolError(
      `${input.file} has errors, nothing was sent: ${errors
        .slice(0, 5)
        .map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`)
        .join('; ')}`,
    );
  }
  const request = parsed.requests.find((candidate) => candidate.name?.text === input.name);
  if (!request) {
    const names = parsed.requests.flatMap((candidate) => (candidate.name ? [candidate.name.text] : []));
    throw new RequestFileToolError(
      `No request is named ${input.name} in ${input.file}${names.length > 0 ? ` (named: ${names.join(', ')})` : ' (it names none)'}.`,
    );
  }
  const requestSession = new RequestSession(session.redactor);
  const ports = session.runPorts();
  const pipeline = new RequestRun({
    parsed,
    session: requestSession,
    ports: { ...ports, asking: agentAsking(session), clock: systemClock, reporter: { started: () => signal } },
    environment: {},
    ...(input.connection !== undefined ? { connectionOverride: input.connection } : {}),
  });
  const results = await pipeline.run([request.index]);
  const own = results[results.length - 1];
  const omitted = new Omissions();
  const answer = own.body === undefined ? undefined : compactValue(own.body, { redact: (text) => session.redactor.redact(text), omitted });
  return withServerData(['body', 'error', 'assertions', 'ranFirst'], {
    ...summary(own, session),
    ...(answer ? { body: answer.value, ...(answer.truncated ? { truncated: true } : {}), ...omittedNote(omitted) } : {}),
    ...(own.assertions.length > 0
      ? { assertions: own.assertions.map((assertion) => ({ text: assertion.text, passed: assertion.passed, message: assertion.message })) }
      : {}),
    ...(results.length > 1 ? { ranFirst: results.slice(0, -1).map((result) => summary(result, session)) } : {}),
  });
}
