// json2_explain_answer: why a call answered 401, 403, an empty list or records lacking a field, from the access model.
import { Json2Error } from '../client/clientErrors';
import { isReadOnlyMethod } from '../connections/readOnlyMethods';
import { explainWithConnection } from '../access/explainConnection';
import type { ExplainedAnswer, ExplainedRequest } from '../access/explainTypes';
import { AgentInputError } from './agentToolInput';
import type { AgentSession } from './agentSession';
import type { CallMethodInput } from './recordTools';

/** The call to explain, as json2_call_method takes it, and the error it answered. */
export interface ExplainAnswerInput extends CallMethodInput {
  /** The error the call answered; left out for a read-only call, which the tool sends itself to see its answer. */
  readonly error?: { status: number; message: string; name?: string };
}

/** Runs the read-only call (or takes the error given) and explains its answer. */
export async function explainAnswerTool(session: AgentSession, input: ExplainAnswerInput, signal?: AbortSignal): Promise<unknown> {
  const client = await session.client(input.connection);
  const request: ExplainedRequest = {
    model: input.model,
    method: input.method,
    ...(input.args ? { args: input.args } : {}),
    ...(input.ids ? { ids: input.ids } : {}),
    ...(input.context ? { context: input.context } : {}),
    ...(client.profile.database ? { database: client.profile.database } : {}),
  };
  let answer: ExplainedAnswer;
  if (input.error) answer = { kind: 'error', ...input.error };
  else {
    if (!isReadOnlyMethod(input.method))
      throw new AgentInputError(
        `${input.method} may change data, so it is not sent again to see its answer: give the error it answered in "error" ({"status": 403, "message": "..."}).`,
      );
    try {
      answer = { kind: 'result', value: await client.call(request, signal) };
    } catch (error) {
      if (!(error instanceof Json2Error)) throw error;
      answer = { kind: 'error', status: error.status, name: error.name, message: error.message };
    }
  }
  const explanation = await explainWithConnection(client, request, answer);
  return {
    situation: explanation.situation,
    ...(explanation.caller ? { caller: explanation.caller } : {}),
    summary: explanation.summary,
    causes: explanation.causes.map((cause) => ({
      kind: cause.kind,
      certain: cause.certain,
      sentence: cause.sentence,
      ...(cause.change ? { change: cause.change } : {}),
      ...(cause.count !== undefined ? { count: cause.count } : {}),
    })),
  };
}
