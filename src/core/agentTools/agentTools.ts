// Runs the agent tools by name for any host (the MCP server, VS Code): checks the input, calls, redacts, logs one line.
import { ClientError, Json2Error, TransportError } from '../client/clientErrors';
import { CallRefusedError } from '../connections/connectionClient';
import { ConnectionLookupError } from '../connections/connectionFile';
import { AGENT_TOOLS, agentTool, type AgentToolDefinition, type AgentToolName } from './agentToolDefinitions';
import { AgentInputError, checkToolInput } from './agentToolInput';
import { AGENT_MAX_ANSWER_BYTES, type AgentSession } from './agentSession';
import { DEFAULT_BUDGET_CHARS, fitValue, Omissions, omittedNote } from './compactResult';
import { callMethod, readRecords, type CallMethodInput, type ReadRecordsInput } from './recordTools';
import { RequestFileToolError, runRequest, type RunRequestInput } from './requestFileTool';
import { whoami } from './identityTool';
import { describeModel, findModels, listConnections } from './schemaTools';
import { explainAnswerTool, type ExplainAnswerInput } from './explainTool';
import { withServerData } from './serverData';

/** Characters of an input shown in the log line, after redaction. */
const LOGGED_INPUT_CHARS = 300;

/** What a tool gives back: a JSON value for the model, and whether it is an error. Always redacted. */
export interface AgentToolResult {
  readonly isError: boolean;
  readonly value: unknown;
  /** The value as the text a model reads (compact JSON). */
  readonly text: string;
}

export interface AgentToolsOptions {
  readonly session: AgentSession;
  /** The folder `json2_run_request` reads .json2 files from (nothing outside it). */
  readonly workspaceRoot: string;
  /** One line per call (tool, input, outcome), already redacted. */
  readonly log?: (line: string) => void;
  /** Tools not offered at all (a host without files leaves out json2_run_request). */
  readonly exclude?: readonly AgentToolName[];
}

/** Why a call failed, in the words a model can act on; the server's error object when there is one. */
function errorValue(error: unknown, session: AgentSession): { error: string; kind: string; server?: Record<string, unknown> } {
  if (error instanceof CallRefusedError)
    return { error: session.explainRefusal(error.message), kind: error.declined ? 'declined' : 'refused' };
  if (error instanceof AgentInputError) return { error: error.message, kind: 'input' };
  if (error instanceof RequestFileToolError) return { error: error.message, kind: 'requestFile' };
  if (error instanceof ConnectionLookupError) return { error: error.message, kind: 'connection' };
  if (error instanceof Json2Error)
    return withServerData(['error', 'server'], {
      error: error.message,
      kind: error.kind,
      server: { name: error.name, status: error.status, ...(error.arguments.length > 0 ? { arguments: error.arguments } : {}) },
    });
  if (error instanceof TransportError && error.kind === 'responseTooLarge')
    return {
      error:
        `The server's answer is larger than the ${AGENT_MAX_ANSWER_BYTES / 1024 / 1024} MB agents accept, so it was not read. ` +
        'Ask for fewer records (limit) or fewer fields, or group them with read_group.',
      kind: error.kind,
    };
  if (error instanceof ClientError) return { error: error.message, kind: error.kind };
  return { error: error instanceof Error ? error.message : String(error), kind: 'internal' };
}

/**
 * The answer redacted, and within the budget whatever a tool returned (a long error message from the server, many
 * method names): the tools cut their own lists and values first, this is the last bound on every answer.
 */
function withinBudget(session: AgentSession, value: unknown): { redacted: unknown; text: string } {
  const redacted = session.redactor.redactValue(value);
  const text = JSON.stringify(redacted) ?? 'null';
  if (text.length <= DEFAULT_BUDGET_CHARS) return { redacted, text };
  const omitted = new Omissions();
  const fitted = fitValue(redacted, { budget: DEFAULT_BUDGET_CHARS - 400, omitted });
  const bounded = fitted !== null && typeof fitted === 'object' && !Array.isArray(fitted) ? { ...fitted, ...omittedNote(omitted) } : fitted;
  return { redacted: bounded, text: JSON.stringify(bounded) };
}

/** The tools over one session. */
export class AgentTools {
  readonly #options: AgentToolsOptions;

  constructor(options: AgentToolsOptions) {
    this.#options = options;
  }

  /** The tools this host offers. */
  get definitions(): readonly AgentToolDefinition[] {
    return AGENT_TOOLS.filter((tool) => !this.#options.exclude?.includes(tool.name));
  }

  /** Runs a tool; never throws for a failed call (the result says why), and never returns or logs a known secret. */
  async invoke(name: string, input: unknown, signal?: AbortSignal): Promise<AgentToolResult> {
    const { session } = this.#options;
    const started = performance.now();
    let isError = false;
    let value: unknown;
    try {
      const tool = agentTool(name);
      if (!tool || this.#options.exclude?.includes(tool.name)) throw new AgentInputError(`There is no tool named ${name}.`);
      const checked = checkToolInput(tool.inputSchema, input);
      const inputText = JSON.stringify(checked);
      if (session.redactor.redactKnown(inputText) !== inputText)
        throw new AgentInputError("The input holds a connection's secret; these tools never take a key or password.");
      value = await this.#run(tool.name, checked, signal);
    } catch (error) {
      isError = true;
      value = errorValue(error, session);
    }
    const { redacted, text } = withinBudget(session, value);
    // Redacted whole before it is cut: a cut through a key would leave its first characters in the log.
    const inputText = session.redactor.redact(JSON.stringify(input ?? {}) ?? '');
    const shownInput = inputText.length > LOGGED_INPUT_CHARS ? `${inputText.slice(0, LOGGED_INPUT_CHARS)}…` : inputText;
    this.#options.log?.(
      session.redactor.redact(
        `${name} ${shownInput} → ${isError ? `error: ${(redacted as { error: string }).error}` : `ok, ${text.length} characters`} (${Math.round(performance.now() - started)} ms)`,
      ),
    );
    return { isError, value: redacted, text };
  }

  async #run(name: AgentToolName, input: Record<string, unknown>, signal: AbortSignal | undefined): Promise<unknown> {
    const { session } = this.#options;
    switch (name) {
      case 'json2_list_connections':
        return listConnections(session, input, signal);
      case 'json2_find_models':
        return findModels(session, input, signal);
      case 'json2_describe_model':
        return describeModel(session, input as { model: string }, signal);
      case 'json2_read_records':
        return readRecords(session, input as unknown as ReadRecordsInput, signal);
      case 'json2_call_method':
        return callMethod(session, input as unknown as CallMethodInput, signal);
      case 'json2_run_request':
        return runRequest(session, this.#options.workspaceRoot, input as unknown as RunRequestInput, signal);
      case 'json2_whoami':
        return whoami(session, input as { connection?: string }, signal);
      case 'json2_explain_answer':
        return explainAnswerTool(session, input as unknown as ExplainAnswerInput, signal);
    }
  }
}
