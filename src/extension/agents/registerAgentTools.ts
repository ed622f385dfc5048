// The agent tools as VS Code language-model tools: registered over the core's tools with the editor's connections and keys.
import * as vscode from 'vscode';
import type { AgentToolName } from '../../core/agentTools/agentToolDefinitions';
import type { AgentToolResult } from '../../core/agentTools/agentTools';
import { summarizeAgentCall } from '../../core/agentTools/callConfirmation';
import { isReadOnlyMethod } from '../../core/connections/readOnlyMethods';
import { escapeMarkdown } from '../../core/untrustedText/markdownEscape';
import { serverMarkdown } from '../serverMarkdown';
import type { ConnectionService } from '../connections/connectionService';
import type { SchemaServices } from '../schema/schemaServices';
import { agentToolSettings as settings } from './agentToolSettings';

const TOOL_NAMES: readonly AgentToolName[] = [
  'json2_list_connections',
  'json2_find_models',
  'json2_describe_model',
  'json2_read_records',
  'json2_call_method',
  'json2_run_request',
  'json2_whoami',
  'json2_explain_answer',
];

/**
 * The confirmation of a method call that may write: model, method, the records wherever the input names their ids
 * (`ids` or the arguments' `ids`), the arguments (the values to be written) and the context. The agent's text is
 * escaped: it may come from whatever the agent read.
 */
function callConfirmation(input: Record<string, unknown>, connection: string): vscode.PreparedToolInvocation {
  const call = summarizeAgentCall(input);
  const records =
    call.idsText === undefined
      ? vscode.l10n.t('a model-level call (no record ids)')
      : vscode.l10n.t('{0} record(s) (ids {1})', call.ids.length, call.idsText);
  const paragraphs = [
    escapeMarkdown(
      vscode.l10n.t(
        'The agent wants to call {0}.{1} on {2} through the connection "{3}". This method may change data.',
        call.model,
        call.method,
        records,
        connection,
      ),
    ),
    ...(call.argumentsText !== undefined
      ? [
          `${escapeMarkdown(vscode.l10n.t('Arguments (the values to be written):'), 'inline')} ${escapeMarkdown(call.argumentsText, 'code')}`,
        ]
      : []),
    ...(call.contextText !== undefined
      ? [`${escapeMarkdown(vscode.l10n.t('Context:'), 'inline')} ${escapeMarkdown(call.contextText, 'code')}`]
      : []),
  ];
  return {
    invocationMessage: vscode.l10n.t('Calling {0}.{1}', call.model, call.method),
    confirmationMessages: {
      title: vscode.l10n.t('Call {0}.{1}?', call.model, call.method),
      message: serverMarkdown(paragraphs.join('\n\n')),
    },
  };
}

/** The confirmation a tool asks before it runs: methods that may write, and request files (whose requests may write). */
function prepare(
  name: AgentToolName,
  input: Record<string, unknown>,
  allowWrites: boolean,
  connections: ConnectionService,
): vscode.PreparedToolInvocation {
  const saved = typeof input.connection === 'string' ? connections.find(input.connection) : connections.active();
  const connection =
    saved?.profile.name ?? (typeof input.connection === 'string' ? input.connection : vscode.l10n.t('the active connection'));
  // A read-only connection refuses such a call before sending it: there is nothing to confirm.
  if (
    name === 'json2_call_method' &&
    allowWrites &&
    typeof input.method === 'string' &&
    !isReadOnlyMethod(input.method) &&
    saved?.profile.readOnly !== true
  ) {
    return callConfirmation(input, connection);
  }
  if (name === 'json2_run_request' && allowWrites) {
    return {
      invocationMessage: vscode.l10n.t('Running {0} of {1}', String(input.name), String(input.file)),
      confirmationMessages: {
        title: vscode.l10n.t('Run the request {0}?', String(input.name)),
        message: serverMarkdown(
          escapeMarkdown(
            vscode.l10n.t(
              'The agent wants to run the request {0} of {1} (and the named requests it uses); a request may change data.',
              String(input.name),
              String(input.file),
            ),
          ),
        ),
      },
    };
  }
  return { invocationMessage: vscode.l10n.t('JSON-2: {0}', name) };
}

/**
 * Registers the tools while the workspace is trusted and `json2.agentTools.enabled` is on (none otherwise), and again
 * when either changes. Each call opens the connections it needs with their keys from the secret storage, through the
 * same guards as everything else; writes need `json2.agentTools.allowWrites` in the user's settings and a confirmation.
 */
export function registerAgentTools(
  connections: ConnectionService,
  schemaServices: SchemaServices,
  log: vscode.LogOutputChannel,
): vscode.Disposable {
  let registered: vscode.Disposable[] = [];
  const refresh = (): void => {
    for (const registration of registered) registration.dispose();
    registered = [];
    if (!vscode.workspace.isTrusted || !settings().enabled || typeof vscode.lm?.registerTool !== 'function') return;
    registered = TOOL_NAMES.map((name) =>
      vscode.lm.registerTool<Record<string, unknown>>(name, {
        prepareInvocation: (options) => prepare(name, options.input, settings().allowWrites, connections),
        invoke: async (options, token) => {
          const result = await invokeTool({ connections, schemaServices, log }, name, options.input, token);
          return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.text)]);
        },
      }),
    );
  };
  refresh();
  return vscode.Disposable.from(
    vscode.workspace.onDidGrantWorkspaceTrust(refresh),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('json2.agentTools')) refresh();
    }),
    {
      dispose: () => {
        for (const registration of registered) registration.dispose();
      },
    },
  );
}

/** One call: a session over the editor's connections (keys from the secret storage) and shared schemas, closed afterwards. */
async function invokeTool(
  { connections, schemaServices, log }: { connections: ConnectionService; schemaServices: SchemaServices; log: vscode.LogOutputChannel },
  name: AgentToolName,
  input: unknown,
  token: vscode.CancellationToken,
): Promise<AgentToolResult> {
  // Loaded on first use: the tools and their clients stay out of the editor's start-up.
  const [{ AgentSession }, { AgentTools }] = await Promise.all([
    import('../../core/agentTools/agentSession.js'),
    import('../../core/agentTools/agentTools.js'),
  ]);
  const session = new AgentSession({
    source: {
      list: () => Promise.resolve(connections.list().map((saved) => saved.profile)),
      open: (connection) => connections.withSecret(connection),
    },
    // The explorer's and completion's schema services: one cache, one refresh for all of them.
    schemas: (connection) => schemaServices.service(connection),
    allowWrites: settings().allowWrites,
    allowWritesHint: vscode.l10n.t('A person can allow writes with the user setting json2.agentTools.allowWrites.'),
    confirm: async (question) => {
      const send = vscode.l10n.t('Send');
      return (await vscode.window.showWarningMessage(question.message, { modal: true }, send)) === send;
    },
  });
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const tools = new AgentTools({
    session,
    workspaceRoot: folder?.scheme === 'file' ? folder.fsPath : '',
    ...(folder?.scheme === 'file' ? {} : { exclude: ['json2_run_request'] as const }),
    log: (line) => log.info(`agent tool ${line}`),
  });
  const aborter = new AbortController();
  const cancelled = token.onCancellationRequested(() => aborter.abort());
  try {
    return await tools.invoke(name, input, aborter.signal);
  } finally {
    cancelled.dispose();
    await session.close();
  }
}
